import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * A side drawer (the spec's statement and ledger drawers): slides in from the end side (right in
 * English, left in Arabic), full height, title and close button fixed at the top, body scrolling.
 * headlessui's Dialog gives the focus trap, Escape to close and the label from the title.
 */
export function Drawer({
  open,
  onClose,
  title,
  subtitle,
  children,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Buttons in the header beside the close button (downloads). */
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[90]">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <DialogPanel
        data-drawer=""
        className="fixed inset-y-0 end-0 flex w-full max-w-3xl flex-col bg-white shadow-xl dark:bg-slate-900"
      >
        <div className="flex shrink-0 flex-wrap items-start gap-3 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
          <div className="min-w-0 flex-1">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            {subtitle && <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</div>}
          </div>
          {actions}
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-4">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}

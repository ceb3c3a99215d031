import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * The dialogs and the error panel every page uses, defined once (headlessui: focus trap, Escape
 * closes, labelled by the title).
 */
const WIDTH = { normal: 'max-w-md', wide: 'max-w-3xl', extraWide: 'max-w-4xl' } as const;

export function Modal({ open, onClose, title, children, wide = false }: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** true: forms with two columns; 'extra': the longest forms (customer with ID scan). */
  wide?: boolean | 'extra';
}) {
  const width = wide === 'extra' ? WIDTH.extraWide : wide ? WIDTH.wide : WIDTH.normal;
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[90]">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className={`w-full ${width} rounded-ui-lg bg-white p-6 shadow-xl dark:bg-slate-900`}>
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * Asks before a destructive action. While `pending` it cannot be dismissed and both buttons are
 * disabled. `cancelLabel` exists for pages where "Cancel" would be ambiguous (cancelling a rental).
 */
export function ConfirmDialog({
  open, title, body, confirmLabel, cancelLabel, pending, onConfirm, onClose, children,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={title}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{body}</p>
      {children}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>{cancelLabel ?? t('common.cancel')}</button>
        <button type="button" className="btn-primary bg-red-700" onClick={onConfirm} disabled={pending}>{confirmLabel}</button>
      </div>
    </Modal>
  );
}

/** A failed load, with a way to try again. */
export function ErrorPanel({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="card text-center">
      <p className="font-medium text-red-800 dark:text-red-300">{title}</p>
      {onRetry && <button type="button" className="btn-secondary mt-4" onClick={onRetry}>{t('common.retry')}</button>}
    </div>
  );
}

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * The dialogs and the error panel every page uses, defined once (headlessui: focus trap, Escape
 * closes, labelled by the title).
 */
const WIDTH = { normal: 'max-w-md', wide: 'max-w-3xl', extraWide: 'max-w-4xl' } as const;

/**
 * The row of buttons at the end of a dialog. It sticks to the bottom of the dialog's scrolling
 * body, so Save/Cancel stay on screen however long the form is. `-bottom-6` cancels the body's
 * bottom padding (sticky offsets count from inside it), so nothing scrolls past below the row.
 */
const ACTIONS_ROW =
  'sticky -bottom-6 z-10 -mx-6 mt-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3 dark:border-slate-800 dark:bg-slate-900';

/**
 * A form's own last row of buttons gets the same treatment without each form knowing it is in a
 * dialog: the last `div` holding buttons, directly in the body or at the end of a `form`.
 */
const STICKY_FORM_ACTIONS = [
  '[&>div:last-child:has(>button)]:sticky [&_form>div:last-child:has(>button)]:sticky',
  '[&>div:last-child:has(>button)]:-bottom-6 [&_form>div:last-child:has(>button)]:-bottom-6',
  '[&>div:last-child:has(>button)]:z-10 [&_form>div:last-child:has(>button)]:z-10',
  '[&>div:last-child:has(>button)]:-mx-6 [&_form>div:last-child:has(>button)]:-mx-6',
  '[&>div:last-child:has(>button)]:px-6 [&_form>div:last-child:has(>button)]:px-6',
  '[&>div:last-child:has(>button)]:py-3 [&_form>div:last-child:has(>button)]:py-3',
  '[&>div:last-child:has(>button)]:bg-white [&_form>div:last-child:has(>button)]:bg-white',
  'dark:[&>div:last-child:has(>button)]:bg-slate-900 dark:[&_form>div:last-child:has(>button)]:bg-slate-900',
].join(' ');

/**
 * The dialog fits the viewport whatever its content: the panel is at most the screen's height
 * (dvh: the phone's visible height, not behind its toolbars), the title stays at the top and
 * only the body scrolls. (Centering a panel taller than the screen in a scrolling overlay put
 * its top above the screen, where it could not be scrolled to.)
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
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
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel
          data-dialog-panel=""
          className={`flex max-h-[calc(100dvh-1rem)] w-full ${width} flex-col overflow-hidden rounded-ui-lg bg-white shadow-xl sm:max-h-[calc(100dvh-2rem)] dark:bg-slate-900`}
        >
          <DialogTitle className="shrink-0 border-b border-slate-200 px-6 py-4 text-lg font-semibold dark:border-slate-800">
            {title}
          </DialogTitle>
          <div
            data-dialog-body=""
            className={`min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 pb-6 pt-4 ${STICKY_FORM_ACTIONS}`}
          >
            {children}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** Buttons at the end of a dialog (see ACTIONS_ROW). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={ACTIONS_ROW}>{children}</div>;
}

/**
 * Asks before a destructive action. While `pending` it cannot be dismissed and both buttons are
 * disabled. `cancelLabel` exists for pages where "Cancel" would be ambiguous (cancelling a rental).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
  onClose,
  children,
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
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button type="button" className="btn-primary bg-red-700" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </DialogActions>
    </Modal>
  );
}

/** A failed load, with a way to try again. */
export function ErrorPanel({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="card text-center">
      <p className="font-medium text-red-800 dark:text-red-300">{title}</p>
      {onRetry && (
        <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

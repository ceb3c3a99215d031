import { useId, type ReactNode } from 'react';
import type { RentalStatus } from '../../../../shared/schemas/rentals';
import { useT } from '../../i18n';
export { Modal, ErrorPanel } from '../../components/Dialogs';
import { ConfirmDialog as SharedConfirmDialog } from '../../components/Dialogs';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

const STATUS_STYLE: Record<RentalStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  active: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  overdue: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  archived: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
};
const CLOSED_STYLE = 'bg-slate-700 text-white dark:bg-slate-200 dark:text-slate-900';

/** Status pill; a completed rental that was closed reads "Closed" (the API keeps status 'completed' and sets closedAt). */
export function RentalStatusBadge({ status, closedAt }: { status: RentalStatus; closedAt?: string | null }) {
  const t = useT();
  if (status === 'completed' && closedAt) {
    return <span className={`${pill} ${CLOSED_STYLE}`} data-status="completed" data-closed="true">{t('rentals.status.closed')}</span>;
  }
  return <span className={`${pill} ${STATUS_STYLE[status]}`} data-status={status}>{t(`rentals.status.${status}`)}</span>;
}

const BALANCE_STYLE = {
  due: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  credit: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  settled: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
} as const;

export function BalanceBadge({ state }: { state: keyof typeof BALANCE_STYLE }) {
  const t = useT();
  return <span className={`${pill} ${BALANCE_STYLE[state]}`} data-balance-state={state}>{t(`rentals.balanceState.${state}`)}</span>;
}




/** A labelled field with its error (aria-describedby, aria-invalid). */
export function Field({ label, error, children, className = '' }: { label: string; error?: string; className?: string; children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true, 'aria-describedby': errId } : {}) })}
      {error && <p id={errId} className="field-error">{error}</p>}
    </div>
  );
}

export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="card" data-testid={testId}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

/** The shared confirmation, with "Go back" instead of "Cancel" (the action itself may be cancelling a rental). */
export function ConfirmDialog(props: Omit<Parameters<typeof SharedConfirmDialog>[0], 'cancelLabel'> & { cancelLabel?: string }) {
  const t = useT();
  return <SharedConfirmDialog {...props} cancelLabel={props.cancelLabel ?? t('rentals.actions.cancelDialog')} />;
}

import type { ReactNode } from 'react';
import type { RentalStatus } from '../../../../shared/schemas/rentals';
import type { BalanceState } from '../../../../shared/schemas/rentals-responses';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { useT } from '../../i18n';
export { Modal, ErrorPanel } from '../../components/Dialogs';
import { ConfirmDialog as SharedConfirmDialog } from '../../components/Dialogs';

/** Rentals' pills on the kit's StatusPill: the rental status (Closed once closed) and the balance state. */
const STATUS_TONES: Record<RentalStatus, Tone> = {
  pending: 'amber',
  active: 'blue',
  completed: 'green',
  cancelled: 'slate',
  overdue: 'red',
  archived: 'muted',
};
const BALANCE_TONES: Record<BalanceState, Tone> = { due: 'red', credit: 'violet', settled: 'green' };

/** A completed rental that was closed reads "Closed" (the API keeps status 'completed' and sets closedAt). */
export function RentalStatusBadge({ status, closedAt }: { status: RentalStatus; closedAt?: string | null }) {
  const t = useT();
  if (status === 'completed' && closedAt) {
    return (
      <span data-closed="true" className="contents">
        <StatusPill status="completed" label={t('rentals.status.closed')} tone="indigo" />
      </span>
    );
  }
  return <StatusPill status={status} labelKey="rentals.status" tones={STATUS_TONES} />;
}

export function BalanceBadge({ state }: { state: BalanceState }) {
  return <StatusPill status={state} labelKey="rentals.balanceState" tones={BALANCE_TONES} dataName="balance-state" />;
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
export function ConfirmDialog(
  props: Omit<Parameters<typeof SharedConfirmDialog>[0], 'cancelLabel'> & { cancelLabel?: string },
) {
  const t = useT();
  return <SharedConfirmDialog {...props} cancelLabel={props.cancelLabel ?? t('rentals.actions.cancelDialog')} />;
}

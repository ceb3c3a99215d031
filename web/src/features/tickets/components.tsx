/** Dialogs shared by the tickets and Salik pages: resolve by hand, recharge, change history. */
import { useState } from 'react';
import useSWR from 'swr';
import { DialogActions, Modal } from '../../components/Dialogs';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useDateTime } from '../../lib/company-clock';
import { MATCH_GRACE_MINUTES, rentalWindowOf, windowCovers, type RentalTimes } from '../../../../shared/tickets/rules';
import { ticketsApi, type TicketHistory } from './tickets-api';
import { apiPath } from '../../lib/api-client';

interface RentalOption extends RentalTimes {
  id: string;
  referenceNumber: string;
  customerName: string;
  vehicleId: string;
}

/**
 * Matching by hand: the rentals of this vehicle (search by plate) whose window covers the fine's
 * or the passage's time `at` (the API's own rule, shared/tickets/rules.ts: pickup → return + grace,
 * open while on hire), newest first, or "on no rental". `onChoose(null)` confirms no rental.
 */
export function ResolveDialog({
  record,
  onClose,
  onChoose,
}: {
  record: { licensePlate: string; vehicleId: string | null; rentalId: string | null; at: string } | null;
  onClose: () => void;
  onChoose: (rentalId: string | null) => Promise<void>;
}) {
  const t = useT();
  const when = useDateTime();
  const [choice, setChoice] = useState<string>('');
  const [pending, setPending] = useState(false);
  const q = record ? encodeURIComponent(record.licensePlate) : '';
  const rentals = useSWR<{ items: RentalOption[] } | null>(record ? `${apiPath('listRentals')}?q=${q}&limit=50` : null);
  const options = (rentals.data?.items ?? []).flatMap((r) => {
    const window = rentalWindowOf(r.id, r);
    return record &&
      (!record.vehicleId || r.vehicleId === record.vehicleId) &&
      window &&
      windowCovers(window, record.at)
      ? [{ ...r, window }]
      : [];
  });
  const save = async () => {
    setPending(true);
    try {
      await onChoose(choice === 'none' ? null : choice);
      setChoice('');
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal open={!!record} onClose={pending ? () => {} : onClose} title={t('tickets.resolveTitle')} wide>
      {record && (
        <fieldset>
          <legend className="mb-2 text-sm text-slate-700 dark:text-slate-200">
            {t('tickets.resolveBody', { plate: record.licensePlate, at: when(record.at), grace: MATCH_GRACE_MINUTES })}
          </legend>
          {rentals.isLoading && <p className="text-sm">{t('tickets.resolveLoading')}</p>}
          {rentals.data && options.length === 0 && (
            <p className="mb-2 text-sm" data-testid="resolve-no-fit">
              {t('tickets.resolveNoFit')}
            </p>
          )}
          <ul className="max-h-72 space-y-1 overflow-auto">
            {options.map((r) => (
              <li key={r.id}>
                <label className="flex items-center gap-2 rounded-ui px-2 py-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="radio"
                    name="resolve-rental"
                    value={r.id}
                    checked={choice === r.id}
                    onChange={() => setChoice(r.id)}
                  />
                  <span className="font-medium">{r.referenceNumber}</span>
                  <span className="text-sm">{r.customerName}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    {when(r.window.start)} – {r.window.end ? when(r.window.end) : t('tickets.onHire')}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="flex items-center gap-2 rounded-ui px-2 py-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                <input
                  type="radio"
                  name="resolve-rental"
                  value="none"
                  checked={choice === 'none'}
                  onChange={() => setChoice('none')}
                />
                <span className="text-sm">{t('tickets.resolveNone')}</span>
              </label>
            </li>
          </ul>
        </fieldset>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn-primary" onClick={() => void save()} disabled={pending || !choice}>
          {t('tickets.resolve')}
        </button>
      </DialogActions>
    </Modal>
  );
}

/** Asks before posting money to a rental. */
export function ConfirmMoney({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const go = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={title}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{body}</p>
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn-primary" onClick={() => void go()} disabled={pending}>
          {confirmLabel}
        </button>
      </DialogActions>
    </Modal>
  );
}

/** The ticket's change history as a timeline (field, old → new, who, when, reason). */
export function HistoryTimeline({ ticketId, version }: { ticketId: string; version: number }) {
  const t = useT();
  const when = useDateTime();
  const { data, error } = useSWR<{ items: TicketHistory[] } | null>([
    apiPath('trafficTicketHistory', { id: ticketId }),
    version,
  ]);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('tickets.loadFailed')}
      </p>
    );
  const rows = data?.items ?? [];
  const fieldName = (f: string) => t(`tickets.historyFields.${f}`);
  const value = (f: string, v: string | null) =>
    v === null || v === '' ? '—' : f === 'status' ? t(`tickets.status.${v}`) : v;
  return (
    <section aria-label={t('tickets.historyTitle')}>
      <h3 className="mb-2 font-semibold">{t('tickets.historyTitle')}</h3>
      {rows.length === 0 ? (
        <p className="text-sm">{t('tickets.historyEmpty')}</p>
      ) : (
        <ol
          className="relative space-y-3 border-s border-slate-200 ps-4 dark:border-slate-700"
          data-testid="ticket-history"
        >
          {rows.map((h) => (
            <li key={h.id} data-field={h.fieldChanged}>
              <span className="absolute -start-1.5 mt-1.5 h-3 w-3 rounded-full bg-primary" aria-hidden="true" />
              <p className="text-sm font-medium">
                {h.fieldChanged === 'created'
                  ? t('tickets.historyCreated', { value: h.newValue ?? '' })
                  : t('tickets.historyRow', {
                      field: fieldName(h.fieldChanged),
                      from: value(h.fieldChanged, h.oldValue),
                      to: value(h.fieldChanged, h.newValue),
                    })}
              </p>
              {h.reason && <p className="text-sm text-slate-700 dark:text-slate-200">{h.reason}</p>}
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {t('tickets.historyBy', { who: h.changedBy, when: when(h.at) })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function useResolver(
  update: (id: string, body: { version: number; rentalId: string | null }) => Promise<unknown>,
  after: () => void,
) {
  const t = useT();
  return async (rec: { id: string; version: number }, rentalId: string | null) => {
    try {
      await update(rec.id, { version: rec.version, rentalId });
      toast({ variant: 'success', title: t('tickets.resolved') });
      after();
    } catch (error) {
      toastApiError(t('tickets.resolveFailed'), error);
      throw error;
    }
  };
}

/** Recharging a rental's tolls: `ask({rentalId, rentalReference})` opens the confirmation; render `dialog`. */
export function useTollRecharge(after: () => void) {
  const t = useT();
  const [target, setTarget] = useState<{ rentalId: string; rentalReference: string } | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      const res = await ticketsApi.rechargeTolls(target.rentalId);
      toast({
        variant: 'success',
        title: t('tickets.tollsRecharged', { count: res.recharged }),
        description: target.rentalReference,
      });
      setTarget(null);
      after();
    } catch (error) {
      toastApiError(t('tickets.rechargeFailed'), error);
    }
  };
  const dialog = (
    <ConfirmMoney
      open={!!target}
      title={t('tickets.rechargeTollsTitle')}
      confirmLabel={t('tickets.rechargeTolls')}
      onClose={() => setTarget(null)}
      onConfirm={confirm}
      body={t('tickets.rechargeTollsBody', { rental: target?.rentalReference ?? '' })}
    />
  );
  return { ask: setTarget, dialog };
}

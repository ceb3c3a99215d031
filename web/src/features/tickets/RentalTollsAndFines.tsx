/**
 * On the rental page (issue 13): the rental's Salik passages and traffic fines so far (the
 * rental's salikCharges and totalTrafficFines are what has been charged), with recharge.
 */
import useSWR from 'swr';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { useDateTime } from '../../lib/company-clock';
import { useTollRecharge } from './components';
import { MATCH_TONES, SALIK_PATH, STATUS_TONES, TICKETS_PATH, type SalikCharge, type Ticket } from './tickets-api';
import { fromMinor, roundToMinor, sumMinor } from '../../../../shared/money';

export function RentalTollsAndFines({
  rental,
  onChanged,
}: {
  rental: { id: string; referenceNumber: string; salikCharges?: number | null; totalTrafficFines?: number | null };
  onChanged: () => void;
}) {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const salik = useSWR<{ items: SalikCharge[] } | null>(`${SALIK_PATH}?rentalId=${rental.id}&limit=100`);
  const fines = useSWR<{ items: Ticket[] } | null>(`${TICKETS_PATH}?rentalId=${rental.id}&limit=100`);
  const tolls = useTollRecharge(() => {
    void salik.mutate();
    onChanged();
  });
  const passages = salik.data?.items ?? [];
  const tickets = fines.data?.items ?? [];
  const open = passages.filter((p) => !p.rechargedAt);
  const sum = (xs: { amount: number }[]) => fromMinor(sumMinor(xs.map((x) => roundToMinor(x.amount))));
  return (
    <section className="card" aria-labelledby="rental-tolls-title" data-testid="rental-tolls">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="rental-tolls-title" className="font-semibold">
          {t('tickets.rentalTolls')}
        </h2>
        {open.length > 0 && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => tolls.ask({ rentalId: rental.id, rentalReference: rental.referenceNumber })}
          >
            {t('tickets.rechargeTolls')}
          </button>
        )}
      </div>
      <p className="text-sm" data-testid="rental-salik-total">
        {t('tickets.rentalSalikTotal', { amount: money(sum(passages)), count: passages.length })}
      </p>
      <p className="mb-2 text-sm" data-testid="rental-fines-total">
        {t('tickets.rentalFinesTotal', { amount: money(sum(tickets)) })}
      </p>
      {passages.length === 0 && tickets.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('tickets.rentalTollsEmpty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {passages.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 py-1" data-salik-id={p.id}>
              <span>{when(p.tollTime)}</span>
              <span>{p.gateLocation}</span>
              <span className="font-medium">{money(p.amount)}</span>
              {p.rechargedAt ? (
                <StatusPill status="recharged" labelKey="tickets.status" tones={STATUS_TONES} />
              ) : (
                <StatusPill status={p.matchState} labelKey="tickets.match" tones={MATCH_TONES} dataName="match" />
              )}
            </li>
          ))}
          {tickets.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-2 py-1" data-ticket-id={k.id}>
              <span>{when(k.violationDate)}</span>
              <span className="font-mono" dir="ltr">
                {k.ticketNumber}
              </span>
              <span>{k.violationType}</span>
              <span className="font-medium">{money(k.amount)}</span>
              <StatusPill status={k.status} labelKey="tickets.status" tones={STATUS_TONES} />
            </li>
          ))}
        </ul>
      )}
      {tolls.dialog}
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import type { FleetCalendarApi } from '../../../../shared/schemas/vehicles';
import { TableSkeleton } from '../../components/Skeletons';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { ErrorPanel } from './components';
import { apiUrl } from '../../lib/api-client';

/**
 * Calendar view: vehicles × days (14 days from the chosen week), from the vehicles domain's
 * GET /api/v1/calendar/fleet. A cell is coloured when a rental or maintenance block covers any
 * part of that local day; rental cells link to the rental.
 */
const DAYS = 14;
const DAY_MS = 86_400_000;

const dateKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const BLOCK_STYLE: Record<string, string> = {
  pending: 'bg-amber-300 dark:bg-amber-700',
  active: 'bg-blue-400 dark:bg-blue-700',
  overdue: 'bg-red-400 dark:bg-red-700',
  completed: 'bg-emerald-300 dark:bg-emerald-800',
  maintenance: 'bg-slate-400 dark:bg-slate-600',
};

export function FleetCalendar() {
  const t = useT();
  const { language } = useLanguage();
  const [from, setFrom] = useState(() => {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    return d;
  });
  const days = Array.from({ length: DAYS }, (_, i) => new Date(from.getTime() + i * DAY_MS));
  const start = dateKey(days[0]);
  const end = dateKey(days[DAYS - 1]);
  const cal = useSWR<FleetCalendarApi | null>(apiUrl('fleetCalendar', { query: { start, end } }));
  const fmt = useFormat();

  const shift = (n: number) => setFrom((d) => new Date(d.getTime() + n * 7 * DAY_MS));

  return (
    <section aria-label={t('rentals.calendarView')}>
      <div className="mb-3 flex gap-2">
        <button type="button" className="btn-secondary" onClick={() => shift(-1)}>
          {t('rentals.calendar.previous')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            const d = new Date();
            d.setHours(0, 0, 0, 0);
            setFrom(d);
          }}
        >
          {t('rentals.calendar.today')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => shift(1)}>
          {t('rentals.calendar.next')}
        </button>
      </div>
      {!cal.data && !cal.error ? (
        <TableSkeleton rows={6} columns={8} />
      ) : cal.error ? (
        <ErrorPanel title={t('rentals.loadFailed')} onRetry={() => void cal.mutate()} />
      ) : !cal.data?.vehicles.length ? (
        <p className="card text-center">{t('rentals.calendar.empty')}</p>
      ) : (
        // Not a ListTable: a vehicles × days grid (sticky vehicle column, day blocks), not a list of records.
        <div className="overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full text-xs" data-testid="fleet-calendar">
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th scope="col" className="sticky start-0 bg-slate-50 px-2 py-2 text-start dark:bg-slate-900">
                  {t('rentals.calendar.vehicle')}
                </th>
                {days.map((d) => (
                  <th key={d.toISOString()} scope="col" className="px-1 py-2 font-medium whitespace-nowrap">
                    {fmt.weekdayDay(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {cal.data.vehicles.map((v) => (
                <tr key={v.id}>
                  <th
                    scope="row"
                    className="sticky start-0 bg-white px-2 py-1 text-start font-normal whitespace-nowrap dark:bg-slate-950"
                  >
                    {v.make} {v.model} <span className="text-slate-500">{v.licensePlate}</span>
                  </th>
                  {days.map((d) => {
                    const dayStart = d.getTime();
                    const dayEnd = dayStart + DAY_MS;
                    const block = v.blocks.find(
                      (b) =>
                        Date.parse(b.start) < dayEnd &&
                        (b.end === null || Date.parse(b.end) > dayStart) &&
                        b.status !== 'cancelled',
                    );
                    if (!block)
                      return (
                        <td key={dayStart} className="h-7 min-w-9 border-s border-slate-100 dark:border-slate-800" />
                      );
                    const style =
                      BLOCK_STYLE[block.kind === 'maintenance' ? 'maintenance' : block.status] ?? BLOCK_STYLE.active;
                    const title = `${block.label ?? (block.kind === 'maintenance' ? t('rentals.calendar.maintenance') : '')} · ${block.kind === 'rental' ? t(`rentals.status.${block.status}`) : t('rentals.calendar.maintenance')}`;
                    return (
                      <td
                        key={dayStart}
                        className={`h-7 min-w-9 border-s border-white p-0 dark:border-slate-900 ${style}`}
                        title={title}
                      >
                        {block.kind === 'rental' ? (
                          <Link to={`/rentals/${block.refId}`} className="block h-full w-full" aria-label={title} />
                        ) : (
                          <span className="sr-only">{title}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

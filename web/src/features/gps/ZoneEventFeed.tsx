/**
 * The event feed: the latest zone entries, exits and speeding, each with its vehicle, zone or
 * speed, the company-clock time and, during a rental, a link to that rental.
 */
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useDateTime } from '../../lib/company-clock';
import type { ZoneEventApi } from './gps-api';

export function ZoneEventFeed({ events }: { events: ZoneEventApi[] | undefined }) {
  const t = useT();
  const when = useDateTime();
  return (
    <section
      className="card max-h-[40rem] overflow-y-auto"
      tabIndex={0}
      aria-labelledby="gps-events-title"
      data-testid="gps-events"
    >
      <h2 id="gps-events-title" className="mb-2 font-semibold">
        {t('gps.events')}
      </h2>
      {(events?.length ?? 0) === 0 && <p className="text-sm">{t('gps.noEvents')}</p>}
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {events?.map((e) => (
          <li key={e.id} className="py-2" data-event-kind={e.kind} data-vehicle-id={e.vehicleId}>
            <div className="flex flex-wrap gap-2">
              <span
                className={`rounded px-1.5 text-xs font-medium ${e.kind === 'speeding' ? 'bg-red-100 text-red-900' : e.kind === 'entry' ? 'bg-blue-100 text-blue-900' : 'bg-amber-100 text-amber-900'}`}
              >
                {t(`gps.kind.${e.kind}`)}
              </span>
              <span className="font-medium">{e.vehicleLabel}</span>
              <span>
                {e.kind === 'speeding'
                  ? t('gps.speedingLine', { max: Math.round(e.maxSpeedKmh ?? e.speed), limit: e.limitKmh ?? '' })
                  : `${e.fenceName ?? ''}${e.fenceType ? ` (${t(`gps.type.${e.fenceType}`)})` : ''}`}
              </span>
            </div>
            <div className="text-xs text-slate-600 dark:text-slate-300">
              {when(e.at)}
              {e.rentalId ? (
                <>
                  {' '}
                  ·{' '}
                  <Link className="hover:underline" to={`/rentals/${e.rentalId}`}>
                    {t('gps.onRental', { reference: e.rentalReference ?? '', customer: e.customerName ?? '' })}
                  </Link>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

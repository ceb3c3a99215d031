/**
 * The stops between a rental's trips (issue 27: "the rental page shows stops beside trips"): where
 * the car stood still long enough to count as parked (shared/gps/trips.ts, Traccar's model), from
 * the same GET /api/v1/gps/trips?rentalId= answer as the trips. Each stop shows when, how long and
 * where (coordinates, opening the spot on the company's map page is not needed for a dispute).
 */
import { useT } from '../../i18n';
import { useDateTime } from '../../lib/company-clock';
import type { TripsApi } from './gps-api';

export function RentalStops({ stops }: { stops: TripsApi['stops'] }) {
  const t = useT();
  const when = useDateTime();
  if (stops.length === 0) return null;
  const duration = (s: number) => {
    const min = Math.round(s / 60);
    return min < 60
      ? t('gps.stops.minutes', { n: min })
      : t('gps.stops.hours', { h: Math.floor(min / 60), m: min % 60 });
  };
  return (
    <>
      <h3 className="mt-3 text-sm font-semibold">{t('gps.stops.title')}</h3>
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="evidence-stops">
        {stops.map((s) => (
          <li key={s.startAt} className="py-1" data-stop-at={s.startAt}>
            {t('gps.stops.line', { from: when(s.startAt), to: when(s.endAt), duration: duration(s.durationSeconds) })}
            <span className="block text-xs text-slate-500">
              <span dir="ltr">
                {s.lat.toFixed(5)}, {s.lon.toFixed(5)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

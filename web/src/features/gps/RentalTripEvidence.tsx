/**
 * On the rental page (issue 14): the rental's trip evidence for disputes — km driven by GPS vs
 * the odometer readings and the km allowance, the trips (Traccar model), speeding events and
 * geofence exits during the rental. No map here (the rental page never loads maplibre).
 */
import useSWR from 'swr';
import { DirectionArrow } from '../../components/DirectionArrow';
import { useT } from '../../i18n';
import { useDateTime } from '../../lib/company-clock';
import { TRIPS_PATH, type TripsApi } from './gps-api';
import { RentalStops } from './RentalStops';

export function RentalTripEvidence({ rentalId }: { rentalId: string }) {
  const t = useT();
  const when = useDateTime();
  const { data } = useSWR<TripsApi>(`${TRIPS_PATH}?rentalId=${encodeURIComponent(rentalId)}`);
  if (!data?.rental) return null;
  const r = data.rental;
  const over = r.kmAllowance !== null ? Math.round(Math.max(r.odometerKm ?? 0, data.distanceKm) - r.kmAllowance) : 0;
  const km = (n: number | null) => (n === null ? '—' : t('gps.evidence.km', { km: Math.round(n * 10) / 10 }));
  const stat = (label: string, value: string, testId: string) => (
    <div className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="card" aria-labelledby="rental-gps-title" data-testid="rental-trip-evidence">
      <h2 id="rental-gps-title" className="mb-3 font-semibold">
        {t('gps.evidence.title')}
      </h2>
      {data.trips.length === 0 && r.events.length === 0 ? <p className="text-sm">{t('gps.evidence.none')}</p> : null}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {stat(t('gps.evidence.gpsKm'), km(data.distanceKm), 'evidence-gps-km')}
        {stat(
          t('gps.evidence.odometerKm'),
          r.odometerKm === null ? t('gps.evidence.notReturned') : km(r.odometerKm),
          'evidence-odometer-km',
        )}
        {stat(
          t('gps.evidence.allowance'),
          r.kmAllowance === null ? t('gps.evidence.unlimited') : km(r.kmAllowance),
          'evidence-allowance',
        )}
        {stat(t('gps.evidence.speeding'), String(r.speedingCount), 'evidence-speeding')}
        {stat(t('gps.evidence.exits'), String(r.geofenceExits), 'evidence-exits')}
      </dl>
      {over > 0 && (
        <p className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
          {t('gps.evidence.overAllowance', { km: over })}
        </p>
      )}
      {data.trips.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">{t('gps.evidence.trips')}</h3>
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {data.trips.map((trip) => (
              <li key={trip.startAt} className="py-1">
                {t('gps.evidence.trip', {
                  from: when(trip.startAt),
                  to: when(trip.endAt),
                  km: trip.distanceKm,
                  minutes: Math.round(trip.durationSeconds / 60),
                  max: trip.maxSpeedKmh,
                  avg: trip.averageSpeedKmh,
                })}
                <span className="block text-xs text-slate-500">
                  <span dir="ltr">
                    {trip.startLat.toFixed(5)}, {trip.startLon.toFixed(5)}
                  </span>{' '}
                  <DirectionArrow direction="forward" />{' '}
                  <span dir="ltr">
                    {trip.endLat.toFixed(5)}, {trip.endLon.toFixed(5)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <RentalStops stops={data.stops} />
      {r.events.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="evidence-events">
          {r.events.map((e) => (
            <li key={e.id} className="py-1">
              <span className="font-medium">{t(`gps.kind.${e.kind}`)}</span>{' '}
              {e.kind === 'speeding'
                ? t('gps.speedingLine', { max: Math.round(e.maxSpeedKmh ?? e.speed), limit: e.limitKmh ?? '' })
                : e.fenceName}{' '}
              · {when(e.at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

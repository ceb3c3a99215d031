/**
 * Under the map: the selected vehicle's trail for a period (points, distance, top speed) and the
 * legend of the speed colours the map draws it in.
 */
import { pathKm } from '../../../../shared/gps/trips';
import { FilterSelect } from '../../components/FilterSelect';
import { useT } from '../../i18n';
import type { LiveVehicleApi, PositionApi } from './gps-api';
import { PERIODS, type Period, type VehicleTrail } from './use-vehicle-trail';

/** Kilometres to one decimal: the summary is read at a glance. */
const distanceKm = (pts: PositionApi[]): number => Math.round(pathKm(pts) * 10) / 10;

export function TrailPanel({ trail, vehicles }: { trail: VehicleTrail; vehicles: LiveVehicleApi[] }) {
  const t = useT();
  const current = trail.trail;
  if (!current) return null;
  const { points } = trail;
  const vehicle = vehicles.find((v) => v.vehicleId === current.vehicleId);
  return (
    <section className="card" aria-labelledby="gps-trail-title" data-testid="gps-trail">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="gps-trail-title" className="font-semibold">
          {t('gps.trailTitle', {
            vehicle: vehicle ? `${vehicle.label} · ${vehicle.licensePlate}` : '',
          })}
        </h2>
        <FilterSelect
          id="gps-period"
          label={t('gps.trailPeriod')}
          value={current.period}
          onChange={(p) => trail.showTrail(current.vehicleId, (p || '24h') as Period)}
          options={(Object.keys(PERIODS) as Period[]).map((p) => [p, t(`gps.period.${p}`)] as [string, string])}
        />
        <button type="button" className="btn-secondary ms-auto" onClick={trail.closeTrail}>
          {t('gps.closeTrail')}
        </button>
      </div>
      <p className="mt-2 text-sm">
        {points.length
          ? t('gps.trailSummary', {
              count: points.length,
              km: distanceKm(points),
              max: Math.round(Math.max(...points.map((p) => p.speed))),
            })
          : t('gps.trailEmpty')}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('gps.speedLegend')}</p>
    </section>
  );
}

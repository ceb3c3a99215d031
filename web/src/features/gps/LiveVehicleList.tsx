/**
 * The list beside the map: each shown vehicle's status, speed, last fix and battery, with its
 * tracker dialog and its trail. "Show trail" waits for a first position (nothing to draw before).
 */
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { STATUS_COLORS, ageText, type LiveVehicleApi } from './gps-api';

export function LiveVehicleList({
  vehicles,
  selectedId,
  onTracker,
  onShowTrail,
}: {
  vehicles: LiveVehicleApi[];
  selectedId: string | null;
  onTracker: (vehicle: LiveVehicleApi) => void;
  onShowTrail: (vehicleId: string) => void;
}) {
  const t = useT();
  return (
    <section className="card max-h-[34rem] overflow-y-auto" tabIndex={0} aria-labelledby="gps-vehicles-title">
      <h2 id="gps-vehicles-title" className="mb-2 font-semibold">
        {t('gps.vehicles')}
      </h2>
      {vehicles.length === 0 && <p className="text-sm">{t('gps.noVehicles')}</p>}
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="gps-vehicle-list">
        {vehicles.map((v) => (
          <li
            key={v.vehicleId}
            className={`flex items-center gap-2 py-2 ${selectedId === v.vehicleId ? 'bg-violet-50 dark:bg-violet-950' : ''}`}
            data-vehicle-id={v.vehicleId}
          >
            <span
              className="h-3 w-3 shrink-0 rounded-full"
              style={{ background: STATUS_COLORS[v.status] ?? '#64748b' }}
              aria-hidden="true"
            />
            <div className="min-w-0 flex-1">
              <Link to={`/vehicles/${v.vehicleId}`} className="font-medium hover:underline">
                {v.label}
              </Link>{' '}
              <span dir="ltr" className="font-mono text-xs">
                {v.licensePlate}
              </span>
              <div className="text-xs text-slate-600 dark:text-slate-300">
                {t(`gps.status.${v.status}`)} ·{' '}
                {v.speed !== null ? t('gps.speed', { speed: Math.round(v.speed) }) : '—'} ·{' '}
                {v.lastGpsUpdate ? t('gps.lastUpdate', { age: ageText(t, v.lastGpsUpdate) }) : t('gps.never')}
                {v.batteryPercent !== null ? ` · ${t('gps.battery', { pct: Math.round(v.batteryPercent) })}` : ''}
              </div>
            </div>
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              onClick={() => onTracker(v)}
              aria-label={`${t('gps.tracker.button')} ${v.licensePlate}`}
            >
              {t('gps.tracker.button')}
            </button>
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              onClick={() => onShowTrail(v.vehicleId)}
              disabled={v.latitude === null}
            >
              {t('gps.showTrail')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

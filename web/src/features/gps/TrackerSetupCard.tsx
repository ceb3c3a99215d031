/**
 * Shown while no vehicle has a tracker: an empty map would look broken, so the page says how to
 * connect one and offers the first vehicle's tracker dialog (or the vehicles page when the
 * company has none yet).
 */
import { Link } from 'react-router';
import { useT } from '../../i18n';
import type { LiveVehicleApi } from './gps-api';

export function TrackerSetupCard({
  vehicles,
  onSetUp,
}: {
  vehicles: LiveVehicleApi[];
  onSetUp: (vehicle: LiveVehicleApi) => void;
}) {
  const t = useT();
  const first = vehicles[0];
  return (
    <section
      className="card border-violet-200 bg-violet-50 text-violet-950 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-50"
      aria-labelledby="gps-setup-title"
      data-testid="gps-no-tracker"
    >
      <h2 id="gps-setup-title" className="font-semibold">
        {t('gps.tracker.setupTitle')}
      </h2>
      <p className="mt-1 text-sm">{t('gps.tracker.setupBody')}</p>
      <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm">
        <li>{t('gps.tracker.setupStep1')}</li>
        <li>{t('gps.tracker.setupStep2')}</li>
        <li>{t('gps.tracker.setupStep3')}</li>
      </ol>
      <div className="mt-3">
        {first ? (
          <button type="button" className="btn-primary" onClick={() => onSetUp(first)}>
            {t('gps.tracker.setupAction', { vehicle: `${first.label} · ${first.licensePlate}` })}
          </button>
        ) : (
          <Link to="/vehicles" className="btn-primary">
            {t('gps.tracker.setupNoVehicles')}
          </Link>
        )}
      </div>
    </section>
  );
}

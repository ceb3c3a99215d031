/**
 * The dashboard's live fleet map (issue 15, from the GPS area of issue 14): the GPS page's map with
 * the vehicles' markers only, refreshed by the dashboard's live query. The dashboard loads this
 * module lazily and only once a vehicle has reported a position, so a company without trackers
 * never downloads maplibre. A marker opens the GPS page.
 */
import { useNavigate } from 'react-router';
import { useT } from '../../i18n';
import FleetMap from './FleetMap';
import type { LiveVehicleApi } from './gps-api';

const ignoreClick = () => undefined;

export default function DashboardFleetMap({ vehicles }: { vehicles: LiveVehicleApi[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <FleetMap
      vehicles={vehicles}
      fences={[]}
      trail={null}
      draft={null}
      selectedId={null}
      onSelect={() => navigate('/gps-tracking')}
      onMapClick={ignoreClick}
      label={t('gps.mapLabel')}
      unavailableText={t('gps.mapUnavailable')}
      heightClass="h-64"
    />
  );
}

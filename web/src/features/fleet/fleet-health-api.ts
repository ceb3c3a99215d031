/** Fleet health feature: path, call, answer types (shared) and the catalog area (ships with the page). */
import { addArea } from '../../../../shared/i18n';
import { fleetHealth as fleetHealthCatalog } from '../../../../shared/i18n/fleet-health';
import type { FleetHealth, TrackerCondition, VehicleHealth } from '../../../../shared/schemas/fleet-health';
import { apiPath, callApi } from '../../lib/api-client';

addArea('fleetHealth', fleetHealthCatalog);

export type { FleetHealth, TrackerCondition, VehicleHealth };
export const FLEET_HEALTH_PATH = apiPath('getFleetHealth');
export const fleetHealthApi = {
  recompute: () => callApi<'recomputeFleetHealth', FleetHealth>('recomputeFleetHealth', { body: {} }),
};

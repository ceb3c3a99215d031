import { routeMaker } from './types';
import { fleetHealthQuery, fleetHealthSchema } from '../schemas/fleet-health';

const route = routeMaker('fleet-health');

/** Fleet health (issue 14): ability `reportsFleetHealth` (OWNER, ADMIN, MECHANIC; not STAFF). */
export const fleetHealthRoutes = [
  route({ operationId: 'getFleetHealth', method: 'GET', path: '/api/v1/fleet-health', ability: 'reportsFleetHealth', summary: 'Health score, grade and factor contributions per vehicle, and tracker conditions (offline, low battery); refresh=true recomputes now', request: { query: fleetHealthQuery }, response: fleetHealthSchema }),
];

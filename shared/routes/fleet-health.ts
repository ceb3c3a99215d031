import { routeMaker } from './types';
import { fleetHealthQuery, fleetHealthSchema } from '../schemas/fleet-health';

const route = routeMaker('fleet-health');

/** Fleet health (issue 14): ability `reportsFleetHealth` (OWNER, ADMIN, MECHANIC; not STAFF). */
export const fleetHealthRoutes = [
  route({
    operationId: 'getFleetHealth',
    method: 'GET',
    path: '/api/v1/fleet-health',
    ability: 'reportsFleetHealth',
    summary:
      'Health score, grade and factor contributions per vehicle, and tracker conditions (offline, low battery); read only: the stored computation while under an hour old, else computed for the answer',
    request: { query: fleetHealthQuery },
    response: fleetHealthSchema,
  }),
  route({
    operationId: 'recomputeFleetHealth',
    method: 'POST',
    path: '/api/v1/fleet-health/recompute',
    ability: 'reportsFleetHealth',
    summary:
      "Computes and stores every vehicle's health now: the vehicles' healthScore, the snapshots, alerts for grade drops and trackers",
    request: { query: fleetHealthQuery },
    response: fleetHealthSchema,
  }),
];

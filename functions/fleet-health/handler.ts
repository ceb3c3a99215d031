import { createDomainHandler, reply } from '../lib/http';
import { fleetHealthRoutes } from '../../shared/routes/fleet-health';
import { readFleetHealth, recomputeFleetHealth } from './compute';

export const handler = createDomainHandler('fleet-health', fleetHealthRoutes, {
  getFleetHealth: async (ctx) => reply.ok(await readFleetHealth(ctx.auth.tenantId, ctx.query.vehicleId)),
  recomputeFleetHealth: async (ctx) => reply.ok(await recomputeFleetHealth(ctx.auth.tenantId, ctx.query.vehicleId)),
});

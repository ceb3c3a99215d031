import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { vehiclesRoutes } from '../../shared/routes/vehicles';
import { activeFleet, listVehicles, requireVehicle, toVehicleApi, vehicleMakes } from './data';
import { blocksOverlapping, fleetBlocks } from './schedule';
import { assembleCalendar, calendarWindow } from './rules';
import { createVehicle, updateVehicle } from './edit';
import { archiveVehicle, changeVehicleStatus, unarchiveVehicle } from './status';

/**
 * Vehicles Lambda: the fleet (edit.ts, status.ts) and the fleet
 * calendar (rules.ts, schedule.ts). Each operation is one use-case call.
 */
export const handler = createDomainHandler('vehicles', vehiclesRoutes, {
  listVehicles: async (ctx) => reply.ok(await listVehicles(ctx.auth.tenantId, ctx.query)),

  createVehicle: async (ctx) => {
    const vehicle = await createVehicle(actorOf(ctx), ctx.body);
    ctx.log.info('vehicle created', { vehicleId: vehicle.id });
    return reply.created(vehicle);
  },

  listVehicleMakes: async (ctx) => reply.ok({ items: await vehicleMakes(ctx.auth.tenantId) }),
  getVehicle: async (ctx) => reply.ok(toVehicleApi(await requireVehicle(ctx.auth.tenantId, ctx.params.id))),
  updateVehicle: async (ctx) => reply.ok(await updateVehicle(actorOf(ctx), ctx.params.id, ctx.body)),
  archiveVehicle: async (ctx) => reply.ok(await archiveVehicle(actorOf(ctx), ctx.params.id, ctx.body)),
  unarchiveVehicle: async (ctx) => reply.ok(await unarchiveVehicle(actorOf(ctx), ctx.params.id, ctx.body)),
  changeVehicleStatus: async (ctx) => reply.ok(await changeVehicleStatus(actorOf(ctx), ctx.params.id, ctx.body)),

  getVehicleSchedule: async (ctx) => {
    const vehicle = await requireVehicle(ctx.auth.tenantId, ctx.params.id);
    const from = ctx.query.from ? new Date(ctx.query.from).toISOString() : new Date().toISOString();
    const blocks = await blocksOverlapping(ctx.auth.tenantId, vehicle.id, from, null);
    return reply.ok({ items: blocks.sort((a, b) => a.start.localeCompare(b.start)) });
  },

  fleetCalendar: async (ctx) => {
    const { start, end } = ctx.query;
    const window = calendarWindow(start, end);
    const [vehicles, blocks] = await Promise.all([
      activeFleet(ctx.auth.tenantId),
      fleetBlocks(ctx.auth.tenantId, window.from, window.to),
    ]);
    return reply.ok(assembleCalendar(start, end, vehicles, blocks));
  },
});

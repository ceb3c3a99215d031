import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { gpsRoutes } from '../../shared/routes/gps';
import { ingestBatch, ingestOsmand } from './ingest';
import { createOrRotateTracker, getTracker } from './trackers';
import { createGeofence, deleteGeofence, getGeofence, listGeofences, updateGeofence } from './geofences';
import { listEvents, liveFleet, positions, trips } from './read';
import { readGpsSettings, updateGpsSettings } from './context';

const query = (ctx: { event: { queryStringParameters?: Record<string, string | undefined> } }) =>
  ctx.event.queryStringParameters ?? {};

export const handler = createDomainHandler('gps', gpsRoutes, {
  osmandGet: async (ctx) => reply.ok(await ingestOsmand(query(ctx), undefined, ctx.headers)),
  osmandPost: async (ctx) => reply.ok(await ingestOsmand(query(ctx), ctx.rawBody, ctx.headers)),
  postPositions: async (ctx) => reply.ok(await ingestBatch(ctx.body, ctx.headers)),
  getTracker: async (ctx) => reply.ok(await getTracker(ctx.auth.tenantId, ctx.params.id)),
  createTracker: async (ctx) => reply.created(await createOrRotateTracker(actorOf(ctx), ctx.params.id)),
  gpsLive: async (ctx) => reply.ok(await liveFleet(ctx.auth.tenantId)),
  listPositions: async (ctx) => reply.ok(await positions(ctx.auth.tenantId, ctx.query)),
  listTrips: async (ctx) => reply.ok(await trips(ctx.auth.tenantId, ctx.query)),
  listGpsEvents: async (ctx) => reply.ok(await listEvents(ctx.auth.tenantId, ctx.query)),
  getGpsSettings: async (ctx) => reply.ok(await readGpsSettings(ctx.auth.tenantId)),
  updateGpsSettings: async (ctx) => reply.ok(await updateGpsSettings(actorOf(ctx), ctx.body)),
  listGeofences: async (ctx) => reply.ok(await listGeofences(ctx.auth.tenantId, ctx.query)),
  createGeofence: async (ctx) => reply.created(await createGeofence(actorOf(ctx), ctx.body)),
  getGeofence: async (ctx) => reply.ok(await getGeofence(ctx.auth.tenantId, ctx.params.id)),
  updateGeofence: async (ctx) => reply.ok(await updateGeofence(actorOf(ctx), ctx.params.id, ctx.body)),
  deleteGeofence: async (ctx) => {
    await deleteGeofence(actorOf(ctx), ctx.params.id);
    return reply.noContent();
  },
});

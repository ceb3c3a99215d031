import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { alertsRoutes } from '../../shared/routes/alerts';
import { listAlerts, setAlertStatus } from './inbox';

export const handler = createDomainHandler('alerts', alertsRoutes, {
  listAlerts: async (ctx) => reply.ok(await listAlerts(ctx.auth.tenantId, ctx.auth.role, ctx.query)),
  readAlert: async (ctx) => reply.ok(await setAlertStatus(actorOf(ctx), ctx.params.id, 'read')),
  resolveAlert: async (ctx) => reply.ok(await setAlertStatus(actorOf(ctx), ctx.params.id, 'resolved', ctx.body?.note)),
});

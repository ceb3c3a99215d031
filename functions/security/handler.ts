import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { notFound } from '../lib/errors';
import { securityRoutes } from '../../shared/routes/security';
import { auditCsv, auditPage, signinPage } from './audit';
import { readGeoRules, saveGeoRule } from './geo';
import { unlockUsername } from './deps';

/** Security monitoring Lambda (/dashboard/security): audit log, sign-ins, geo rules, lockouts. */
export const handler = createDomainHandler('security', securityRoutes, {
  auditLog: async (ctx) => (ctx.query.format === 'csv' ? auditCsv(ctx.auth.tenantId, ctx.query) : reply.ok(await auditPage(ctx.auth.tenantId, ctx.query))),
  signins: async (ctx) => reply.ok(await signinPage(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor)),
  listGeoRules: async (ctx) => reply.ok({ items: await readGeoRules(ctx.auth.tenantId) }),
  saveGeoRule: async (ctx) => reply.ok({ items: await saveGeoRule(actorOf(ctx), ctx.body) }),
  unlockUser: async (ctx) => {
    // Another company's username (or one that does not exist) is simply not found.
    if (!(await unlockUsername(actorOf(ctx), ctx.params.username))) throw notFound();
    return reply.ok({ success: true });
  },
});

import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { notFound } from '../lib/errors';
import { hasAbility } from '../../shared/permissions';
import { securityRoutes } from '../../shared/routes/security';
import { auditCsv, auditPage, signinPage } from './audit';
import { readGeoRules, saveGeoRule } from './geo';
import { listDevices, riskPage, setDeviceStatus } from './risk';
import { companyJobRuns, securityReports } from './report';
import { unlockUsername } from './deps';

/** Security monitoring Lambda (/dashboard/security): audit log, sign-ins, geo rules, lockouts, devices, risk, reports, job logs. */
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
  // Everyone sees their own devices (account page); OWNER and ADMIN the company's with all=true.
  listDevices: async (ctx) => {
    const everyone = ctx.query.all === true && hasAbility(ctx.auth.role, 'security');
    return reply.ok(await listDevices(ctx.auth.tenantId, { limit: ctx.query.limit, cursor: ctx.query.cursor, userId: everyone ? undefined : ctx.auth.userId }));
  },
  trustDevice: async (ctx) => reply.ok(await setDeviceStatus(actorOf(ctx), ctx.params.id, 'trusted')),
  blockDevice: async (ctx) => reply.ok(await setDeviceStatus(actorOf(ctx), ctx.params.id, 'blocked')),
  riskFeed: async (ctx) => reply.ok(await riskPage(ctx.auth.tenantId, { limit: ctx.query.limit, cursor: ctx.query.cursor, minLevel: ctx.query.level })),
  securityReports: async (ctx) => reply.ok(await securityReports(ctx.auth.tenantId, ctx.query)),
  jobRuns: async (ctx) => reply.ok(await companyJobRuns(ctx.auth.tenantId, ctx.query)),
});

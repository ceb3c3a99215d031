import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { hasAbility } from '../../shared/permissions';
import { securityRoutes } from '../../shared/routes/security';
import { auditCsv, auditPage, signinPage } from './audit';
import { readGeoRules, saveGeoRule } from './geo';
import { listDevices, riskPage, setDeviceStatus } from './risk';
import { companyJobRuns } from './job-runs';
import { securityReports } from './reports';

/**
 * Security monitoring Lambda (/dashboard/security): audit log, sign-ins, geo rules, devices, risk, reports, job logs.
 * Unlocking a username is auth's route; writing the weekly report is functions/security-report (tier 7).
 */
export const handler = createDomainHandler('security', securityRoutes, {
  auditLog: async (ctx) =>
    ctx.query.format === 'csv'
      ? auditCsv(ctx.auth.tenantId, ctx.query)
      : reply.ok(await auditPage(ctx.auth.tenantId, ctx.query)),
  signins: async (ctx) => reply.ok(await signinPage(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor)),
  listGeoRules: async (ctx) => reply.ok({ items: await readGeoRules(ctx.auth.tenantId) }),
  saveGeoRule: async (ctx) => reply.ok({ items: await saveGeoRule(actorOf(ctx), ctx.body) }),
  // Everyone sees their own devices (account page); OWNER and ADMIN the company's with all=true.
  listDevices: async (ctx) => {
    const everyone = ctx.query.all === true && hasAbility(ctx.auth.role, 'security');
    return reply.ok(
      await listDevices(ctx.auth.tenantId, {
        limit: ctx.query.limit,
        cursor: ctx.query.cursor,
        userId: everyone ? undefined : ctx.auth.userId,
      }),
    );
  },
  trustDevice: async (ctx) => reply.ok(await setDeviceStatus(actorOf(ctx), ctx.params.id, 'trusted')),
  blockDevice: async (ctx) => reply.ok(await setDeviceStatus(actorOf(ctx), ctx.params.id, 'blocked')),
  riskFeed: async (ctx) =>
    reply.ok(
      await riskPage(ctx.auth.tenantId, {
        limit: ctx.query.limit,
        cursor: ctx.query.cursor,
        minLevel: ctx.query.level,
      }),
    ),
  securityReports: async (ctx) => reply.ok(await securityReports(ctx.auth.tenantId, ctx.query)),
  jobRuns: async (ctx) => reply.ok(await companyJobRuns(ctx.auth.tenantId, ctx.query)),
});

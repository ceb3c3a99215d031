import { createDomainHandler, reply } from '../lib/http';
import { analyticsRoutes } from '../../shared/routes/analytics';
import { REPORT_TAB_ABILITY } from '../../shared/schemas/analytics';
import { hasAbility } from '../../shared/permissions';
import { forbidden } from '../lib/errors';
import { readDashboard } from './dashboard';
import { buildReport } from './reports';

export const handler = createDomainHandler('analytics', analyticsRoutes, {
  getDashboard: async (ctx) => reply.ok(await readDashboard(ctx.auth.tenantId, ctx.auth.role)),
  getReport: async (ctx) => {
    const tab = ctx.params.tab;
    if (!hasAbility(ctx.auth.role, REPORT_TAB_ABILITY[tab])) throw forbidden();
    const data = await buildReport(tab, { tenantId: ctx.auth.tenantId, role: ctx.auth.role, period: ctx.query.period });
    if (ctx.query.format === 'json') return reply.ok(data);
    // The CSV/PDF writer and the report wording (both languages) load with the first download, not at a cold start.
    return (await import('./exports')).exportReport(ctx.auth.tenantId, data, ctx.query.format, ctx.query.lang);
  },
});

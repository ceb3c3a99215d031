import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { insightsRoutes } from '../../shared/routes/insights';
import { getInsight, listAiJobs, listInsightHistory, listInsights, setInsightStatus } from './inbox';
import { runInsights } from './engine';

export const handler = createDomainHandler('insights', insightsRoutes, {
  listInsights: async (ctx) => reply.ok(await listInsights(ctx.auth.tenantId, ctx.auth.role, ctx.query)),
  listInsightHistory: async (ctx) => reply.ok(await listInsightHistory(ctx.auth.tenantId, ctx.query)),
  getInsight: async (ctx) => reply.ok(await getInsight(ctx.auth.tenantId, ctx.auth.role, ctx.params.id)),
  setInsightStatus: async (ctx) => reply.ok(await setInsightStatus(actorOf(ctx), ctx.params.id, ctx.body)),
  refreshInsights: async (ctx) => reply.ok(await runInsights(ctx.auth.tenantId, { trigger: 'manual', by: actorOf(ctx).username ?? ctx.auth.userId })),
  listAiJobs: async (ctx) => reply.ok(await listAiJobs(ctx.auth.tenantId, ctx.query)),
});

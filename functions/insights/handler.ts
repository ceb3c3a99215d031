import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { insightsRoutes } from '../../shared/routes/insights';
import { getInsight, listAiJobs, listInsightHistory, listInsights, setInsightStatus } from './inbox';

export const handler = createDomainHandler('insights', insightsRoutes, {
  listInsights: async (ctx) => reply.ok(await listInsights(ctx.auth.tenantId, ctx.auth.role, ctx.query)),
  listInsightHistory: async (ctx) => reply.ok(await listInsightHistory(ctx.auth.tenantId, ctx.query)),
  getInsight: async (ctx) => reply.ok(await getInsight(ctx.auth.tenantId, ctx.auth.role, ctx.params.id)),
  setInsightStatus: async (ctx) => reply.ok(await setInsightStatus(actorOf(ctx), ctx.params.id, ctx.body)),
  // The engine (the snapshot it reads from six domains, the rules, the English wording of both
  // catalogs it words insights with) is a lazy chunk: the inbox routes do not load it at cold start.
  refreshInsights: async (ctx) => {
    const { runInsights } = await import('./engine');
    return reply.ok(
      await runInsights(ctx.auth.tenantId, { trigger: 'manual', by: actorOf(ctx).username ?? ctx.auth.userId }),
    );
  },
  listAiJobs: async (ctx) => reply.ok(await listAiJobs(ctx.auth.tenantId, ctx.query)),
});

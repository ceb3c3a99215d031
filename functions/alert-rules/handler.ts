import { createDomainHandler, reply } from '../lib/http';
import { alertRulesRoutes } from '../../shared/routes/alerts';
import { generateAlerts } from './generate';

/**
 * The alert rules' Lambda (tier 7, DESIGN.md §17): "Run now" of the alerts page. The inbox routes
 * (list, read, resolve) are the alerts Lambda's; this one reads the six domains the rules check.
 */
export const handler = createDomainHandler('alert-rules', alertRulesRoutes, {
  generateAlerts: async (ctx) => reply.ok(await generateAlerts(ctx.auth.tenantId)),
});

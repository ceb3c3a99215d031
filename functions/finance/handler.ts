import { createDomainHandler, reply } from '../lib/http';
import { financeRoutes } from '../../shared/routes/finance';
import { invoicingSchedule, listRuns, runInvoicingNow, runToApi } from './invoicing';

/** Finance (issue 10): operationId → use case. */
export const handler = createDomainHandler('finance', financeRoutes, {
  listInvoicingRuns: async (ctx) => {
    const page = await listRuns(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor);
    return reply.ok({ items: page.items.map(runToApi), nextCursor: page.nextCursor });
  },
  runInvoicing: async (ctx) => reply.ok(await runInvoicingNow(ctx.auth.tenantId)),
  getInvoicingSchedule: async (ctx) => reply.ok(await invoicingSchedule(ctx.auth.tenantId)),
});

import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { financeRoutes } from '../../shared/routes/finance';
import { createFinanceEntry, listFinanceEntries } from './entries';
import { moneyAccountStatement, moneyAccounts } from './accounts';
import { invoicingSchedule, listRuns, runInvoicingNow, runToApi } from './invoicing';

/** Finance (issue 10): operationId → use case. */
export const handler = createDomainHandler('finance', financeRoutes, {
  listFinanceEntries: async (ctx) => reply.ok(await listFinanceEntries(ctx.auth.tenantId, ctx.query)),
  createFinanceEntry: async (ctx) => {
    const r = await createFinanceEntry(actorOf(ctx), ctx.body, ctx.idempotencyKey);
    return reply.status(r.status, r.body);
  },
  listMoneyAccounts: async (ctx) => reply.ok(await moneyAccounts(ctx.auth.tenantId)),
  getAccountStatement: async (ctx) => reply.ok(await moneyAccountStatement(ctx.auth.tenantId, ctx.params.id, ctx.query)),
  listInvoicingRuns: async (ctx) => {
    const page = await listRuns(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor);
    return reply.ok({ items: page.items.map(runToApi), nextCursor: page.nextCursor });
  },
  runInvoicing: async (ctx) => reply.ok(await runInvoicingNow(ctx.auth.tenantId)),
  getInvoicingSchedule: async (ctx) => reply.ok(await invoicingSchedule(ctx.auth.tenantId)),
});

import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { financeRoutes } from '../../shared/routes/finance';
import { createFinanceEntry, listFinanceEntries, receiptUploadUrl, reverseFinanceEntry } from './entries';
import { createBankAccount, moneyAccountStatement, moneyAccounts, operationalCharges } from './accounts';
import { createTransfer, listTransfers, reverseTransfer } from './transfers';
import { invoicingSchedule, listRuns, runInvoicingNow, runToApi } from './invoicing';

const stored = (r: { status: number; body: unknown }) => reply.status(r.status, r.body);

/** Finance (issue 10): operationId → use case. */
export const handler = createDomainHandler('finance', financeRoutes, {
  listFinanceEntries: async (ctx) => reply.ok(await listFinanceEntries(ctx.auth.tenantId, ctx.query)),
  createFinanceEntry: async (ctx) => stored(await createFinanceEntry(actorOf(ctx), ctx.body, ctx.idempotencyKey)),
  reverseFinanceEntry: async (ctx) => stored(await reverseFinanceEntry(actorOf(ctx), ctx.params.id, ctx.body.reason, ctx.idempotencyKey)),
  financeReceiptUploadUrl: async (ctx) => reply.ok(await receiptUploadUrl(ctx.auth.tenantId, ctx.body)),
  listMoneyAccounts: async (ctx) => reply.ok(await moneyAccounts(ctx.auth.tenantId)),
  createBankAccount: async (ctx) => reply.created(await createBankAccount(actorOf(ctx), ctx.body)),
  getAccountStatement: async (ctx) => {
    const r = await moneyAccountStatement(ctx.auth.tenantId, ctx.params.id, ctx.query);
    return 'file' in r ? r.file! : reply.ok(r.statement);
  },
  listTransfers: async (ctx) => reply.ok(await listTransfers(ctx.auth.tenantId, ctx.query)),
  createTransfer: async (ctx) => stored(await createTransfer(actorOf(ctx), ctx.body, ctx.idempotencyKey)),
  reverseTransfer: async (ctx) => stored(await reverseTransfer(actorOf(ctx), ctx.params.id, ctx.body.reason, ctx.idempotencyKey)),
  getOperationalCharges: async (ctx) => reply.ok(await operationalCharges(ctx.auth.tenantId, ctx.query.from, ctx.query.to)),
  listInvoicingRuns: async (ctx) => {
    const page = await listRuns(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor);
    return reply.ok({ items: page.items.map(runToApi), nextCursor: page.nextCursor });
  },
  runInvoicing: async (ctx) => reply.ok(await runInvoicingNow(ctx.auth.tenantId)),
  getInvoicingSchedule: async (ctx) => reply.ok(await invoicingSchedule(ctx.auth.tenantId)),
});

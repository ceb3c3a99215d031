import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { financeRoutes } from '../../shared/routes/finance';
import { createFinanceEntry, listFinanceEntries, receiptUploadUrl, reverseFinanceEntry } from './entries';
import { createBankAccount, moneyAccountStatement, moneyAccounts, operationalCharges } from './accounts';
import { createTransfer, listTransfers, reverseTransfer } from './transfers';

/*
 * The invoicing runs (the rentals' and invoices' billing pieces they drive) load with their first
 * route (a lazy chunk): a cold start serving the finance pages does not load them (`npm run bench`).
 */
const invoicing = () => import('./invoicing');
const stored = (r: { status: number; body: unknown }) => reply.status(r.status, r.body);

/** Finance (issue 10): operationId → use case. */
export const handler = createDomainHandler('finance', financeRoutes, {
  listFinanceEntries: async (ctx) => reply.ok(await listFinanceEntries(ctx.auth.tenantId, ctx.query)),
  createFinanceEntry: async (ctx) => stored(await createFinanceEntry(actorOf(ctx), ctx.body, ctx.idempotencyKey)),
  reverseFinanceEntry: async (ctx) =>
    stored(await reverseFinanceEntry(actorOf(ctx), ctx.params.id, ctx.body.reason, ctx.idempotencyKey)),
  financeReceiptUploadUrl: async (ctx) => reply.ok(await receiptUploadUrl(ctx.auth.tenantId, ctx.body)),
  listMoneyAccounts: async (ctx) => reply.ok(await moneyAccounts(ctx.auth.tenantId)),
  createBankAccount: async (ctx) => reply.created(await createBankAccount(actorOf(ctx), ctx.body)),
  getAccountStatement: async (ctx) => {
    const r = await moneyAccountStatement(ctx.auth.tenantId, ctx.params.id, ctx.query);
    return 'file' in r ? r.file! : reply.ok(r.statement);
  },
  listTransfers: async (ctx) => reply.ok(await listTransfers(ctx.auth.tenantId, ctx.query)),
  createTransfer: async (ctx) => stored(await createTransfer(actorOf(ctx), ctx.body, ctx.idempotencyKey)),
  reverseTransfer: async (ctx) =>
    stored(await reverseTransfer(actorOf(ctx), ctx.params.id, ctx.body.reason, ctx.idempotencyKey)),
  getOperationalCharges: async (ctx) =>
    reply.ok(await operationalCharges(ctx.auth.tenantId, ctx.query.from, ctx.query.to)),
  listInvoicingRuns: async (ctx) => {
    const { listRuns, runToApi } = await invoicing();
    const page = await listRuns(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor);
    return reply.ok({ items: page.items.map(runToApi), nextCursor: page.nextCursor });
  },
  runInvoicing: async (ctx) => reply.ok(await (await invoicing()).runInvoicingNow(ctx.auth.tenantId)),
  getInvoicingSchedule: async (ctx) => reply.ok(await (await invoicing()).invoicingSchedule(ctx.auth.tenantId)),
});

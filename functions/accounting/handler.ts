import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { withTasks } from '../lib/tasks';
import { actorOf } from '../lib/actor';
import { accountingRoutes } from '../../shared/routes/accounting';
import { createAccount, getMappings, listAccounts, putMappings, updateAccount } from './accounts';
import { createManualEntry, getEntry, listEntries, reverseEntry } from './journal';
import {
  balanceSheetReport,
  generalLedger,
  generalLedgerAll,
  profitLossReport,
  summary,
  trialBalanceReport,
  vatReport,
} from './reports';
import type { ReportName } from './exports';
import { getLock, setLock } from './lock';
import { attachmentUploadUrl } from './attachments';

/**
 * Accounting routes (shared/routes/accounting.ts): operationId → use case, nothing else.
 * Reports answer JSON, or a CSV/PDF download with ?format=csv|pdf (./exports.ts).
 */
const stored = (r: { status: number; body: unknown }) => reply.status(r.status, r.body);
const t = (ctx: RequestCtx) => ctx.auth.tenantId;

async function report(
  ctx: RequestCtx<unknown, { format?: 'json' | 'csv' | 'pdf'; lang?: 'en' | 'ar' }>,
  name: ReportName,
  data: unknown,
) {
  const format = ctx.query.format ?? 'json';
  if (format === 'json') return reply.ok(data);
  // The CSV/PDF writer and the report wording (both languages) load with the first download, not at a cold start.
  return (await import('./exports')).exportReport(t(ctx), name, data, format, ctx.query.lang ?? 'en');
}

const tasks = () => import('./tasks');
const selfChecks = () => import('./self-check-task');

const http = createDomainHandler('accounting', accountingRoutes, {
  listAccounts: async (ctx) => reply.ok(await listAccounts(t(ctx), ctx.query)),
  createAccount: async (ctx) => reply.created(await createAccount(actorOf(ctx), ctx.body)),
  updateAccount: async (ctx) => reply.ok(await updateAccount(actorOf(ctx), ctx.params.id, ctx.body)),
  getPaymentMethodMappings: async (ctx) => reply.ok(await getMappings(t(ctx))),
  putPaymentMethodMappings: async (ctx) => reply.ok(await putMappings(actorOf(ctx), ctx.body)),

  listJournalEntries: async (ctx) => reply.ok(await listEntries(t(ctx), ctx.query)),
  createJournalEntry: async (ctx) => stored(await createManualEntry(actorOf(ctx), ctx.body, ctx.idempotencyKey)),
  createJournalAttachmentUploadUrl: async (ctx) => reply.ok(await attachmentUploadUrl(t(ctx), ctx.body)),
  getJournalEntry: async (ctx) => reply.ok(await getEntry(t(ctx), ctx.params.id)),
  reverseJournalEntry: async (ctx) =>
    stored(await reverseEntry(actorOf(ctx), ctx.params.id, ctx.body ?? {}, ctx.idempotencyKey)),

  trialBalance: async (ctx) => report(ctx, 'trial-balance', await trialBalanceReport(t(ctx), ctx.query.asOf)),
  // A download holds the whole period; the screen pages through it.
  generalLedger: async (ctx) =>
    report(
      ctx,
      'general-ledger',
      await (ctx.query.format === 'json' ? generalLedger : generalLedgerAll)(t(ctx), ctx.query),
    ),
  balanceSheet: async (ctx) => report(ctx, 'balance-sheet', await balanceSheetReport(t(ctx), ctx.query.asOf)),
  profitLoss: async (ctx) => report(ctx, 'profit-loss', await profitLossReport(t(ctx), ctx.query.from, ctx.query.to)),
  vatReport: async (ctx) => report(ctx, 'vat-report', await vatReport(t(ctx), ctx.query.from, ctx.query.to)),
  accountingSummary: async (ctx) => reply.ok(await summary(t(ctx))),
  accountingSelfCheck: async (ctx) => reply.ok(await (await selfChecks()).latestSelfCheck(t(ctx))),

  getLockDate: async (ctx) => reply.ok(await getLock(t(ctx))),
  putLockDate: async (ctx) => reply.ok(await setLock(actorOf(ctx), ctx.body)),
  // Background tasks (issue 30): 202 with the task; the work runs on this same Lambda, invoked asynchronously.
  setupAccounting: async (ctx) => reply.status(202, await (await tasks()).startSetup(t(ctx), ctx.auth.userId)),
  createAccountingExport: async (ctx) =>
    reply.status(202, await (await tasks()).startExport(t(ctx), ctx.auth.userId, ctx.body)),
  runAccountingSelfCheck: async (ctx) =>
    reply.status(202, await (await selfChecks()).startSelfCheck(t(ctx), ctx.auth.userId)),
  getAccountingTask: async (ctx) => reply.ok(await (await tasks()).getTask(t(ctx), ctx.params.id)),
});

/** API requests, and the task events of this domain's background tasks (functions/lib/tasks.ts). */
export const handler = withTasks(http, async () => (await tasks()).accountingTaskRunners);

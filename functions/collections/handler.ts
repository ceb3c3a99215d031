import { createDomainHandler, reply, type Reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { collectionsRoutes } from '../../shared/routes/collections';
import { applyDepositToCharges, listDeposits, refundDeposit } from './deposits';
import { agingReport, remindCustomer } from './receivables';

/**
 * The revenue-protection report (tickets' queues, the security risk feed, GPS words) loads on its
 * first request: it keeps the collections Lambda's cold start within its 250 KB budget.
 */
const revenueProtection = async (tenantId: string) =>
  (await import('./revenue-protection')).revenueProtection(tenantId);

const stored = (r: { status: number; body: unknown }): Reply => reply.status(r.status, r.body);

export const handler = createDomainHandler('collections', collectionsRoutes, {
  listDeposits: async (ctx) => reply.ok(await listDeposits(ctx.auth.tenantId, ctx.query)),
  refundDeposit: async (ctx) => stored(await refundDeposit(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  applyDeposit: async (ctx) =>
    stored(await applyDepositToCharges(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  receivablesAging: async (ctx) => reply.ok(await agingReport(ctx.auth.tenantId, ctx.query)),
  remindCustomer: async (ctx) => reply.ok(await remindCustomer(actorOf(ctx), ctx.params.customerId)),
  revenueProtection: async (ctx) => reply.ok(await revenueProtection(ctx.auth.tenantId)),
});

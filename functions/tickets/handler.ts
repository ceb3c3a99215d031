import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { ticketsRoutes } from '../../shared/routes/tickets';
import { createTicket, getTicket, listTickets, ticketHistory, updateTicket } from './tickets';
import { createSalik, listSalik, updateSalik } from './salik';
import { importStatement } from './import';
import { rechargeTicket, rechargeTolls } from './recharge';
import { ticketToApi } from './model';
import { noticeUploadUrl, noticeUrl } from './notice';

const stored = (r: { status: number; body: unknown }) => reply.status(r.status, r.body);

export const handler = createDomainHandler('tickets', ticketsRoutes, {
  listTrafficTickets: async (ctx) => reply.ok(await listTickets(ctx.auth.tenantId, ctx.query)),
  createTrafficTicket: async (ctx) => reply.created(await createTicket(actorOf(ctx), ctx.body)),
  importTrafficTickets: async (ctx) => reply.ok(await importStatement(actorOf(ctx), 'tickets', ctx.body)),
  trafficTicketUploadUrl: async (ctx) => reply.ok(await noticeUploadUrl(ctx.auth.tenantId, ctx.body)),
  getTrafficTicket: async (ctx) => {
    const ticket = await getTicket(ctx.auth.tenantId, ctx.params.id);
    return reply.ok({ ...ticketToApi(ticket), fileUrl: await noticeUrl(ticket) });
  },
  updateTrafficTicket: async (ctx) => reply.ok(await updateTicket(actorOf(ctx), ctx.params.id, ctx.body)),
  trafficTicketHistory: async (ctx) => reply.ok(await ticketHistory(ctx.auth.tenantId, ctx.params.id)),
  rechargeTrafficTicket: async (ctx) =>
    stored(await rechargeTicket(actorOf(ctx), ctx.params.id, ctx.body ?? {}, ctx.idempotencyKey)),
  listSalikCharges: async (ctx) => reply.ok(await listSalik(ctx.auth.tenantId, ctx.query)),
  createSalikCharge: async (ctx) => reply.created(await createSalik(actorOf(ctx), ctx.body)),
  importSalikCharges: async (ctx) => reply.ok(await importStatement(actorOf(ctx), 'salik', ctx.body)),
  rechargeSalikCharges: async (ctx) => stored(await rechargeTolls(actorOf(ctx), ctx.body.rentalId, ctx.idempotencyKey)),
  updateSalikCharge: async (ctx) => reply.ok(await updateSalik(actorOf(ctx), ctx.params.id, ctx.body)),
});

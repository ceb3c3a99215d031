import { createDomainHandler, reply, type Reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { rentalsRoutes } from '../../shared/routes/rentals';
import { badRequest, notFound } from '../lib/errors';
import { fleetBlocks, readRentalSettings } from './deps';
import { getRentalItem, ledgerView, listRentals, listRentalsForCustomer, readLedger, toRentalApi } from './data';
import { readCustomer } from './deps';
import { rentalDefaults, rentalStats } from './overview';
import { addRentalNote, listRentalNotes } from './notes';
import { runAsTokenTenant } from '../lib/clients/tenant-scope';

/*
 * The write paths load on their first use (lazy chunks), like remote signing: a cold start that
 * serves a read (the list, a rental, its ledger) loads neither the booking rules nor the journal
 * postings and the higher domains' transaction pieces they reach (DESIGN.md §10; `npm run bench`).
 */
const booking = () => import('./booking');
const ledger = () => import('./ledger');
const lifecycle = () => import('./lifecycle');
const signing = () => import('./contract/signing');
const remote = () => import('./contract/remote');
const stored = (r: { status: number; body: unknown }): Reply => reply.status(r.status, r.body);

async function rentalOr404(ctx: { auth: { tenantId: string }; params: { id: string } }) {
  const rental = await getRentalItem(ctx.auth.tenantId, ctx.params.id);
  if (!rental) throw notFound('Rental not found');
  return rental;
}

export const handler = createDomainHandler('rentals', rentalsRoutes, {
  listRentals: async (ctx) => reply.ok(await listRentals(ctx.auth.tenantId, ctx.query)),

  listCustomerRentals: async (ctx) => {
    if (!(await readCustomer(ctx.auth.tenantId, ctx.params.id))) throw notFound('Customer not found');
    return reply.ok(await listRentalsForCustomer(ctx.auth.tenantId, ctx.params.id, ctx.query.cursor, ctx.query.limit));
  },

  createRental: async (ctx) => stored(await (await booking()).createRental(actorOf(ctx), ctx.body, ctx.idempotencyKey)),

  quoteRental: async (ctx) => reply.ok(await (await booking()).quoteBooking(ctx.auth.tenantId, ctx.body)),

  checkRentalConflicts: async (ctx) => reply.ok(await (await booking()).checkConflicts(ctx.auth.tenantId, ctx.body)),

  rentalDocumentCheck: async (ctx) => reply.ok(await (await booking()).documentCheck(ctx.auth.tenantId, ctx.query)),

  rentalAvailability: async (ctx) => {
    const start = ctx.query.start ? new Date(ctx.query.start) : new Date();
    const end = ctx.query.end ? new Date(ctx.query.end) : new Date(start.getTime() + 86_400_000);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
      throw badRequest('End date must be after the start date', { end: 'End date must be after the start date' });
    }
    const blocks = await fleetBlocks(ctx.auth.tenantId, start.toISOString(), end.toISOString());
    const busy = [
      ...new Set(blocks.filter((b) => b.status !== 'completed' && b.status !== 'cancelled').map((b) => b.vehicleId)),
    ];
    return reply.ok({ busyVehicleIds: busy });
  },

  rentalDefaults: async (ctx) => reply.ok(await rentalDefaults(ctx.auth.tenantId)),
  rentalStats: async (ctx) => reply.ok(await rentalStats(ctx.auth.tenantId)),

  getRental: async (ctx) => reply.ok(toRentalApi(await rentalOr404(ctx))),

  getRentalLedger: async (ctx) => {
    const rental = await rentalOr404(ctx);
    return reply.ok(ledgerView(await readLedger(ctx.auth.tenantId, ctx.params.id), rental));
  },

  recordRentalPayment: async (ctx) =>
    stored(await (await ledger()).recordPayment(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  addRentalCharge: async (ctx) =>
    stored(await (await ledger()).addCharge(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  recordRentalRefund: async (ctx) =>
    stored(await (await ledger()).recordRefund(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  reverseRentalLedgerEntry: async (ctx) => {
    const { reverseEntry } = await ledger();
    return stored(await reverseEntry(actorOf(ctx), ctx.params.id, ctx.params.entryId, ctx.body, ctx.idempotencyKey));
  },

  updateRentalInvoicing: async (ctx) =>
    stored(await (await import('./invoicing-settings')).updateInvoicingSettings(actorOf(ctx), ctx.params.id, ctx.body)),
  pickupRental: async (ctx) => stored(await (await lifecycle()).pickup(actorOf(ctx), ctx.params.id, ctx.body)),
  previewRentalReturn: async (ctx) => {
    const rental = await rentalOr404(ctx);
    const { previewReturn } = await lifecycle();
    return reply.ok(
      await previewReturn(ctx.auth.tenantId, rental, ctx.body, await readRentalSettings(ctx.auth.tenantId)),
    );
  },
  returnRental: async (ctx) =>
    stored(await (await lifecycle()).returnRental(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  closeRental: async (ctx) =>
    stored(await (await lifecycle()).closeRental(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  cancelRental: async (ctx) =>
    stored(await (await lifecycle()).cancelRental(actorOf(ctx), ctx.params.id, ctx.body ?? {})),
  archiveRental: async (ctx) => stored(await (await lifecycle()).archiveRental(actorOf(ctx), ctx.params.id)),
  restoreRental: async (ctx) => stored(await (await lifecycle()).restoreRental(actorOf(ctx), ctx.params.id)),

  listRentalNotes: async (ctx) => {
    await rentalOr404(ctx);
    return reply.ok(await listRentalNotes(ctx.auth.tenantId, ctx.params.id));
  },
  addRentalNote: async (ctx) => reply.created(await addRentalNote(actorOf(ctx), await rentalOr404(ctx), ctx.body)),

  getRentalContract: async (ctx) =>
    reply.ok(await (await signing()).rentalContract(ctx.auth.tenantId, await rentalOr404(ctx))),
  signRentalContract: async (ctx) => {
    // The name printed under the company's signature: the signed-in user's own name (never the body's).
    const staffName = [ctx.auth.firstName, ctx.auth.lastName].filter(Boolean).join(' ') || ctx.auth.username;
    return reply.ok(await (await signing()).signContract(actorOf(ctx), ctx.params.id, ctx.body, staffName));
  },
  // Remote signing is loaded on its first use (a lazy chunk): the rentals bundle keeps its cold-start budget.
  sendRentalContract: async (ctx) => {
    const senderName = [ctx.auth.firstName, ctx.auth.lastName].filter(Boolean).join(' ') || ctx.auth.username;
    return reply.ok(await (await remote()).sendContractForSignature(actorOf(ctx), ctx.params.id, senderName));
  },
  // Public, without a user: the signing link's work runs in the company its token names.
  getContractBySignToken: async (ctx) => {
    const { contractBySignToken } = await remote();
    return reply.ok(await runAsTokenTenant(ctx.params.token, () => contractBySignToken(ctx.params.token)));
  },
  signContractByToken: async (ctx) => {
    const { signByToken } = await remote();
    return reply.ok(
      await runAsTokenTenant(ctx.params.token, () => signByToken(ctx.params.token, ctx.body, ctx.requestId)),
    );
  },
});

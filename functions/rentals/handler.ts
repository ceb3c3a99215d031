import { fromMinor } from '../../shared/money';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import { DEFAULT_DAILY_KM_LIMIT, DEFAULT_EXTRA_CHARGE_PER_KM_MINOR } from '../../shared/constants';
import { createDomainHandler, errorBody, reply, type RequestCtx, type Reply } from '../lib/http';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { getItem, queryPage, transact, tx } from '../lib/data/repo';
import { sortKey } from '../lib/data/keys';
import { auditItem } from '../lib/data/audit';
import { fleetBlocks } from '../vehicles/schedule';
import { checkConflicts, createRental, quoteBooking, type Actor } from './booking';
import { readRentalSettings } from './deps';
import { getRentalItem, ledgerView, listRentals, noteItem, notePk, readLedger, statsKey, toApi, toRentalApi } from './data';
import { addCharge, recordPayment, recordRefund, reverseEntry } from './ledger';
import { archiveRental, cancelRental, closeRental, pickup, previewReturn, restoreRental, returnRental } from './lifecycle';
import { contractUrl } from './contract/store';
import { RENTAL_STATUSES } from '../../shared/schemas/rentals';

const actorOf = (ctx: RequestCtx): Actor => ({
  tenantId: ctx.auth.tenantId, userId: ctx.auth.userId, username: ctx.auth.username, requestId: ctx.requestId, role: ctx.auth.role,
});

/** Errors that carry a list (booking conflicts, blacklist matches) keep it in the 409 body. */
async function withDetails(fn: () => Promise<Reply>): Promise<Reply> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HttpError && (err as HttpError & { conflicts?: unknown }).conflicts) {
      return reply.status(err.status, { error: { ...errorBody(err).error, conflicts: (err as HttpError & { conflicts?: unknown }).conflicts } });
    }
    throw err;
  }
}

const stored = (r: { status: number; body: unknown }): Reply => reply.status(r.status, r.body);

async function rentalOr404(ctx: RequestCtx) {
  const rental = await getRentalItem(ctx.auth.tenantId, ctx.params.id);
  if (!rental) throw notFound('Rental not found');
  return rental;
}

export const handler = createDomainHandler('rentals', {
  listRentals: async (ctx) => reply.ok(await listRentals(ctx.auth.tenantId, ctx.query)),

  createRental: (ctx) => withDetails(async () => stored(await createRental(actorOf(ctx), ctx.body, ctx.idempotencyKey))),

  quoteRental: async (ctx) => reply.ok(await quoteBooking(ctx.auth.tenantId, ctx.body)),

  checkRentalConflicts: (ctx) => withDetails(async () => reply.ok(await checkConflicts(ctx.auth.tenantId, ctx.body))),

  rentalAvailability: async (ctx) => {
    const start = ctx.query.start ? new Date(ctx.query.start) : new Date();
    const end = ctx.query.end ? new Date(ctx.query.end) : new Date(start.getTime() + 86_400_000);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
      throw badRequest('End date must be after the start date', { end: 'End date must be after the start date' });
    }
    const blocks = await fleetBlocks(ctx.auth.tenantId, start.toISOString(), end.toISOString());
    const busy = [...new Set(blocks.filter((b) => b.status !== 'completed' && b.status !== 'cancelled').map((b) => b.vehicleId))];
    return reply.ok({ busyVehicleIds: busy });
  },

  rentalDefaults: async (ctx) => {
    // Staff cannot read company settings; the wizard still needs what they decide.
    const s = await readRentalSettings(ctx.auth.tenantId);
    const region = getRegionConfig(s.region);
    return reply.ok({
      region: s.region,
      /** The company's clock: rental dates are shown and entered in it. */
      timezone: s.timezone,
      currency: region.currency,
      taxRate: s.defaultTaxRatePercent,
      taxIncludedByConvention: false,
      dailyKmLimit: DEFAULT_DAILY_KM_LIMIT,
      extraChargePerKm: fromMinor(s.extraChargePerKmMinor ?? DEFAULT_EXTRA_CHARGE_PER_KM_MINOR),
      gracePeriodHours: s.gracePeriodHours,
      maxRentalDays: region.businessRules.maxRentalDays,
      enableBlacklistCheck: s.enableBlacklistCheck,
      blacklistMode: s.blacklistMode,
      enableOverbooking: s.enableOverbooking,
      allowStaffCloseWithBalance: s.allowStaffCloseWithBalance,
    });
  },

  rentalStats: async (ctx) => {
    const settings = await readRentalSettings(ctx.auth.tenantId);
    const month = calendarDateInZone(new Date(), settings.timezone).slice(0, 7);
    const [counts, totals] = await Promise.all([
      getItem(statsKey(ctx.auth.tenantId, 'STATUS'), false),
      getItem(statsKey(ctx.auth.tenantId, sortKey('MONTH', month)), false),
    ]);
    const byStatus = Object.fromEntries(RENTAL_STATUSES.map((s) => [s, Math.max(0, Number(counts?.[`count_${s}`] ?? 0))]));
    const n = (k: string) => fromMinor(Number(totals?.[k] ?? 0));
    return reply.ok({
      byStatus,
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      month,
      monthCharges: n('chargesMinor'),
      monthPayments: n('paymentsMinor'),
      monthRefunds: n('refundsMinor'),
      /** Revenue collected this month: rental payments minus rental refunds (deposits are not revenue). */
      monthRevenue: fromMinor(Number(totals?.paymentsMinor ?? 0) - Number(totals?.refundsMinor ?? 0)),
      currencyRegion: settings.region,
    });
  },

  getRental: async (ctx) => reply.ok(toRentalApi(await rentalOr404(ctx))),

  getRentalLedger: async (ctx) => {
    const rental = await rentalOr404(ctx);
    return reply.ok(ledgerView(await readLedger(ctx.auth.tenantId, ctx.params.id), rental));
  },

  recordRentalPayment: async (ctx) => stored(await recordPayment(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  addRentalCharge: async (ctx) => stored(await addCharge(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  recordRentalRefund: async (ctx) => stored(await recordRefund(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  reverseRentalLedgerEntry: async (ctx) => stored(await reverseEntry(actorOf(ctx), ctx.params.id, ctx.params.entryId, ctx.body, ctx.idempotencyKey)),

  pickupRental: async (ctx) => stored(await pickup(actorOf(ctx), ctx.params.id, ctx.body)),
  previewRentalReturn: async (ctx) => {
    const rental = await rentalOr404(ctx);
    return reply.ok(await previewReturn(ctx.auth.tenantId, rental, ctx.body, await readRentalSettings(ctx.auth.tenantId)));
  },
  returnRental: async (ctx) => stored(await returnRental(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  closeRental: async (ctx) => stored(await closeRental(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  cancelRental: async (ctx) => stored(await cancelRental(actorOf(ctx), ctx.params.id, ctx.body ?? {})),
  archiveRental: async (ctx) => stored(await archiveRental(actorOf(ctx), ctx.params.id)),
  restoreRental: async (ctx) => stored(await restoreRental(actorOf(ctx), ctx.params.id)),

  listRentalNotes: async (ctx) => {
    await rentalOr404(ctx);
    const page = await queryPage({ tenantId: ctx.auth.tenantId, pk: notePk(ctx.auth.tenantId, ctx.params.id), limit: 100, forward: false });
    return reply.ok({ items: page.items.map((i) => toApi(i)), nextCursor: page.nextCursor });
  },
  addRentalNote: async (ctx) => {
    const rental = await rentalOr404(ctx);
    const note = noteItem(ctx.auth.tenantId, rental.id, ctx.body, ctx.auth, new Date().toISOString());
    await transact([tx.putNew(note), tx.putNew(auditItem(actorOf(ctx), 'rental.note', 'rental', rental.id, { note: `visibility ${ctx.body.visibility}` }))]);
    return reply.created(toApi(note));
  },

  getRentalContract: async (ctx) => {
    const rental = await rentalOr404(ctx);
    return reply.ok({ url: await contractUrl(ctx.auth.tenantId, rental) });
  },
});

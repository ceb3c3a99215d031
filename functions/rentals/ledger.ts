import { toMinor } from '../../shared/money';
import type { ChargeBody, PaymentBody, RefundBody } from '../../shared/schemas/rentals';
import { getItem, type TransactItem } from '../lib/data/repo';
import { conflict, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { ledgerPk, readLedger, toApi, type LedgerItem, type RentalItem } from './data';
import { mutateRental } from './mutate';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { DEPOSIT_APPLIED_METHOD } from '../../shared/rentals/ledger';

/**
 * Ledger movements on one rental (rental_ledger_entries). Entries are posted locked and never
 * edited; a correction is a reversal entry (same type and category, `reversesId`, counted with
 * the opposite sign; shared/ledger.ts). Each post updates the rental's denormalised totals in the
 * same transaction with a version condition (functions/rentals/mutate.ts).
 *
 * Decisions:
 * - Archived rentals take no new entries (restore first); everything else does, because fines
 *   and refunds arrive after a rental ends.
 * - Manual charges are posted as entered (no tax added): tax on the rental itself is computed by
 *   pricing at booking and return.
 * - A refund cannot exceed the money received (rental refunds) or the deposit held (deposit refunds).
 */
/** The other half of a deposit-applied pair: the same close, the other type, the same amount. */
function depositAppliedPartner(ledger: readonly LedgerItem[], entry: LedgerItem): LedgerItem | undefined {
  return ledger.find((e) => e.id !== entry.id && !e.reversesId && e.method === DEPOSIT_APPLIED_METHOD && e.type !== entry.type
    && e.amountMinor === entry.amountMinor && e.postedAt === entry.postedAt);
}

function assertOpen(rental: RentalItem) {
  if (rental.status === 'archived') throw conflict('An archived rental cannot take ledger entries. Restore it first.', undefined, 'INVALID_TRANSITION');
}

const respondWithEntry = (rental: unknown, entries: LedgerItem[]) => ({ entry: toApi(entries[0]), rental });

export function recordPayment(actor: Actor, rentalId: string, body: PaymentBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'payment', idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    return {
      action: body.forDeposit ? 'deposit_received' : 'payment',
      entries: [{
        type: 'payment', context: 'usage', category: body.forDeposit ? 'security_deposit' : 'payment',
        label: body.label ?? (body.forDeposit ? 'Security deposit received' : 'Payment'), amountMinor: toMinor(body.amount), method: body.method,
      }],
      respond: respondWithEntry,
      status201: true,
    };
  });
}

export function addCharge(actor: Actor, rentalId: string, body: ChargeBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'charge', idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    return {
      action: 'charge',
      entries: [{ type: 'charge', context: 'adjustment', category: body.category as LedgerItem['category'], label: body.label, amountMinor: toMinor(body.amount) }],
      respond: respondWithEntry,
      status201: true,
    };
  });
}

export function recordRefund(actor: Actor, rentalId: string, body: RefundBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'refund', idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    const amountMinor = toMinor(body.amount);
    if (body.fromDeposit && amountMinor > rental.depositHeldMinor) throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.refundOverDeposit });
    if (!body.fromDeposit && amountMinor > rental.paymentsMinor - rental.refundsMinor) throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.refundOverPaid });
    return {
      action: body.fromDeposit ? 'deposit_refund' : 'refund',
      entries: [{
        type: 'refund', context: 'refund', category: body.fromDeposit ? 'security_deposit_refund' : 'payment',
        label: body.label ?? (body.fromDeposit ? 'Security deposit refund' : 'Refund'), amountMinor, method: body.method,
      }],
      respond: respondWithEntry,
      status201: true,
    };
  });
}

export function reverseEntry(actor: Actor, rentalId: string, entryId: string, body: { amount?: number; reason: string }, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'reverse', idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    const original = (await getItem({ pk: ledgerPk(actor.tenantId, rentalId), sk: entryId }, true)) as LedgerItem | undefined;
    if (!original) throw notFound('Ledger entry not found');
    if (original.reversesId) throw conflict('A reversal cannot be reversed; post a new entry instead', undefined, 'INVALID_REVERSAL');
    const ledger = await readLedger(actor.tenantId, rentalId);
    const leftOf = (entry: LedgerItem) => entry.amountMinor - ledger.filter((e) => e.reversesId === entry.id).reduce((s, e) => s + e.amountMinor, 0);
    const left = leftOf(original);
    const amountMinor = body.amount !== undefined ? toMinor(body.amount) : left;
    if (left <= 0) throw conflict('This entry is already fully reversed', undefined, 'INVALID_REVERSAL');
    if (amountMinor > left) throw validationFailed({ amount: 'Reversal cannot exceed what is left of the entry' });
    // The deposit applied at close is a pair (deposit out, payment in): both halves are reversed
    // together, so the deposit held and the balance move back as one and the books stay equal.
    const partner = original.method === DEPOSIT_APPLIED_METHOD ? depositAppliedPartner(ledger, original) : undefined;
    const reversed = partner && leftOf(partner) >= amountMinor ? [original, partner] : [original];
    return {
      action: 'reversal',
      note: body.reason,
      entries: reversed.map((entry) => ({
        type: entry.type, context: 'adjustment' as const, category: entry.category, label: `Reversal: ${body.reason}`,
        amountMinor, method: entry.method, reversesId: entry.id, lineCode: entry.lineCode,
      })),
      respond: respondWithEntry,
      status201: true,
    };
  });
}

/** Charges another domain adds to a rental (a fine, tolls, their admin fees): issue 13. */
export interface ExternalChargePlan {
  note?: string;
  entries: { category: 'traffic_fines' | 'salik_charges' | 'tax' | 'other'; label: string; amountMinor: number }[];
  /** Running totals on the rental (salikChargesMinor, totalTrafficFinesMinor) to add to. */
  addTotals?: Partial<Record<'salikChargesMinor' | 'totalTrafficFinesMinor', number>>;
  /** The caller's own items (its records' updates), written in the same transaction. */
  extra: TransactItem[];
}

/**
 * Posts charges of another domain on a rental's ledger: the ledger entries, the rental's totals,
 * the journal entry (accounting engine) and the caller's items in ONE transaction. `plan` reads
 * and checks the caller's records (a lost race re-runs it). A completed or closed rental takes
 * them too (fines arrive after the return): they raise the customer's balance on that rental;
 * an archived one refuses (restore first).
 */
export function postExternalCharges(actor: Actor, rentalId: string, action: string, plan: (rental: RentalItem) => Promise<ExternalChargePlan>, key?: string) {
  return mutateRental(actor, rentalId, { scope: `ext-${action}`, idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    const p = await plan(rental);
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p.addTotals ?? {})) changes[k] = (Number(rental[k] ?? 0) || 0) + (v ?? 0);
    return {
      action,
      note: p.note,
      changes,
      entries: p.entries.filter((e) => e.amountMinor > 0).map((e) => ({ type: 'charge' as const, context: 'adjustment' as const, category: e.category, label: e.label, amountMinor: e.amountMinor })),
      extra: p.extra,
      respond: (r, entries) => ({ rental: r, entries: entries.map((e) => toApi(e)) }),
      status201: true,
    };
  });
}

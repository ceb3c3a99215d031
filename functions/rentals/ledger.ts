import { toMinor } from '../../shared/money';
import type { ChargeBody, PaymentBody, RefundBody } from '../../shared/schemas/rentals';
import { getItem, tx, type TransactItem } from '../lib/data/repo';
import { conflict, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { ledgerPk, readLedger, toApi, type LedgerItem, type NewLedgerEntry, type RentalItem } from './data';
import { periodRentEntries, type RentPeriod } from './pricing';
import { mutateRental, planRentalChange, type RentalChange } from './mutate';
import { readRentalSettings } from './deps';
import { chargeMarkerKey, invoiceOfCharge } from './invoiced-charges';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { DEPOSIT_APPLIED_METHOD, ledgerTotals } from '../../shared/rentals/ledger';
import { COLLECTIONS_MESSAGES } from '../../shared/collections/messages';
import { DEPOSIT_CHARGE_LINE, depositChargeTax } from '../../shared/collections/deposits';
import { recordRiskyAction } from './deps';
import {
  allocateOldestFirst,
  invoicePaymentUpdate,
  releaseNewestFirst,
  rentalInvoicesForPayment,
  rentalPaymentReceipt,
  type InvoiceAllocation,
} from './deps-tx';
import { fromMinor } from '../../shared/money';
import { LARGE_AMOUNT_MINOR } from '../../shared/security/risk';
import { crashPoint } from '../lib/faults';

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
  return ledger.find(
    (e) =>
      e.id !== entry.id &&
      !e.reversesId &&
      e.method === DEPOSIT_APPLIED_METHOD &&
      e.type !== entry.type &&
      e.amountMinor === entry.amountMinor &&
      e.postedAt === entry.postedAt,
  );
}

function assertOpen(rental: RentalItem) {
  if (rental.status === 'archived')
    throw conflict('An archived rental cannot take ledger entries. Restore it first.', undefined, 'INVALID_TRANSITION');
}

const respondWithEntry = (rental: unknown, entries: LedgerItem[]) => ({ entry: toApi(entries[0]), rental });

/**
 * Money received on a rental gets its REC- receipt (payments domain, through deps.ts): the number
 * is taken before the transaction (unique, increasing, gaps allowed) and the receipt item is
 * written in the rental's own transaction.
 *
 * Invoices that know what was paid (issue 26): a payment (not the deposit) pays the rental's open
 * invoices (issued, partly paid, balance > 0) oldest issue date first, each up to its balance, in
 * this same transaction (invoices/tx.ts: one conditional update per invoice on its version — an
 * invoice paid meanwhile fails the transaction and the whole read-plan-write runs again, as a
 * moved rental version does). What is left stays on the rental: it pays charges not invoiced yet,
 * and is allocated to their invoice when it is issued (invoices/issue.ts paidBeforeIssue). The
 * receipt lists the invoices paid; the answer reports them (`invoices`).
 *
 * Decision — overpayment: a payment above what the rental owes is refused (400 on `amount`,
 * RENTAL_SERVER_MESSAGES.paymentOverBalance), nothing written. DESIGN §14 wants an overpayment as
 * customer credit (2160), never a negative receivable; the invoice payment path does that
 * (payments/settle.ts) because it has a payment item that later applies the credit to the
 * customer's other invoices (and can refund it). A desk payment has no such item: credit taken
 * here would sit in 2160 with nothing to apply or refund it, and its journal entry would share
 * the method account's balance shards with the rental's own entry in one transaction. A rental
 * company's cashier takes what is owed and gives change; money held for later is the security
 * deposit (forDeposit: not capped, allocated to no invoice), and an invoice paid online or at the
 * invoice (POST /invoices/{id}/payments) takes any overpayment as customer credit.
 */
export function recordPayment(actor: Actor, rentalId: string, body: PaymentBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'payment', idempotencyKey: key }, async (rental, _settings, now) => {
    assertOpen(rental);
    const amountMinor = toMinor(body.amount);
    if (!body.forDeposit && amountMinor > Math.max(0, rental.balanceMinor))
      throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.paymentOverBalance });
    const paid = body.forDeposit ? [] : await invoicesPaidBy(actor.tenantId, rental, amountMinor);
    const receipt = await rentalPaymentReceipt(actor, {
      rentalId: rental.id,
      rentalReference: rental.referenceNumber,
      customerId: rental.customerId,
      customerName: rental.customerName,
      amountMinor,
      method: body.method,
      deposit: body.forDeposit,
      allocations: paid.map((a) => ({
        invoiceId: a.invoice.id,
        invoiceNumber: a.invoice.number,
        amountMinor: a.amountMinor,
      })),
    });
    const at = now.toISOString();
    return {
      action: body.forDeposit ? 'deposit_received' : 'payment',
      entries: [
        {
          type: 'payment',
          context: 'usage',
          category: body.forDeposit ? 'security_deposit' : 'payment',
          label: body.label ?? (body.forDeposit ? 'Security deposit received' : 'Payment'),
          amountMinor,
          method: body.method,
          receiptId: receipt.id,
          receiptNumber: receipt.number,
        },
      ],
      extra: [receipt.item, ...paid.map((a) => invoicePaymentUpdate(actor.tenantId, a.invoice, a.amountMinor, at))],
      respond: (r, entries) => ({ ...respondWithEntry(r, entries), invoices: invoiceMoves(paid) }),
      status201: true,
    };
  });
}

/**
 * The rental's open invoices a payment of `amountMinor` pays, oldest first. An invoice never owes
 * more than its rental: when the open invoices come to more than the rental will still owe (money
 * taken on the rental before issue 26 was not allocated), they are caught up as well — the same
 * rule as the invoice payment path (payments/settle.ts).
 */
export async function invoicesPaidBy(
  tenantId: string,
  rental: RentalItem,
  amountMinor: number,
): Promise<InvoiceAllocation[]> {
  const invoices = await rentalInvoicesForPayment(tenantId, rental.id);
  const openMinor = invoices
    .filter((i) => i.status === 'issued' || i.status === 'partially_paid')
    .reduce((s, i) => s + Math.max(0, i.balanceMinor), 0);
  const owesAfter = Math.max(0, rental.balanceMinor - amountMinor);
  return allocateOldestFirst(invoices, Math.max(amountMinor, openMinor - owesAfter));
}

/**
 * Money leaving the rental (a refund, a payment reversed) reopens its invoices, newest first, by
 * what they hold beyond the money the rental keeps: the invoices' paid amounts never exceed the
 * payments less refunds left on the rental, so the rental, its invoices and the aging show the
 * same open amount. Money not allocated to an invoice (it paid charges not invoiced yet) goes
 * first; an invoice reopens only for the rest.
 */
async function invoicesReopenedBy(
  tenantId: string,
  rental: RentalItem,
  keptAfterMinor: number,
): Promise<InvoiceAllocation[]> {
  const invoices = await rentalInvoicesForPayment(tenantId, rental.id);
  const allocated = invoices.reduce((s, i) => s + i.amountPaidMinor, 0);
  return releaseNewestFirst(invoices, allocated - Math.max(0, keptAfterMinor));
}

/** What the answer reports of the invoices a payment or refund moved. */
const invoiceMoves = (moves: readonly InvoiceAllocation[]) =>
  moves.map(({ invoice, amountMinor }) => {
    const balanceMinor = invoice.balanceMinor - amountMinor;
    return {
      id: invoice.id,
      number: invoice.number,
      status: balanceMinor <= 0 ? 'paid' : balanceMinor >= invoice.totalMinor ? 'issued' : 'partially_paid',
      amountApplied: fromMinor(amountMinor),
      balance: fromMinor(balanceMinor),
    };
  });

/**
 * A payment or refund of another domain (payments: an invoice paid, a refund to the original
 * method) as rental ledger + journal transaction items, for that domain's own transaction: the
 * same rental payment path (entry, totals, posting rules, audit) without writing. The refund is
 * held to the money received, as recordRefund holds it.
 */
export type RentalMoneyChange = RentalChange;
export function rentalMoneyChange(
  actor: Actor,
  rentalId: string,
  move: {
    type: 'payment' | 'refund';
    amountMinor: number;
    method: string;
    label: string;
    receipt?: { id: string; number: string };
  },
): Promise<RentalChange> {
  return planRentalChange(actor, rentalId, async (rental) => {
    assertOpen(rental);
    if (move.type === 'refund' && move.amountMinor > rental.paymentsMinor - rental.refundsMinor)
      throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.refundOverPaid });
    return {
      action: move.type,
      entries: [
        {
          type: move.type,
          context: move.type === 'refund' ? 'refund' : 'usage',
          category: 'payment',
          label: move.label,
          amountMinor: move.amountMinor,
          method: move.method as LedgerItem['method'],
          ...(move.receipt ? { receiptId: move.receipt.id, receiptNumber: move.receipt.number } : {}),
        },
      ],
      respond: respondWithEntry,
    };
  });
}

export function addCharge(actor: Actor, rentalId: string, body: ChargeBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'charge', idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    return {
      action: 'charge',
      entries: [
        {
          type: 'charge',
          context: 'adjustment',
          category: body.category as LedgerItem['category'],
          label: body.label,
          amountMinor: toMinor(body.amount),
        },
      ],
      respond: respondWithEntry,
      status201: true,
    };
  });
}

export async function recordRefund(actor: Actor, rentalId: string, body: RefundBody, key?: string) {
  let paidWith: string[] = [];
  let reference = '';
  const result = await mutateRental(
    actor,
    rentalId,
    { scope: 'refund', idempotencyKey: key },
    async (rental, _settings, now) => {
      assertOpen(rental);
      reference = rental.referenceNumber;
      paidWith = [
        ...new Set(
          (await readLedger(actor.tenantId, rentalId))
            .filter((e) => e.type === 'payment' && !e.reversesId && e.method)
            .map((e) => String(e.method)),
        ),
      ];
      const amountMinor = toMinor(body.amount);
      if (body.fromDeposit && amountMinor > rental.depositHeldMinor)
        throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.refundOverDeposit });
      if (!body.fromDeposit && amountMinor > rental.paymentsMinor - rental.refundsMinor)
        throw validationFailed({ amount: RENTAL_SERVER_MESSAGES.refundOverPaid });
      const label = body.label ?? (body.fromDeposit ? 'Security deposit refund' : 'Refund');
      // Money paid back reopens the invoices it had paid, newest first (a deposit refund pays nothing back of them).
      const reopened = body.fromDeposit
        ? []
        : await invoicesReopenedBy(actor.tenantId, rental, rental.paymentsMinor - rental.refundsMinor - amountMinor);
      // Money paid back gets its refund receipt (REC- numbering) in the same transaction.
      const receipt = await rentalPaymentReceipt(actor, {
        rentalId: rental.id,
        rentalReference: rental.referenceNumber,
        customerId: rental.customerId,
        customerName: rental.customerName,
        amountMinor,
        method: body.method,
        deposit: body.fromDeposit,
        kind: 'refund_receipt',
        reason: label,
      });
      // Between the refund receipt's number and the transaction (a crash burns the REC- number, writes nothing).
      if (body.fromDeposit) crashPoint('deposit-refund:after-receipt', actor.tenantId);
      const at = now.toISOString();
      return {
        action: body.fromDeposit ? 'deposit_refund' : 'refund',
        entries: [
          {
            type: 'refund',
            context: 'refund',
            category: body.fromDeposit ? 'security_deposit_refund' : 'payment',
            label,
            amountMinor,
            method: body.method,
            receiptId: receipt.id,
            receiptNumber: receipt.number,
          },
        ],
        extra: [
          receipt.item,
          ...reopened.map((a) => invoicePaymentUpdate(actor.tenantId, a.invoice, a.amountMinor, at)),
        ],
        respond: (r, entries) => ({ ...respondWithEntry(r, entries), invoices: invoiceMoves(reopened) }),
        status201: true,
      };
    },
  );
  // A refund to a method the customer never paid with is how money leaves to someone else (risk feed).
  if (!body.fromDeposit && paidWith.length && !paidWith.includes(body.method))
    await recordRiskyAction(actor, {
      signal: 'refund_other_method',
      summary: `refund of ${fromMinor(toMinor(body.amount)).toFixed(2)} on ${reference} to ${body.method}; paid by ${paidWith.join(', ')}`,
      entity: 'RENTAL',
      entityId: rentalId,
    });
  return result;
}

export async function reverseEntry(
  actor: Actor,
  rentalId: string,
  entryId: string,
  body: { amount?: number; reason: string },
  key?: string,
) {
  let discount: { amountMinor: number; reference: string; label: string } | undefined;
  const result = await mutateRental(
    actor,
    rentalId,
    { scope: 'reverse', idempotencyKey: key },
    async (rental, _settings, now) => {
      assertOpen(rental);
      const original = (await getItem({ pk: ledgerPk(actor.tenantId, rentalId), sk: entryId }, true)) as
        | LedgerItem
        | undefined;
      if (!original) throw notFound('Ledger entry not found');
      if (original.reversesId)
        throw conflict('A reversal cannot be reversed; post a new entry instead', undefined, 'INVALID_REVERSAL');
      // An invoiced charge is corrected by the invoice's credit note (which reverses it), not here.
      const invoice =
        original.type === 'charge' ? await invoiceOfCharge(actor.tenantId, rentalId, original.id) : undefined;
      if (invoice)
        throw conflict(
          `This charge is on invoice ${invoice.invoiceNumber}. Issue a credit note for the invoice instead.`,
          undefined,
          'INVOICE_LOCKED',
        );
      const ledger = await readLedger(actor.tenantId, rentalId);
      const leftOf = (entry: LedgerItem) =>
        entry.amountMinor - ledger.filter((e) => e.reversesId === entry.id).reduce((s, e) => s + e.amountMinor, 0);
      const left = leftOf(original);
      const amountMinor = body.amount !== undefined ? toMinor(body.amount) : left;
      if (left <= 0) throw conflict('This entry is already fully reversed', undefined, 'INVALID_REVERSAL');
      if (amountMinor > left) throw validationFailed({ amount: 'Reversal cannot exceed what is left of the entry' });
      // The deposit applied at close is a pair (deposit out, payment in): both halves are reversed
      // together, so the deposit held and the balance move back as one and the books stay equal.
      const partner = original.method === DEPOSIT_APPLIED_METHOD ? depositAppliedPartner(ledger, original) : undefined;
      const reversed = partner && leftOf(partner) >= amountMinor ? [original, partner] : [original];
      // Taking a large amount off a charge by hand is a manual discount (risk feed, below).
      discount =
        original.type === 'charge' && amountMinor >= LARGE_AMOUNT_MINOR
          ? { amountMinor, reference: rental.referenceNumber, label: original.label }
          : undefined;
      const entries = reversed.map((entry) => ({
        type: entry.type,
        context: 'adjustment' as const,
        category: entry.category,
        label: `Reversal: ${body.reason}`,
        amountMinor,
        method: entry.method,
        reversesId: entry.id,
        lineCode: entry.lineCode,
      }));
      // A payment taken back reopens the invoices it paid, newest first, as a refund does (issue 26).
      const moved = ledgerTotals(entries.map((e) => ({ ...e, id: '' })));
      const reopened =
        original.type === 'payment' && moved.paymentsMinor < 0
          ? await invoicesReopenedBy(
              actor.tenantId,
              rental,
              rental.paymentsMinor + moved.paymentsMinor - rental.refundsMinor - moved.refundsMinor,
            )
          : [];
      const at = now.toISOString();
      return {
        action: 'reversal',
        note: body.reason,
        entries,
        // …and an invoice issued meanwhile (its marker written) makes this transaction fail and re-plan.
        extra: [
          ...(original.type === 'charge'
            ? [tx.condition(chargeMarkerKey(actor.tenantId, rentalId, original.id), 'attribute_not_exists(pk)')]
            : []),
          ...reopened.map((a) => invoicePaymentUpdate(actor.tenantId, a.invoice, a.amountMinor, at)),
        ],
        respond: (r, posted) => ({
          ...respondWithEntry(r, posted),
          ...(reopened.length ? { invoices: invoiceMoves(reopened) } : {}),
        }),
        status201: true,
      };
    },
  );
  if (discount)
    await recordRiskyAction(actor, {
      signal: 'large_discount',
      summary: `manual discount of ${fromMinor(discount.amountMinor).toFixed(2)} off "${discount.label}" on ${discount.reference}: ${body.reason}`,
      entity: 'RENTAL',
      entityId: rentalId,
    });
  return result;
}

/**
 * Reverses whole charges (or what an invoice carried of them) in ONE rental transaction that
 * also holds the caller's items — the invoices domain's credit note: reversal entries on the
 * rental ledger (posted to the GL by the posting rules), plus the credit note, the voided
 * invoice and the released charge markers. `extra` is built on every attempt (fresh counters).
 */
export function reverseChargesWith(
  actor: Actor,
  rentalId: string,
  input: {
    charges: readonly { id: string; amountMinor: number }[];
    reason: string;
    action: string;
    idempotencyKey?: string;
    extra: (rental: RentalItem, now: Date) => Promise<TransactItem[]>;
    respond: () => unknown;
  },
) {
  return mutateRental(
    actor,
    rentalId,
    { scope: input.action, idempotencyKey: input.idempotencyKey },
    async (rental, _settings, now) => {
      assertOpen(rental);
      const ledger = await readLedger(actor.tenantId, rentalId);
      const byId = new Map(ledger.map((e) => [e.id, e]));
      const entries = input.charges
        .filter((c) => c.amountMinor > 0)
        .map((c) => {
          const original = byId.get(c.id);
          if (!original || original.type !== 'charge' || original.reversesId)
            throw conflict('The charge to reverse is not on this rental', undefined, 'INVALID_REVERSAL');
          const left =
            original.amountMinor -
            ledger.filter((e) => e.reversesId === original.id).reduce((s, e) => s + e.amountMinor, 0);
          if (c.amountMinor > left) throw conflict('This charge was already reversed', undefined, 'INVALID_REVERSAL');
          return {
            type: original.type,
            context: 'adjustment' as const,
            category: original.category,
            label: `Reversal: ${input.reason}`,
            amountMinor: c.amountMinor,
            reversesId: original.id,
            lineCode: original.lineCode,
          };
        });
      return {
        action: input.action,
        note: input.reason,
        entries,
        extra: await input.extra(rental, now),
        respond: input.respond,
        status201: true,
      };
    },
  );
}

/**
 * Further charges on a rental for ANOTHER domain's transaction (issue 29: an invoice's debit note — a late fuel or
 * kilometre charge after the invoice): the ledger entries, the rental's totals and their journal entry (posting
 * rules), conditioned on the rental's version, returned unwritten with the entries (their ids), so the caller
 * writes its document and the invoiced-charge markers in the same transaction. A completed rental takes them (they
 * arrive after the return); an archived one refuses.
 */
export function chargesChange(
  actor: Actor,
  rentalId: string,
  input: {
    action: string;
    note: string;
    entries: { category: LedgerItem['category']; label: string; amountMinor: number }[];
  },
): Promise<RentalChange> {
  return planRentalChange(actor, rentalId, async (rental) => {
    assertOpen(rental);
    return {
      action: input.action,
      note: input.note,
      entries: input.entries.map((e) => ({
        type: 'charge' as const,
        context: 'adjustment' as const,
        category: e.category,
        label: e.label,
        amountMinor: e.amountMinor,
      })),
    };
  });
}

/**
 * Rentals whose invoices charge each period's rent: open-ended ones still running, booked since
 * issue 26 (one booked before had its expected rent charged at booking: see chargesRentByPeriod).
 */
const billable = (rental: RentalItem) =>
  rental.openEnded && rental.chargesRentByPeriod === true && ['pending', 'active', 'overdue'].includes(rental.status);

/** The days of a rental's rent already charged by its billing periods (issue 26). */
const chargedThrough = (rental: RentalItem) =>
  typeof rental.lastChargedDate === 'string' ? rental.lastChargedDate : null;

/**
 * What billing `period` of `rental` would post (nothing for rentals not billed by period): its rent (pricing.ts
 * periodRentEntries).
 */
export function billingPeriodPreview(rental: RentalItem, period: RentPeriod): NewLedgerEntry[] {
  return billable(rental) ? periodRentEntries(rental, period, chargedThrough(rental)) : [];
}

/**
 * The rental change (ledger entries + their journal, for the caller's own transaction) that
 * charges the rent of `period` of an open-ended rental, moving its lastChargedDate to the
 * period's end (conditioned on the rental's version like every rental change, so two issues of
 * one period cannot both charge it); undefined when there is nothing to post.
 */
export async function billingPeriodChange(
  actor: Actor,
  rentalId: string,
  period: RentPeriod,
  changes?: Record<string, unknown>,
): Promise<RentalChange | undefined> {
  const change = await planRentalChange(actor, rentalId, async (rental) => {
    assertOpen(rental);
    const entries = billingPeriodPreview(rental, period);
    const charged = entries.length ? { lastChargedDate: period.periodEnd } : {};
    // `changes`: the invoicing job's lastChargedDate / lastInvoicedDate (issue 10).
    return {
      action: 'billing_period',
      params: { from: period.periodStart, to: period.periodEnd },
      entries,
      changes: { ...charged, ...changes },
    };
  });
  return change.entries.length ? change : undefined;
}

/**
 * A tax invoice issued while the rental is still booked (issue 26 tax point: the earliest of
 * payment, tax invoice and supply): its charges are posted with the invoice — the pickup's lines
 * (posting-rules.ts: rent to 2170 unearned, VAT at this tax point, advances onto the receivable)
 * — in the invoice's own transaction, and the rental remembers it (`chargedBeforePickup`) so the
 * pickup posts nothing of them again. Rent is still earned day by day from pickup.
 */
export const chargesAtInvoice = (rental: Pick<RentalItem, 'status' | 'earnsRentByDay' | 'chargedBeforePickup'>) =>
  rental.status === 'pending' && rental.earnsRentByDay === true && rental.chargedBeforePickup !== true;

export function chargeAtInvoiceChange(actor: Actor, rentalId: string, invoiceNumber: string): Promise<RentalChange> {
  return planRentalChange(actor, rentalId, async (rental) => {
    assertOpen(rental);
    return {
      action: 'invoiced_before_pickup',
      params: { invoice: invoiceNumber },
      changes: { chargedBeforePickup: true },
    };
  });
}

/** Charges another domain adds to a rental (a fine, tolls, their admin fees): issue 13. */
export interface ExternalChargePlan {
  note?: string;
  entries: {
    category: 'traffic_fines' | 'salik_charges' | 'tax' | 'other' | 'damage_fees' | 'extra_km' | 'fuel_charges';
    label: string;
    amountMinor: number;
    lineCode?: string;
  }[];
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
export function postExternalCharges(
  actor: Actor,
  rentalId: string,
  action: string,
  plan: (rental: RentalItem) => Promise<ExternalChargePlan>,
  key?: string,
) {
  return mutateRental(actor, rentalId, { scope: `ext-${action}`, idempotencyKey: key }, async (rental) => {
    assertOpen(rental);
    const p = await plan(rental);
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p.addTotals ?? {})) changes[k] = (Number(rental[k] ?? 0) || 0) + (v ?? 0);
    return {
      action,
      note: p.note,
      changes,
      entries: p.entries
        .filter((e) => e.amountMinor > 0)
        .map((e) => ({
          type: 'charge' as const,
          context: 'adjustment' as const,
          category: e.category,
          label: e.label,
          amountMinor: e.amountMinor,
          ...(e.lineCode ? { lineCode: e.lineCode } : {}),
        })),
      extra: p.extra,
      respond: (r, entries) => ({ rental: r, entries: entries.map((e) => toApi(e)) }),
      status201: true,
    };
  });
}

/**
 * The deposits area (issue 10): part of the held deposit applied to the rental's charges — those
 * that arrived after the return (damage, fines, tolls) or any balance still due. Optionally posts
 * the new charge first, in the same transaction. Written as the close writes it: a PAIR of entries
 * (deposit out with the pseudo-method DEPOSIT_APPLIED_METHOD, payment in with it), posted to the GL
 * as deposits held against receivables. Capped by the deposit held and by what is owed.
 */
export interface DepositSettlement {
  /** The caller's items (the invoices the applied amount pays), written in the same transaction. */
  items: TransactItem[];
  /** What the answer reports of them. */
  summary: unknown;
}

export function applyDeposit(
  actor: Actor,
  rentalId: string,
  body: {
    amountMinor: number;
    charge?: { category: LedgerItem['category']; label: string; amountMinor: number };
    note?: string;
  },
  key?: string,
  /**
   * The caller's settlement of the issued invoices the applied amount pays (collections → invoices api); re-run with
   * the plan on a lost race.
   */
  settle?: (rental: RentalItem, amountMinor: number, at: string) => Promise<DepositSettlement>,
) {
  return mutateRental(
    actor,
    rentalId,
    { scope: 'deposit-apply', idempotencyKey: key },
    async (rental, _settings, now) => {
      assertOpen(rental);
      // The charge follows the rental's tax mode (exclusive: plus VAT as a tax charge; inclusive: VAT inside).
      const taxed = body.charge ? depositChargeTax(rental, body.charge.category, body.charge.amountMinor) : null;
      const owed = rental.balanceMinor + (taxed?.totalMinor ?? 0);
      if (body.amountMinor > rental.depositHeldMinor)
        throw validationFailed({ amount: COLLECTIONS_MESSAGES.applyOverDeposit });
      if (body.amountMinor > owed) throw validationFailed({ amount: COLLECTIONS_MESSAGES.applyOverBalance });
      const entries: NewLedgerEntry[] = [];
      if (body.charge)
        entries.push({
          type: 'charge',
          context: 'adjustment',
          category: body.charge.category,
          label: body.charge.label,
          amountMinor: body.charge.amountMinor,
          lineCode: DEPOSIT_CHARGE_LINE,
        });
      if (body.charge && taxed && taxed.taxMinor > 0)
        entries.push({
          type: 'charge',
          context: 'adjustment',
          category: 'tax',
          label: `VAT ${taxed.ratePercent}% on ${body.charge.label}`,
          amountMinor: taxed.taxMinor,
        });
      entries.push(
        {
          type: 'refund',
          context: 'adjustment',
          category: 'security_deposit_refund',
          label: 'Security deposit applied to balance',
          amountMinor: body.amountMinor,
          method: DEPOSIT_APPLIED_METHOD,
        },
        {
          type: 'payment',
          context: 'adjustment',
          category: 'payment',
          label: 'Paid from security deposit',
          amountMinor: body.amountMinor,
          method: DEPOSIT_APPLIED_METHOD,
        },
      );
      const settled = settle ? await settle(rental, body.amountMinor, now.toISOString()) : undefined;
      return {
        action: 'deposit_applied',
        note: body.note,
        entries,
        extra: settled?.items,
        respond: (r, posted) => ({
          rental: r,
          entries: posted.map((e) => toApi(e)),
          ...(settled ? { invoices: settled.summary } : {}),
        }),
        status201: true,
      };
    },
  );
}

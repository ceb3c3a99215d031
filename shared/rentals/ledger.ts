/**
 * Per-rental ledger maths (pure): balance, balance state, payment allocation and the security
 * deposit. Entries mirror `rental_ledger_entries` of the spec.
 *
 * Representation:
 * - Every entry has a POSITIVE integer `amountMinor`; its direction comes from `type`:
 *   charge (+, the customer owes more), payment (−), refund (+, money went back to the customer).
 * - REVERSALS: locked entries are never edited. A correction is a new entry with the SAME type and
 *   category as the original, a positive amount up to what is left of the original (partial
 *   reversals allowed), and `reversesId` = the original's id. A reversal counts with the opposite
 *   sign of its type. Reversing a reversal is not allowed (post a new entry instead).
 *   validateLedger reports entries that break these rules.
 * - `status` (paid/pending) does not change the balance: on a charge it says whether the charge
 *   is covered (see allocatePayments), on a payment it is the gateway's state, recorded when the
 *   payment is posted.
 * - SECURITY DEPOSIT: the deposit is a liability held for the customer, not revenue, so it is
 *   kept OUT of the rental balance. Deposit entries are the ones with category 'security_deposit'
 *   (a charge = deposit requested, a payment = deposit received) or 'security_deposit_refund'
 *   (a refund = deposit returned). At close the held deposit first covers what the customer
 *   still owes; the rest is refunded (never negative).
 */

export const LEDGER_TYPES = ['charge', 'payment', 'refund'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const LEDGER_CONTEXTS = ['initial', 'usage', 'adjustment', 'refund', 'end'] as const;
export type LedgerContext = (typeof LEDGER_CONTEXTS)[number];

export const LEDGER_STATUSES = ['paid', 'pending'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** Ledger categories, verbatim from the spec. */
export const LEDGER_CATEGORIES = [
  'base_rental',
  'pre_rental',
  'security_deposit',
  'insurance',
  'tax',
  'salik_charges',
  'traffic_fines',
  'damage_fees',
  'late_fees',
  'extra_km',
  'fuel_charges',
  'payment',
  'security_deposit_refund',
  'other',
] as const;
export type LedgerCategory = (typeof LEDGER_CATEGORIES)[number];

export interface LedgerEntry {
  id: string;
  type: LedgerType;
  category: LedgerCategory;
  context: LedgerContext;
  /** Positive integer minor units. */
  amountMinor: number;
  status: LedgerStatus;
  /** Set on a reversal: the id of the entry it (partly) cancels. */
  reversesId?: string | null;
  label?: string;
}

/** The slice of an entry the maths needs (so callers can pass their stored items). */
export type LedgerEntryLike = Pick<LedgerEntry, 'id' | 'type' | 'category' | 'amountMinor'> & {
  reversesId?: string | null;
};

/**
 * Order in which payments cover charges: government pass-through charges first (the company is
 * liable for them), then damage and usage charges, then the rental itself, insurance and other
 * fees, and tax last. Within a category, older charges (earlier in the list) first. Categories
 * not listed come after tax. Deposit charges are covered only by deposit payments.
 */
export const ALLOCATION_PRIORITY: readonly LedgerCategory[] = [
  'traffic_fines',
  'salik_charges',
  'damage_fees',
  'late_fees',
  'extra_km',
  'fuel_charges',
  'base_rental',
  'pre_rental',
  'insurance',
  'other',
  'tax',
];

const DEPOSIT_CATEGORIES: readonly LedgerCategory[] = ['security_deposit', 'security_deposit_refund'];

/** Whether an entry is a security-deposit flow (kept out of the rental balance). */
export function isDepositEntry(entry: Pick<LedgerEntryLike, 'category'>): boolean {
  return DEPOSIT_CATEGORIES.includes(entry.category);
}

const isReversal = (e: LedgerEntryLike) => e.reversesId !== undefined && e.reversesId !== null && e.reversesId !== '';
const TYPE_SIGN: Record<LedgerType, 1 | -1> = { charge: 1, payment: -1, refund: 1 };

/** Signed effect of one entry on a balance: + for charges and refunds, − for payments; reversals flip it. */
export function signedAmount(entry: LedgerEntryLike): number {
  return TYPE_SIGN[entry.type] * (isReversal(entry) ? -1 : 1) * entry.amountMinor;
}

function sum(list: readonly number[]): number {
  let t = 0;
  for (const n of list) t += n;
  return t;
}

/**
 * Rental balance = charges − payments + refunds over the non-deposit entries, each reversal
 * counted against its type. > 0: the customer owes; < 0: the company owes the customer.
 */
export function ledgerBalance(entries: readonly LedgerEntryLike[]): number {
  return sum(entries.filter((e) => !isDepositEntry(e)).map(signedAmount));
}

export type BalanceState = 'due' | 'credit' | 'settled';

/** 'due' when the balance is positive, 'credit' when negative, 'settled' at exactly 0. */
export function balanceState(balanceMinor: number): BalanceState {
  return balanceMinor > 0 ? 'due' : balanceMinor < 0 ? 'credit' : 'settled';
}

/** Amount left of each original entry after its reversals (by id; reversals themselves excluded). */
export function effectiveAmounts(entries: readonly LedgerEntryLike[]): Map<string, number> {
  const left = new Map<string, number>();
  for (const e of entries) if (!isReversal(e)) left.set(e.id, (left.get(e.id) ?? 0) + e.amountMinor);
  for (const e of entries) {
    if (isReversal(e) && left.has(e.reversesId!)) left.set(e.reversesId!, left.get(e.reversesId!)! - e.amountMinor);
  }
  return left;
}

export interface LedgerTotals {
  chargesMinor: number;
  paymentsMinor: number;
  refundsMinor: number;
  balanceMinor: number;
  state: BalanceState;
  deposit: { requestedMinor: number; receivedMinor: number; refundedMinor: number; heldMinor: number };
}

/** Totals by type (net of reversals, deposit flows apart), the balance and its state. */
export function ledgerTotals(entries: readonly LedgerEntryLike[]): LedgerTotals {
  const net = (pred: (e: LedgerEntryLike) => boolean) =>
    sum(entries.filter(pred).map((e) => (isReversal(e) ? -e.amountMinor : e.amountMinor)));
  const rental = (t: LedgerType) => (e: LedgerEntryLike) => e.type === t && !isDepositEntry(e);
  const deposit = (t: LedgerType) => (e: LedgerEntryLike) => e.type === t && isDepositEntry(e);
  const chargesMinor = net(rental('charge'));
  const paymentsMinor = net(rental('payment'));
  const refundsMinor = net(rental('refund'));
  const balanceMinor = chargesMinor - paymentsMinor + refundsMinor;
  const receivedMinor = net(deposit('payment'));
  const refundedMinor = net(deposit('refund'));
  return {
    chargesMinor,
    paymentsMinor,
    refundsMinor,
    balanceMinor,
    state: balanceState(balanceMinor),
    deposit: {
      requestedMinor: net(deposit('charge')),
      receivedMinor,
      refundedMinor,
      heldMinor: Math.max(0, receivedMinor - refundedMinor),
    },
  };
}

/**
 * The pseudo-method of the deposit applied to the balance at close. The close writes a PAIR of
 * entries with it (a deposit refund and a payment of the same amount); the pair is reversed
 * together, never one half alone (which would move the deposit without the balance).
 */
export const DEPOSIT_APPLIED_METHOD = 'security_deposit';
/**
 * The pseudo-method of customer credit (an earlier overpayment, 2160 customer advances) applied
 * to a rental's balance by the payments domain: a payment entry that moves no new money.
 */
export const CUSTOMER_CREDIT_METHOD = 'customer_credit';

/** Security deposit currently held: deposit payments received − deposit refunds (net of reversals), never negative. */
export function depositHeld(entries: readonly LedgerEntryLike[]): number {
  return ledgerTotals(entries).deposit.heldMinor;
}

export interface DepositSettlement {
  heldMinor: number;
  /** Part of the deposit kept to cover the outstanding balance. */
  appliedToBalanceMinor: number;
  /** Part of the deposit to give back. */
  refundMinor: number;
  /** Balance still due after applying the deposit (≥ 0 when it was due; a credit stays as is). */
  balanceAfterMinor: number;
}

/**
 * Deposit settlement at close: applied = min(held, max(0, balance)); refund = held − applied
 * (= max(0, held − what the customer still owes)); a customer credit is not taken from the deposit.
 */
export function depositSettlementAtClose(entries: readonly LedgerEntryLike[]): DepositSettlement {
  const t = ledgerTotals(entries);
  const held = t.deposit.heldMinor;
  const applied = Math.min(held, Math.max(0, t.balanceMinor));
  return {
    heldMinor: held,
    appliedToBalanceMinor: applied,
    refundMinor: held - applied,
    balanceAfterMinor: t.balanceMinor - applied,
  };
}

/** Deposit to refund at close: deposit held minus what the customer still owes, never negative. */
export function depositRefundAtClose(entries: readonly LedgerEntryLike[]): number {
  return depositSettlementAtClose(entries).refundMinor;
}

// ---------------------------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------------------------

export interface Allocation {
  paymentId: string;
  chargeId: string;
  amountMinor: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** Each charge's amount (net of reversals) not yet covered. */
  outstandingByCharge: Record<string, number>;
  /** Each payment's amount (net of reversals and refunds) not used: a customer credit. */
  unallocatedByPayment: Record<string, number>;
  /** 'paid' when a charge is fully covered, else 'pending'. */
  chargeStatus: Record<string, LedgerStatus>;
}

function priorityOf(category: LedgerCategory): number {
  const i = ALLOCATION_PRIORITY.indexOf(category);
  return i === -1 ? ALLOCATION_PRIORITY.length : i;
}

/**
 * Allocates payments to charges: payments in ledger order (oldest first), each filling charges in
 * ALLOCATION_PRIORITY order (ties: ledger order). Amounts are net of reversals. Refunds (non-
 * deposit) first take back from the newest payments. Deposit payments cover only deposit
 * charges, rental payments only rental charges. Never allocates more than a charge's or a
 * payment's amount.
 */
export function allocatePayments(entries: readonly LedgerEntryLike[]): AllocationResult {
  const left = effectiveAmounts(entries);
  const originals = entries.filter((e) => !isReversal(e));
  const result: AllocationResult = {
    allocations: [],
    outstandingByCharge: {},
    unallocatedByPayment: {},
    chargeStatus: {},
  };

  for (const pool of [false, true]) {
    const inPool = (e: LedgerEntryLike) => isDepositEntry(e) === pool;
    const charges = originals
      .map((e, index) => ({ e, index }))
      .filter(({ e }) => e.type === 'charge' && inPool(e))
      .sort((a, b) => priorityOf(a.e.category) - priorityOf(b.e.category) || a.index - b.index)
      .map(({ e }) => ({ id: e.id, open: Math.max(0, left.get(e.id) ?? 0) }));
    const payments = originals
      .filter((e) => e.type === 'payment' && inPool(e))
      .map((e) => ({ id: e.id, free: Math.max(0, left.get(e.id) ?? 0) }));

    // Refunds give money back: take it from the newest payments first.
    let refunded = sum(
      originals.filter((e) => e.type === 'refund' && inPool(e)).map((e) => Math.max(0, left.get(e.id) ?? 0)),
    );
    for (let i = payments.length - 1; i >= 0 && refunded > 0; i--) {
      const take = Math.min(payments[i].free, refunded);
      payments[i].free -= take;
      refunded -= take;
    }

    let c = 0;
    for (const p of payments) {
      while (p.free > 0 && c < charges.length) {
        const charge = charges[c];
        const amount = Math.min(p.free, charge.open);
        if (amount > 0) {
          result.allocations.push({ paymentId: p.id, chargeId: charge.id, amountMinor: amount });
          p.free -= amount;
          charge.open -= amount;
        }
        if (charge.open === 0) c++;
      }
    }
    for (const ch of charges) {
      result.outstandingByCharge[ch.id] = ch.open;
      result.chargeStatus[ch.id] = ch.open === 0 ? 'paid' : 'pending';
    }
    for (const p of payments) result.unallocatedByPayment[p.id] = p.free;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/**
 * Problems with a ledger, as English sentences (empty when sound): duplicate ids, amounts that are
 * not positive integers, reversals of unknown entries, of themselves or of reversals, reversals
 * whose type or category differ from the original, and reversals exceeding the original.
 */
export function validateLedger(entries: readonly LedgerEntryLike[]): string[] {
  const issues: string[] = [];
  const byId = new Map<string, LedgerEntryLike>();
  for (const e of entries) {
    if (byId.has(e.id)) issues.push(`Duplicate entry id ${e.id}`);
    byId.set(e.id, e);
    if (!Number.isSafeInteger(e.amountMinor) || e.amountMinor <= 0)
      issues.push(`Entry ${e.id}: amount must be a positive integer`);
  }
  const reversed = new Map<string, number>();
  for (const e of entries) {
    if (!isReversal(e)) continue;
    const original = byId.get(e.reversesId!);
    if (!original || original === e) {
      issues.push(`Entry ${e.id} reverses unknown entry ${e.reversesId}`);
      continue;
    }
    if (isReversal(original)) issues.push(`Entry ${e.id} reverses a reversal (${original.id})`);
    if (original.type !== e.type || original.category !== e.category) {
      issues.push(`Entry ${e.id} must have the type and category of the entry it reverses`);
    }
    reversed.set(original.id, (reversed.get(original.id) ?? 0) + e.amountMinor);
  }
  for (const [id, amount] of reversed) {
    if (amount > byId.get(id)!.amountMinor) issues.push(`Entry ${id} is reversed by more than its amount`);
  }
  return issues;
}

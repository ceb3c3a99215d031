import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocatePayments,
  ALLOCATION_PRIORITY,
  balanceState,
  depositHeld,
  depositRefundAtClose,
  depositSettlementAtClose,
  effectiveAmounts,
  isDepositEntry,
  LEDGER_CATEGORIES,
  ledgerBalance,
  ledgerTotals,
  signedAmount,
  validateLedger,
  type LedgerCategory,
  type LedgerEntry,
  type LedgerType,
} from './ledger';

let seq = 0;
function entry(
  type: LedgerType,
  category: LedgerCategory,
  amountMinor: number,
  extra: Partial<LedgerEntry> = {},
): LedgerEntry {
  seq += 1;
  return {
    id: extra.id ?? `e${seq}`,
    type,
    category,
    context: type === 'charge' ? 'initial' : type === 'refund' ? 'refund' : 'initial',
    amountMinor,
    status: 'pending',
    ...extra,
  };
}
const charge = (c: LedgerCategory, a: number, x?: Partial<LedgerEntry>) => entry('charge', c, a, x);
const payment = (a: number, x?: Partial<LedgerEntry>) => entry('payment', 'payment', a, x);
const refund = (a: number, x?: Partial<LedgerEntry>) => entry('refund', 'payment', a, x);

describe('categories', () => {
  it('are the spec list', () => {
    expect(LEDGER_CATEGORIES).toEqual([
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
    ]);
    expect(isDepositEntry({ category: 'security_deposit' })).toBe(true);
    expect(isDepositEntry({ category: 'security_deposit_refund' })).toBe(true);
    expect(isDepositEntry({ category: 'base_rental' })).toBe(false);
  });
});

describe('ledgerBalance and balanceState', () => {
  it('charges − payments + refunds', () => {
    const entries = [charge('base_rental', 60_000), charge('tax', 3_000), payment(50_000), refund(1_000)];
    expect(ledgerBalance(entries)).toBe(14_000);
    expect(balanceState(14_000)).toBe('due');
  });

  it('credit and settled', () => {
    expect(balanceState(ledgerBalance([charge('base_rental', 100), payment(150)]))).toBe('credit');
    expect(balanceState(ledgerBalance([charge('base_rental', 100), payment(100)]))).toBe('settled');
    expect(balanceState(ledgerBalance([]))).toBe('settled');
  });

  it('reversals negate their original (full and partial)', () => {
    const c = charge('damage_fees', 10_000, { id: 'dmg' });
    const p = payment(4_000, { id: 'p1' });
    const entries = [c, p, charge('damage_fees', 2_500, { reversesId: 'dmg' }), payment(4_000, { reversesId: 'p1' })];
    expect(ledgerBalance(entries)).toBe(7_500);
    expect(signedAmount(entries[2])).toBe(-2_500);
    expect(signedAmount(entries[3])).toBe(4_000);
    expect(effectiveAmounts(entries).get('dmg')).toBe(7_500);
    expect(effectiveAmounts(entries).get('p1')).toBe(0);
  });

  it('security deposit flows stay out of the balance', () => {
    const entries = [
      charge('base_rental', 30_000),
      charge('security_deposit', 100_000),
      entry('payment', 'security_deposit', 100_000),
      payment(30_000),
    ];
    expect(ledgerBalance(entries)).toBe(0);
    expect(depositHeld(entries)).toBe(100_000);
  });

  it('ledgerTotals', () => {
    const entries = [
      charge('base_rental', 30_000),
      charge('security_deposit', 50_000),
      entry('payment', 'security_deposit', 50_000),
      entry('refund', 'security_deposit_refund', 20_000),
      payment(10_000),
      refund(500),
    ];
    expect(ledgerTotals(entries)).toEqual({
      chargesMinor: 30_000,
      paymentsMinor: 10_000,
      refundsMinor: 500,
      balanceMinor: 20_500,
      state: 'due',
      deposit: { requestedMinor: 50_000, receivedMinor: 50_000, refundedMinor: 20_000, heldMinor: 30_000 },
    });
  });
});

describe('deposit at close', () => {
  const dep = (a: number) => entry('payment', 'security_deposit', a);
  it('refunds what is left after covering the balance', () => {
    const entries = [charge('base_rental', 60_000), payment(60_000), charge('traffic_fines', 20_000), dep(50_000)];
    expect(depositSettlementAtClose(entries)).toEqual({
      heldMinor: 50_000,
      appliedToBalanceMinor: 20_000,
      refundMinor: 30_000,
      balanceAfterMinor: 0,
    });
    expect(depositRefundAtClose(entries)).toBe(30_000);
  });
  it('never negative when the customer owes more than the deposit', () => {
    const entries = [charge('damage_fees', 80_000), dep(50_000)];
    expect(depositSettlementAtClose(entries)).toEqual({
      heldMinor: 50_000,
      appliedToBalanceMinor: 50_000,
      refundMinor: 0,
      balanceAfterMinor: 30_000,
    });
  });
  it('a customer credit is not taken from the deposit', () => {
    const entries = [charge('base_rental', 10_000), payment(15_000), dep(50_000)];
    expect(depositSettlementAtClose(entries)).toEqual({
      heldMinor: 50_000,
      appliedToBalanceMinor: 0,
      refundMinor: 50_000,
      balanceAfterMinor: -5_000,
    });
  });
  it('deposit already refunded or reversed is not held', () => {
    const d = dep(50_000);
    expect(depositHeld([d, entry('refund', 'security_deposit_refund', 50_000)])).toBe(0);
    expect(depositHeld([d, entry('payment', 'security_deposit', 50_000, { reversesId: d.id })])).toBe(0);
    expect(depositRefundAtClose([])).toBe(0);
  });
});

describe('allocatePayments', () => {
  it('fills charges by priority: fines before rental, tax last', () => {
    const rent = charge('base_rental', 60_000, { id: 'rent' });
    const tax = charge('tax', 3_000, { id: 'tax' });
    const fine = charge('traffic_fines', 20_000, { id: 'fine' });
    const r = allocatePayments([rent, tax, fine, payment(50_000, { id: 'p1' })]);
    expect(r.allocations).toEqual([
      { paymentId: 'p1', chargeId: 'fine', amountMinor: 20_000 },
      { paymentId: 'p1', chargeId: 'rent', amountMinor: 30_000 },
    ]);
    expect(r.outstandingByCharge).toEqual({ fine: 0, rent: 30_000, tax: 3_000 });
    expect(r.chargeStatus).toEqual({ fine: 'paid', rent: 'pending', tax: 'pending' });
    expect(r.unallocatedByPayment).toEqual({ p1: 0 });
  });

  it('splits payments across charges and keeps overpayment as credit', () => {
    const r = allocatePayments([
      charge('base_rental', 100, { id: 'c' }),
      payment(60, { id: 'a' }),
      payment(70, { id: 'b' }),
    ]);
    expect(r.allocations).toEqual([
      { paymentId: 'a', chargeId: 'c', amountMinor: 60 },
      { paymentId: 'b', chargeId: 'c', amountMinor: 40 },
    ]);
    expect(r.unallocatedByPayment).toEqual({ a: 0, b: 30 });
  });

  it('same category: older charge first', () => {
    const r = allocatePayments([
      charge('late_fees', 100, { id: 'old' }),
      charge('late_fees', 100, { id: 'new' }),
      payment(150, { id: 'p' }),
    ]);
    expect(r.outstandingByCharge).toEqual({ old: 0, new: 50 });
  });

  it('reversed charges and payments allocate only what is left', () => {
    const r = allocatePayments([
      charge('damage_fees', 10_000, { id: 'd' }),
      charge('damage_fees', 6_000, { id: 'rev', reversesId: 'd' }),
      payment(5_000, { id: 'p' }),
      payment(1_000, { id: 'prev', reversesId: 'p' }),
    ]);
    expect(r.allocations).toEqual([{ paymentId: 'p', chargeId: 'd', amountMinor: 4_000 }]);
    expect(r.chargeStatus).toEqual({ d: 'paid' });
  });

  it('refunds take back from the newest payment first', () => {
    const r = allocatePayments([
      charge('base_rental', 1_000, { id: 'c' }),
      payment(600, { id: 'a' }),
      payment(600, { id: 'b' }),
      refund(300),
    ]);
    expect(r.unallocatedByPayment).toEqual({ a: 0, b: 0 });
    expect(r.outstandingByCharge).toEqual({ c: 100 });
  });

  it('deposit payments cover only deposit charges', () => {
    const r = allocatePayments([
      charge('base_rental', 1_000, { id: 'rent' }),
      charge('security_deposit', 5_000, { id: 'dep' }),
      entry('payment', 'security_deposit', 5_000, { id: 'dp' }),
    ]);
    expect(r.allocations).toEqual([{ paymentId: 'dp', chargeId: 'dep', amountMinor: 5_000 }]);
    expect(r.outstandingByCharge).toEqual({ rent: 1_000, dep: 0 });
  });

  it('priority list covers every charge category except deposit and payment flows', () => {
    const chargeCategories = LEDGER_CATEGORIES.filter(
      (c) => !['security_deposit', 'security_deposit_refund', 'payment'].includes(c),
    );
    expect([...ALLOCATION_PRIORITY].sort()).toEqual([...chargeCategories].sort());
  });
});

describe('validateLedger', () => {
  it('accepts a sound ledger', () => {
    const c = charge('base_rental', 100, { id: 'c' });
    expect(validateLedger([c, charge('base_rental', 100, { reversesId: 'c' }), payment(50)])).toEqual([]);
  });
  it('reports each problem', () => {
    const issues = validateLedger([
      charge('base_rental', 100, { id: 'c' }),
      charge('base_rental', 0, { id: 'zero' }),
      charge('base_rental', 1.5, { id: 'frac' }),
      charge('base_rental', 100, { id: 'c' }),
      charge('base_rental', 50, { id: 'r1', reversesId: 'missing' }),
      payment(10, { id: 'r2', reversesId: 'zero' }),
      charge('base_rental', 10, { id: 'r3', reversesId: 'r1' }),
      charge('tax', 500, { id: 'r4', reversesId: 'frac' }),
    ]);
    expect(issues).toEqual([
      'Entry zero: amount must be a positive integer',
      'Entry frac: amount must be a positive integer',
      'Duplicate entry id c',
      'Entry r1 reverses unknown entry missing',
      'Entry r2 must have the type and category of the entry it reverses',
      'Entry r3 reverses a reversal (r1)',
      'Entry r4 must have the type and category of the entry it reverses',
      'Entry zero is reversed by more than its amount',
      'Entry frac is reversed by more than its amount',
    ]);
  });
});

describe('properties', () => {
  const categories = fc.constantFrom<LedgerCategory>(...LEDGER_CATEGORIES);
  const rawEntry = fc.record({
    type: fc.constantFrom<LedgerType>('charge', 'payment', 'refund'),
    category: categories,
    amountMinor: fc.integer({ min: 1, max: 10_000_000 }),
    reverse: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  });

  /** Builds a ledger whose reversals point at earlier originals of the same type/category, within their amount. */
  function build(
    raw: { type: LedgerType; category: LedgerCategory; amountMinor: number; reverse: number | null }[],
  ): LedgerEntry[] {
    const out: LedgerEntry[] = [];
    const left = new Map<string, number>();
    raw.forEach((r, i) => {
      const originals = out.filter((e) => !e.reversesId && (left.get(e.id) ?? 0) > 0);
      if (r.reverse !== null && originals.length > 0) {
        const target = originals[r.reverse % originals.length];
        const amount = Math.min(r.amountMinor, left.get(target.id)!);
        left.set(target.id, left.get(target.id)! - amount);
        out.push({
          id: `x${i}`,
          type: target.type,
          category: target.category,
          context: 'adjustment',
          amountMinor: amount,
          status: 'paid',
          reversesId: target.id,
        });
      } else {
        left.set(`x${i}`, r.amountMinor);
        out.push({
          id: `x${i}`,
          type: r.type,
          category: r.category,
          context: 'usage',
          amountMinor: r.amountMinor,
          status: 'pending',
        });
      }
    });
    return out;
  }

  const ledgerArb = fc.array(rawEntry, { maxLength: 40 }).map(build);

  it('balance = charges − payments + refunds over non-deposit entries, reversals netted (property)', () => {
    fc.assert(
      fc.property(ledgerArb, (entries) => {
        expect(validateLedger(entries)).toEqual([]);
        const eff = effectiveAmounts(entries);
        let charges = 0;
        let payments = 0;
        let refunds = 0;
        for (const e of entries) {
          if (e.reversesId || isDepositEntry(e)) continue;
          const a = eff.get(e.id)!;
          if (e.type === 'charge') charges += a;
          else if (e.type === 'payment') payments += a;
          else refunds += a;
        }
        const balance = ledgerBalance(entries);
        expect(balance).toBe(charges - payments + refunds);
        expect(Number.isSafeInteger(balance)).toBe(true);
        const t = ledgerTotals(entries);
        expect([t.chargesMinor, t.paymentsMinor, t.refundsMinor, t.balanceMinor]).toEqual([
          charges,
          payments,
          refunds,
          balance,
        ]);
      }),
    );
  });

  it('allocation never exceeds a charge or a payment, and explains the balance (property)', () => {
    fc.assert(
      fc.property(ledgerArb, (entries) => {
        const eff = effectiveAmounts(entries);
        const r = allocatePayments(entries);
        const byCharge = new Map<string, number>();
        const byPayment = new Map<string, number>();
        for (const a of r.allocations) {
          expect(a.amountMinor).toBeGreaterThan(0);
          byCharge.set(a.chargeId, (byCharge.get(a.chargeId) ?? 0) + a.amountMinor);
          byPayment.set(a.paymentId, (byPayment.get(a.paymentId) ?? 0) + a.amountMinor);
          const c = entries.find((e) => e.id === a.chargeId)!;
          const p = entries.find((e) => e.id === a.paymentId)!;
          expect(c.type).toBe('charge');
          expect(p.type).toBe('payment');
          expect(isDepositEntry(c)).toBe(isDepositEntry(p));
        }
        for (const [id, total] of byCharge) {
          expect(total).toBeLessThanOrEqual(eff.get(id)!);
          expect(total + r.outstandingByCharge[id]).toBe(eff.get(id));
        }
        for (const [id, total] of byPayment)
          expect(total + r.unallocatedByPayment[id]).toBeLessThanOrEqual(eff.get(id)!);
        // When refunds do not exceed payments: outstanding − credit = balance.
        const t = ledgerTotals(entries);
        if (t.refundsMinor <= t.paymentsMinor) {
          const rental = (id: string) => !isDepositEntry(entries.find((e) => e.id === id)!);
          const outstanding = Object.entries(r.outstandingByCharge)
            .filter(([id]) => rental(id))
            .reduce((s, [, v]) => s + v, 0);
          const credit = Object.entries(r.unallocatedByPayment)
            .filter(([id]) => rental(id))
            .reduce((s, [, v]) => s + v, 0);
          expect(outstanding - credit).toBe(t.balanceMinor);
        }
      }),
    );
  });

  it('deposit refund at close is within [0, held] (property)', () => {
    fc.assert(
      fc.property(ledgerArb, (entries) => {
        const s = depositSettlementAtClose(entries);
        expect(s.refundMinor).toBeGreaterThanOrEqual(0);
        expect(s.refundMinor + s.appliedToBalanceMinor).toBe(s.heldMinor);
        expect(s.refundMinor).toBe(Math.max(0, s.heldMinor - Math.max(0, ledgerBalance(entries))));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { extractTax } from '../money';
import { LEDGER_CATEGORIES, ledgerTotals, type LedgerCategory } from '../rentals/ledger';
import {
  DEFAULT_METHOD_ACCOUNTS,
  PAYMENT_METHODS,
  TAXED_TOLL_LINE,
  phaseOf,
  pickupJournalLines,
  recognitionLines,
  rentalJournalLines,
  rentalMovementLines,
  straightLineMinor,
  type CodedLine,
  type RentalMovement,
  type RentalPostingContext,
} from './posting-rules';
import { validateJournalLines } from './journal';

const ctx: RentalPostingContext = {
  rentalId: 'R1',
  taxRatePercent: 5,
  taxIncluded: false,
  vatEnabled: true,
  outputVatCode: 'AE_SR_DU',
  methodAccounts: { ...DEFAULT_METHOD_ACCOUNTS },
};
const simple = (lines: CodedLine[]) =>
  lines.map((l) => [l.accountCode, l.debitMinor, l.creditMinor, l.vatCode ?? null]);
const charge = (
  category: LedgerCategory,
  amountMinor: number,
  extra: Partial<RentalMovement> = {},
): RentalMovement => ({ type: 'charge', category, amountMinor, lineCode: category, ...extra });

describe('posting rules: one test per rule of the table', () => {
  it.each([
    ['base_rental', '2170'],
    ['pre_rental', '2170'],
    ['insurance', '2170'],
    ['extra_km', '4120'],
    ['fuel_charges', '4130'],
    ['late_fees', '4140'],
    ['damage_fees', '4150'],
    ['other', '4180'],
  ] as const)('charge %s (priced, tax-exclusive): Dr 1310 / Cr %s with the output VAT code', (category, income) => {
    expect(simple(rentalMovementLines(charge(category, 10_000), ctx))).toEqual([
      ['1310', 10_000, 0, null],
      [income, 0, 10_000, 'AE_SR_DU'],
    ]);
  });

  it('a rental booked before issue 26 (no earnsRentByDay): rent is income when charged (4110), and it is never in the booked phase', () => {
    expect(simple(rentalMovementLines(charge('base_rental', 10_000), { ...ctx, rentIncomeWhenCharged: true }))).toEqual(
      [
        ['1310', 10_000, 0, null],
        ['4110', 0, 10_000, 'AE_SR_DU'],
      ],
    );
    expect(phaseOf('pending', false)).toBe('hired');
    expect(phaseOf('pending', true)).toBe('booked');
    expect(phaseOf('active', true)).toBe('hired');
  });

  it('rent charge on a tax-included rental: unearned rent net, VAT output extracted with the money module', () => {
    const { net, tax } = extractTax(10_499, 5);
    expect(simple(rentalMovementLines(charge('base_rental', 10_499), { ...ctx, taxIncluded: true }))).toEqual([
      ['1310', 10_499, 0, null],
      ['2170', 0, net, 'AE_SR_DU'],
      ['2310', 0, tax, 'AE_SR_DU'],
    ]);
    expect(net + tax).toBe(10_499);
  });

  it('manual charge (no line code) with VAT on: VAT extracted; with VAT off: all income, no extraction', () => {
    const m = charge('damage_fees', 21_000, { lineCode: null });
    expect(simple(rentalMovementLines(m, ctx))).toEqual([
      ['1310', 21_000, 0, null],
      ['4150', 0, 20_000, 'AE_SR_DU'],
      ['2310', 0, 1_000, 'AE_SR_DU'],
    ]);
    expect(simple(rentalMovementLines(m, { ...ctx, vatEnabled: false }))).toEqual([
      ['1310', 21_000, 0, null],
      ['4150', 0, 21_000, 'AE_SR_DU'],
    ]);
  });

  it('tax charge: Dr 1310 / Cr 2310 as tax of the output code', () => {
    expect(simple(rentalMovementLines(charge('tax', 500), ctx))).toEqual([
      ['1310', 500, 0, null],
      ['2310', 0, 500, 'AE_SR_DU'],
    ]);
  });

  it('pass-through charges carry no VAT: Salik → 4170, traffic fines → 1330', () => {
    expect(simple(rentalMovementLines(charge('salik_charges', 400), { ...ctx, taxIncluded: true }))).toEqual([
      ['1310', 400, 0, null],
      ['4170', 0, 400, null],
    ]);
    expect(simple(rentalMovementLines(charge('traffic_fines', 60_000), ctx))).toEqual([
      ['1310', 60_000, 0, null],
      ['1330', 0, 60_000, null],
    ]);
  });

  it('a toll recharge that carries VAT: the base posts to 4170 with the output code (nothing extracted); without VAT it stays pass-through', () => {
    const taxed = charge('salik_charges', 800, { lineCode: TAXED_TOLL_LINE });
    expect(simple(rentalMovementLines(taxed, ctx))).toEqual([
      ['1310', 800, 0, null],
      ['4170', 0, 800, 'AE_SR_DU'],
    ]);
    expect(rentalMovementLines(taxed, ctx)[1].vatRatePercent).toBe(5);
    expect(simple(rentalMovementLines(taxed, { ...ctx, vatEnabled: false }))).toEqual([
      ['1310', 800, 0, null],
      ['4170', 0, 800, null],
    ]);
    expect(simple(rentalMovementLines(charge('salik_charges', 800, { lineCode: null }), ctx))).toEqual([
      ['1310', 800, 0, null],
      ['4170', 0, 800, null],
    ]);
  });

  it('deposit requested posts nothing', () => {
    expect(rentalMovementLines(charge('security_deposit', 100_000), ctx)).toEqual([]);
  });

  it.each(PAYMENT_METHODS)('payment by %s: Dr the mapped account / Cr 1310', (method) => {
    expect(
      simple(rentalMovementLines({ type: 'payment', category: 'payment', amountMinor: 7_000, method }, ctx)),
    ).toEqual([
      [DEFAULT_METHOD_ACCOUNTS[method], 7_000, 0, null],
      ['1310', 0, 7_000, null],
    ]);
  });

  it('payment follows the company mapping over the default', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'payment', category: 'payment', amountMinor: 7_000, method: 'cash' },
          { ...ctx, methodAccounts: { cash: '1120' } },
        ),
      )[0][0],
    ).toBe('1120');
  });

  it('deposit received: Dr cash / Cr 2180, never revenue, no VAT', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'payment', category: 'security_deposit', amountMinor: 100_000, method: 'cash' },
          ctx,
        ),
      ),
    ).toEqual([
      ['1110', 100_000, 0, null],
      ['2180', 0, 100_000, null],
    ]);
  });

  it('refund to the customer: Dr 1310 / Cr the method account', () => {
    expect(
      simple(
        rentalMovementLines({ type: 'refund', category: 'payment', amountMinor: 3_000, method: 'bank_transfer' }, ctx),
      ),
    ).toEqual([
      ['1310', 3_000, 0, null],
      ['1210', 0, 3_000, null],
    ]);
  });

  it('deposit refunded: Dr 2180 / Cr the method account', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'refund', category: 'security_deposit_refund', amountMinor: 90_000, method: 'credit_card' },
          ctx,
        ),
      ),
    ).toEqual([
      ['2180', 90_000, 0, null],
      ['1250', 0, 90_000, null],
    ]);
  });

  it('deposit applied to the balance at close nets to Dr 2180 / Cr 1310', () => {
    const lines = rentalJournalLines(
      [
        { type: 'refund', category: 'security_deposit_refund', amountMinor: 10_000, method: 'security_deposit' },
        { type: 'payment', category: 'payment', amountMinor: 10_000, method: 'security_deposit' },
      ],
      ctx,
    );
    expect(simple(lines)).toEqual([
      ['2180', 10_000, 0, null],
      ['1310', 0, 10_000, null],
    ]);
  });

  it('a reversal swaps the original lines', () => {
    const original = rentalMovementLines(charge('base_rental', 10_000), { ...ctx, taxIncluded: true });
    const reversal = rentalMovementLines(charge('base_rental', 10_000, { reversesId: 'X' }), {
      ...ctx,
      taxIncluded: true,
    });
    expect(reversal).toEqual(original.map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor })));
  });

  it('movements that cancel out post nothing', () => {
    expect(
      rentalJournalLines(
        [
          { type: 'payment', category: 'payment', amountMinor: 5, method: 'cash' },
          { type: 'payment', category: 'payment', amountMinor: 5, method: 'cash', reversesId: 'p' },
        ],
        ctx,
      ),
    ).toEqual([]);
  });
});

describe('posting rules, issue 26: booked (pending) rentals, pickup, recognition', () => {
  const booked = { ...ctx, phase: 'booked' as const };

  it('the phase of a status: pending is booked, everything from pickup on is hired', () => {
    expect(phaseOf('pending')).toBe('booked');
    for (const s of ['active', 'overdue', 'completed', 'cancelled', 'archived']) expect(phaseOf(s)).toBe('hired');
  });

  it.each(['base_rental', 'extra_km', 'tax', 'other', 'traffic_fines'] as const)(
    'booked charge %s posts nothing (no income, no VAT at booking)',
    (category) => {
      expect(rentalMovementLines(charge(category, 10_000), booked)).toEqual([]);
    },
  );

  it('money before pickup with VAT on: Dr method / Cr 2160 advance net + Cr 2310 its VAT (tax point: payment received)', () => {
    const { net, tax } = extractTax(10_500, 5);
    expect(
      simple(
        rentalMovementLines({ type: 'payment', category: 'payment', amountMinor: 10_500, method: 'cash' }, booked),
      ),
    ).toEqual([
      ['1110', 10_500, 0, null],
      ['2160', 0, net, 'AE_SR_DU'],
      ['2310', 0, tax, 'AE_SR_DU'],
    ]);
  });

  it('money before pickup with VAT off: all of it is the advance, no VAT', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'payment', category: 'payment', amountMinor: 10_500, method: 'cash' },
          { ...booked, vatEnabled: false },
        ),
      ),
    ).toEqual([
      ['1110', 10_500, 0, null],
      ['2160', 0, 10_500, null],
    ]);
  });

  it('advance paid back before pickup: Dr 2160 + Dr 2310 / Cr the method account', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'refund', category: 'payment', amountMinor: 2_100, method: 'bank_transfer' },
          booked,
        ),
      ),
    ).toEqual([
      ['2160', 2_000, 0, 'AE_SR_DU'],
      ['2310', 100, 0, 'AE_SR_DU'],
      ['1210', 0, 2_100, null],
    ]);
  });

  it('deposits while booked stay deposits (2180), customer credit applied is Dr 2160 / Cr 1310 in both phases', () => {
    expect(
      simple(
        rentalMovementLines(
          { type: 'payment', category: 'security_deposit', amountMinor: 50_000, method: 'cash' },
          booked,
        ),
      ),
    ).toEqual([
      ['1110', 50_000, 0, null],
      ['2180', 0, 50_000, null],
    ]);
    expect(
      simple(
        rentalMovementLines(
          { type: 'refund', category: 'security_deposit_refund', amountMinor: 50_000, method: 'cash' },
          booked,
        ),
      ),
    ).toEqual([
      ['2180', 50_000, 0, null],
      ['1110', 0, 50_000, null],
    ]);
    const credit: RentalMovement = {
      type: 'payment',
      category: 'payment',
      amountMinor: 900,
      method: 'customer_credit',
    };
    expect(simple(rentalMovementLines(credit, booked))).toEqual([
      ['2160', 900, 0, null],
      ['1310', 0, 900, null],
    ]);
  });

  it('pickup: rent to 2170 with its VAT, the advance (and its VAT) moved onto the receivable', () => {
    const earlier: RentalMovement[] = [
      charge('base_rental', 40_000),
      charge('tax', 2_000),
      { type: 'payment', category: 'payment', amountMinor: 10_500, method: 'cash' },
    ];
    const lines = pickupJournalLines(earlier, [], ctx);
    expect(validateJournalLines(lines)).toEqual([]);
    expect(simple(lines)).toEqual([
      ['1310', 42_000 - 10_500, 0, null],
      ['2170', 0, 40_000, 'AE_SR_DU'],
      ['2310', 0, 2_000 - 500, 'AE_SR_DU'],
      ['2160', 10_000, 0, 'AE_SR_DU'],
    ]);
  });

  it('recognition: Dr 2170 / Cr 4110 (negative: back), nothing for zero', () => {
    expect(simple(recognitionLines('R1', 3_000))).toEqual([
      ['2170', 3_000, 0, null],
      ['4110', 0, 3_000, null],
    ]);
    expect(simple(recognitionLines('R1', -700))).toEqual([
      ['4110', 700, 0, null],
      ['2170', 0, 700, null],
    ]);
    expect(recognitionLines('R1', 0)).toEqual([]);
  });

  it('straight line: floor(rent × k / N), whole on the last day, nothing before the first', () => {
    expect([0, 1, 2, 3].map((k) => straightLineMinor(10_000, k, 3))).toEqual([0, 3_333, 6_666, 10_000]);
    expect(straightLineMinor(10_000, 9, 3)).toBe(10_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 400 }), (rent, n) => {
        let prev = 0;
        for (let k = 1; k <= n; k++) {
          const v = straightLineMinor(rent, k, n);
          expect(v).toBeGreaterThanOrEqual(prev);
          prev = v;
        }
        expect(prev).toBe(rent);
      }),
      { numRuns: 100 },
    );
  });
});

describe('property: any rental movements post balanced entries and the sub-ledger equals the GL', () => {
  const amount = fc.integer({ min: 1, max: 10_000_000 });
  const single = fc
    .oneof(
      fc.record({
        type: fc.constant('charge' as const),
        category: fc.constantFrom(
          ...LEDGER_CATEGORIES.filter((c) => c !== 'payment' && c !== 'security_deposit_refund'),
        ),
        amountMinor: amount,
        lineCode: fc.option(fc.constant('x')),
      }),
      fc.record({
        type: fc.constant('payment' as const),
        category: fc.constantFrom('payment' as const, 'security_deposit' as const),
        amountMinor: amount,
        method: fc.constantFrom(...PAYMENT_METHODS),
      }),
      fc.record({
        type: fc.constant('refund' as const),
        category: fc.constantFrom('payment' as const, 'security_deposit_refund' as const),
        amountMinor: amount,
        method: fc.constantFrom(...PAYMENT_METHODS),
      }),
    )
    .map((m) => [m as RentalMovement]);
  // The deposit applied at close is always the pair refund(deposit) + payment, both by the pseudo-method.
  const applied = amount.map((a): RentalMovement[] => [
    { type: 'refund', category: 'security_deposit_refund', amountMinor: a, method: 'security_deposit' },
    { type: 'payment', category: 'payment', amountMinor: a, method: 'security_deposit' },
  ]);
  const step = fc
    .tuple(fc.oneof(single, applied), fc.boolean())
    .map(([ms, reversal]) => (reversal ? ms.map((m) => ({ ...m, reversesId: 'orig' })) : ms));

  it('holds for random movements, rates and settings', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 10 }),
        fc.constantFrom(0, 5, 15, 16),
        fc.boolean(),
        fc.boolean(),
        (steps, rate, inc, vat) => {
          const ms = steps.flat();
          const lines = rentalJournalLines(ms, { ...ctx, taxRatePercent: rate, taxIncluded: inc, vatEnabled: vat });
          if (lines.length) expect(validateJournalLines(lines)).toEqual([]);
          const net = (code: string) =>
            lines.filter((l) => l.accountCode === code).reduce((s, l) => s + l.debitMinor - l.creditMinor, 0);
          const t = ledgerTotals(ms.map((m, i) => ({ ...m, id: `e${i}` })));
          expect(net('1310')).toBe(t.balanceMinor);
          expect(0 - net('2180')).toBe(t.deposit.receivedMinor - t.deposit.refundedMinor);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds in its issue-26 form across the pickup: booked, then picked up, then more movements', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 8 }),
        fc.array(step, { maxLength: 8 }),
        fc.constantFrom(0, 5, 15, 16),
        fc.boolean(),
        fc.boolean(),
        (before, after, rate, inc, vat) => {
          const c = { ...ctx, taxRatePercent: rate, taxIncluded: inc, vatEnabled: vat };
          const b = before.flat();
          const a = after.flat();
          const bookedLines = rentalJournalLines(b, { ...c, phase: 'booked' });
          const all = [...bookedLines, ...pickupJournalLines(b, [], c), ...rentalJournalLines(a, c)];
          for (const entry of [bookedLines, pickupJournalLines(b, [], c), rentalJournalLines(a, c)])
            if (entry.length) expect(validateJournalLines(entry)).toEqual([]);
          const net = (lines: CodedLine[], code: string) =>
            lines.filter((l) => l.accountCode === code).reduce((s, l) => s + l.debitMinor - l.creditMinor, 0);
          const tb = ledgerTotals(b.map((m, i) => ({ ...m, id: `b${i}` })));
          // While booked: no income, 1310 + 2160 + the advance's VAT = balance − the charges booked.
          expect(bookedLines.filter((l) => l.accountCode.startsWith('4'))).toEqual([]);
          const charged = b
            .filter((m) => m.type === 'charge' && m.category !== 'security_deposit')
            .reduce((s, m) => s + (m.reversesId ? -m.amountMinor : m.amountMinor), 0);
          expect(net(bookedLines, '1310') + net(bookedLines, '2160') + net(bookedLines, '2310')).toBe(
            tb.balanceMinor - charged,
          );
          // After pickup: exactly the hired rules of the whole ledger.
          const t = ledgerTotals([...b, ...a].map((m, i) => ({ ...m, id: `e${i}` })));
          expect(net(all, '1310')).toBe(t.balanceMinor);
          expect(net(all, '2160')).toBe(net(rentalJournalLines([...b, ...a], c), '2160'));
          expect(0 - net(all, '2180')).toBe(t.deposit.receivedMinor - t.deposit.refundedMinor);
        },
      ),
      { numRuns: 300 },
    );
  });
});

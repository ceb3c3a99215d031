import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ledgerBalance, ledgerTotals, type LedgerEntryLike } from '../../shared/rentals/ledger';
import { quoteRental } from '../../shared/rentals/pricing';
import { FUEL_LEVELS } from '../../shared/constants';
import { createRentalSchema } from '../../shared/schemas/rentals';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import { ZERO_TOTALS, ledgerItem, totalsAfter, type LedgerItem, type NewLedgerEntry, type RentalItem } from './data';
import { initialEntries } from './booking';
import { finalStatement, heldByLineCode, settlementEntries } from './pricing';
import { canTransition, TRANSITIONS } from './lifecycle';
import { rentalSettingsFrom } from './deps';

const T = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const DAY = 86_400_000;
const settings = rentalSettingsFrom({ pricing: { fuelChargePerQuarterTankMinor: 2500 } });

function post(entries: NewLedgerEntry[]): LedgerItem[] {
  return entries.map((e) => ledgerItem(T, 'R1', e, null, '2030-01-01T00:00:00.000Z'));
}

describe('rentalSettingsFrom', () => {
  it('applies the spec defaults and reads the stored settings shape', () => {
    const d = rentalSettingsFrom(undefined);
    expect(d).toMatchObject({
      region: 'US',
      gracePeriodHours: 1,
      enableOverbooking: false,
      allowStaffCloseWithBalance: true,
      enableBlacklistCheck: true,
      blacklistMode: 'warning',
      rentalPrefix: 'RENT-',
      contractPrefix: 'CNT-',
      rentalCounterStart: 1001,
      defaultTaxRatePercent: 0,
    });
    const ae = rentalSettingsFrom({
      preferences: { region: 'AE' },
      enableVat: true,
      vatRate: 0.05,
      referenceConfig: { prefixes: { rental: 'R-' }, counters: { rental: 5000 } },
    });
    expect(ae).toMatchObject({ region: 'AE', defaultTaxRatePercent: 5, rentalPrefix: 'R-', rentalCounterStart: 5000 });
    expect(settings.fuelChargePerQuarterMinor).toBe(2500);
  });
});

describe('lifecycle transitions', () => {
  it('allows exactly the documented transitions', () => {
    expect(canTransition('pickup', 'pending')).toBe(true);
    expect(canTransition('pickup', 'active')).toBe(false);
    expect(canTransition('return', 'overdue')).toBe(true);
    expect(canTransition('return', 'pending')).toBe(false);
    expect(canTransition('cancel', 'active')).toBe(false);
    expect(canTransition('archive', 'active')).toBe(false);
    expect(canTransition('restore', 'archived')).toBe(true);
    expect(Object.keys(TRANSITIONS).sort()).toEqual([
      'archive',
      'cancel',
      'close',
      'markOverdue',
      'pickup',
      'restore',
      'return',
    ]);
  });
});

describe('wizard schema', () => {
  it('requires a payment method only when an initial payment is given', () => {
    const base = {
      customerId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
      vehicleId: '01JBBBBBBBBBBBBBBBBBBBBBBB',
      startDate: '2030-01-01T10:00:00Z',
      endDate: '2030-01-03T10:00:00Z',
      dailyRate: 100,
    };
    expect(createRentalSchema.safeParse(base).success).toBe(true);
    const res = createRentalSchema.safeParse({ ...base, initialPaymentAmount: 10 });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(RENTAL_MESSAGES.paymentMethodRequired);
    expect(createRentalSchema.parse(base)).toMatchObject({
      dailyKmLimit: 200,
      extraChargePerKm: 0.5,
      rentalType: 'daily',
      openEnded: false,
    });
  });
});

const entryArb: fc.Arbitrary<NewLedgerEntry> = fc
  .record({
    type: fc.constantFrom('charge', 'payment', 'refund' as const),
    category: fc.constantFrom(
      'base_rental',
      'tax',
      'extra_km',
      'payment',
      'security_deposit',
      'security_deposit_refund',
      'other' as const,
    ),
    amountMinor: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map((e) => ({ ...e, context: 'usage' as const, label: 'x' }));

describe('ledger totals on the rental item', () => {
  it('incremental totals equal the totals of the whole ledger, and balance = charges − payments + refunds, for any sequence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entryArb, { minLength: 1, maxLength: 4 }), { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (batches, reversalPicks) => {
          let totals = { ...ZERO_TOTALS, balanceMinor: 0, depositHeldMinor: 0 };
          const all: LedgerItem[] = [];
          for (const batch of batches) {
            const posted = post(batch);
            totals = totalsAfter(totals, posted);
            all.push(...posted);
          }
          // Reverse some entries (in full) as later batches.
          for (const pick of reversalPicks) {
            const originals = all.filter((e) => !e.reversesId && !all.some((r) => r.reversesId === e.id));
            if (!originals.length) break;
            const o = originals[pick % originals.length];
            const rev = post([
              {
                type: o.type,
                context: 'adjustment',
                category: o.category,
                label: 'rev',
                amountMinor: o.amountMinor,
                reversesId: o.id,
              },
            ]);
            totals = totalsAfter(totals, rev);
            all.push(...rev);
          }
          const whole = ledgerTotals(all as LedgerEntryLike[]);
          expect(totals.chargesMinor).toBe(whole.chargesMinor);
          expect(totals.paymentsMinor).toBe(whole.paymentsMinor);
          expect(totals.refundsMinor).toBe(whole.refundsMinor);
          expect(totals.balanceMinor).toBe(whole.chargesMinor - whole.paymentsMinor + whole.refundsMinor);
          expect(totals.balanceMinor).toBe(ledgerBalance(all));
          expect(totals.depositReceivedMinor - totals.depositRefundedMinor).toBe(
            whole.deposit.receivedMinor - whole.deposit.refundedMinor,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

function rentalFrom(q: {
  startISO: string;
  endISO: string | null;
  days: number;
  dailyRateMinor: number;
  taxRate: number;
  taxIncluded: boolean;
  youngFee: number;
  monthly: boolean;
}): RentalItem {
  return {
    pk: 'x',
    sk: 'y',
    entityType: 'RENTAL',
    id: 'R1',
    tenantId: T,
    referenceNumber: 'RENT-1',
    contractNumber: 'CNT-1',
    customerId: 'c',
    customerName: 'C',
    vehicleId: 'v',
    vehicleLabel: 'V',
    status: 'active',
    startDate: q.startISO,
    endDate: q.endISO,
    openEnded: q.endISO === null,
    expectedReturnDate: q.endISO ?? new Date(Date.parse(q.startISO) + q.days * DAY).toISOString(),
    expectedDuration: q.days,
    rentalType: q.monthly ? 'monthly' : 'daily',
    dailyRateMinor: q.dailyRateMinor,
    monthlyRateMinor: q.monthly ? q.dailyRateMinor * 25 : null,
    dailyKmLimit: 200,
    extraChargePerKmMinor: 50,
    taxRate: q.taxRate,
    taxIncluded: q.taxIncluded,
    youngDriverFeePerDayMinor: q.youngFee,
    securityDepositMinor: 0,
    initialPaymentAmountMinor: 0,
    ...ZERO_TOTALS,
    balanceMinor: 0,
    depositHeldMinor: 0,
    timeline: [],
    version: 1,
    createdAt: '',
    updatedAt: '',
    odometerStart: 1000,
    fuelLevelStart: 'full',
  };
}

describe('return settlement (pricing glue)', () => {
  it('after the return entries, the pricing entries of the ledger add up to the final statement exactly', () => {
    const start = Date.UTC(2030, 0, 1, 9);
    fc.assert(
      fc.property(
        fc.record({
          days: fc.integer({ min: 1, max: 60 }),
          openEnded: fc.boolean(),
          monthly: fc.boolean(),
          actualMs: fc.integer({ min: 1, max: 90 * DAY }),
          dailyRateMinor: fc.integer({ min: 100, max: 100_000 }),
          taxRate: fc.constantFrom(0, 5, 15, 16),
          taxIncluded: fc.boolean(),
          youngFee: fc.constantFrom(0, 2500, 6000),
          km: fc.integer({ min: 0, max: 30_000 }),
          fuelEnd: fc.constantFrom(...FUEL_LEVELS),
          salik: fc.integer({ min: 0, max: 5000 }),
          fines: fc.integer({ min: 0, max: 50_000 }),
          damage: fc.integer({ min: 0, max: 50_000 }),
        }),
        (p) => {
          const startISO = new Date(start).toISOString();
          const endISO = p.openEnded ? null : new Date(start + p.days * DAY).toISOString();
          const rental = rentalFrom({
            startISO,
            endISO,
            days: p.days,
            dailyRateMinor: p.dailyRateMinor,
            taxRate: p.taxRate,
            taxIncluded: p.taxIncluded,
            youngFee: p.youngFee,
            monthly: p.monthly,
          });
          const quote = quoteRental({
            startISO,
            endISO,
            expectedDurationDays: p.openEnded ? p.days : undefined,
            mode: rental.rentalType,
            dailyRateMinor: p.dailyRateMinor,
            monthlyRateMinor: rental.monthlyRateMinor,
            youngDriverFeePerDayMinor: p.youngFee,
            taxRatePercent: p.taxRate,
            taxIncluded: p.taxIncluded,
          });
          const initial = post(
            initialEntries(quote, { securityDeposit: 0, initialPaymentAmount: 0, initialPaymentMethod: null }),
          );
          expect(initial.reduce((s, e) => s + e.amountMinor, 0)).toBe(quote.totalMinor);
          const body = {
            odometerEnd: 1000 + p.km,
            condition: 'good' as const,
            fuelLevelEnd: p.fuelEnd,
            salikCharges: p.salik / 100,
            trafficFines: p.fines / 100,
            damageFees: p.damage / 100,
            extraCharges: 0,
          };
          const statement = finalStatement(rental, body, settings, new Date(start + p.actualMs).toISOString());
          const after = [...initial, ...post(settlementEntries(statement, initial))];
          const held = [...heldByLineCode(after).values()].reduce((a, b) => a + b, 0);
          expect(held).toBe(statement.totalMinor);
          expect(ledgerBalance(after)).toBe(statement.totalMinor);
          // Every entry is a positive integer; reversals never exceed their original.
          for (const e of after) expect(Number.isSafeInteger(e.amountMinor) && e.amountMinor > 0).toBe(true);
          // Settling twice posts nothing more (the return is idempotent in its maths).
          expect(settlementEntries(statement, after)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('charges extra km over the allowance and fuel per quarter', () => {
    const startISO = '2030-01-01T09:00:00.000Z';
    const rental = rentalFrom({
      startISO,
      endISO: '2030-01-03T09:00:00.000Z',
      days: 2,
      dailyRateMinor: 10_000,
      taxRate: 0,
      taxIncluded: false,
      youngFee: 0,
      monthly: false,
    });
    const s = finalStatement(
      rental,
      { odometerEnd: 1500, fuelLevelEnd: 'half', salikCharges: 0, trafficFines: 0, damageFees: 0, extraCharges: 0 },
      settings,
      '2030-01-03T09:30:00.000Z',
    );
    const byCode = Object.fromEntries(s.lines.map((l) => [l.code, l.amountMinor]));
    expect(byCode).toEqual({ base_rental: 20_000, extra_km: (500 - 400) * 50, fuel_charges: 2 * 2500 });
  });
});

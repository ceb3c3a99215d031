import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  baseRentalCharge,
  countLateDays,
  countRentalDays,
  DAY_MS,
  extraKmCharge,
  finalCharges,
  fuelCharge,
  FUEL_QUARTERS,
  HOUR_MS,
  lateReturnCharge,
  monthlyRentalCharge,
  parseInstant,
  PricingError,
  quoteRental,
  totalWithTax,
  youngDriverCharge,
  type FuelLevel,
  type PriceBreakdown,
  type PriceLine,
} from './pricing';
import { extractTax } from '../money';

const T0 = '2025-03-01T10:00:00Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const MIN = 60_000;

function checkInvariants(b: PriceBreakdown) {
  const all = [b.subtotalMinor, b.taxMinor, b.totalMinor, b.taxableMinor, ...b.lines.map((l) => l.amountMinor)];
  for (const n of all) expect(Number.isSafeInteger(n)).toBe(true);
  expect(b.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(b.totalMinor);
  expect(b.subtotalMinor + b.taxMinor).toBe(b.totalMinor);
  for (const l of b.lines) expect(l.amountMinor).toBeGreaterThan(0);
  expect(b.lines.some((l) => l.category === 'tax')).toBe(!b.taxIncluded && b.taxMinor > 0);
}

describe('countRentalDays', () => {
  it.each([
    [0, 1, 'zero duration is the 1-day minimum'],
    [30 * MIN, 1, '30 minutes'],
    [24 * HOUR_MS, 1, 'exactly 24 h'],
    [24 * HOUR_MS + 59 * MIN, 1, '24 h 59 m (within the 1 h grace)'],
    [25 * HOUR_MS, 1, '25 h 00 m: over by exactly the grace period is not charged'],
    [25 * HOUR_MS + 1000, 2, '25 h 00 m 01 s'],
    [25 * HOUR_MS + MIN, 2, '25 h 01 m'],
    [48 * HOUR_MS, 2, '48 h'],
    [49 * HOUR_MS + MIN, 3, '49 h 01 m'],
    [7 * DAY_MS + 30 * MIN, 7, '7 days and 30 minutes'],
  ])('%s ms → %s days (%s)', (ms, days) => {
    expect(countRentalDays(T0, at(ms))).toBe(days);
  });

  it('grace period is configurable, 0 means any minute over counts', () => {
    expect(countRentalDays(T0, at(DAY_MS + MIN), 0)).toBe(2);
    expect(countRentalDays(T0, at(DAY_MS), 0)).toBe(1);
    expect(countRentalDays(T0, at(DAY_MS + 3 * HOUR_MS), 3)).toBe(1);
    expect(countRentalDays(T0, at(DAY_MS + 3 * HOUR_MS + 1), 3)).toBe(2);
    expect(countRentalDays(T0, at(DAY_MS + 45 * MIN), 0.5)).toBe(2);
  });

  it('counts elapsed time, so DST changes do not matter', () => {
    // US DST starts 2025-03-09: 24 elapsed hours are still one day.
    expect(countRentalDays('2025-03-08T12:00:00-05:00', '2025-03-09T13:00:00-04:00')).toBe(1);
    expect(countRentalDays('2025-03-01T10:00:00+04:00', '2025-03-04T10:00:00+04:00')).toBe(3);
    expect(countRentalDays('2025-03-01', '2025-03-04')).toBe(3);
  });

  it('rejects bad input', () => {
    expect(() => countRentalDays(at(HOUR_MS), T0)).toThrow(PricingError);
    expect(() => countRentalDays(T0, '2025-03-02T10:00:00')).toThrow(PricingError); // no zone
    expect(() => countRentalDays(T0, 'tomorrow')).toThrow(PricingError);
    expect(() => countRentalDays(T0, at(DAY_MS), -1)).toThrow(PricingError);
    expect(() => countRentalDays(T0, at(DAY_MS), 24)).toThrow(PricingError);
    expect(() => parseInstant(new Date(NaN))).toThrow(PricingError);
  });

  it('is ≥ 1, monotonic in the duration, and never less than whole days (property)', () => {
    const dur = fc.integer({ min: 0, max: 400 * DAY_MS });
    fc.assert(
      fc.property(dur, dur, fc.integer({ min: 0, max: 23 }), (a, b, grace) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const dLo = countRentalDays(T0, at(lo), grace);
        const dHi = countRentalDays(T0, at(hi), grace);
        expect(dLo).toBeGreaterThanOrEqual(1);
        expect(dHi).toBeGreaterThanOrEqual(dLo);
        expect(dLo).toBeGreaterThanOrEqual(Math.floor(lo / DAY_MS));
        expect(dLo).toBeLessThanOrEqual(Math.max(1, Math.ceil(lo / DAY_MS)));
      }),
    );
  });
});

describe('base rental', () => {
  it('daily mode: days × rate', () => {
    expect(baseRentalCharge(3, { dailyRateMinor: 15_000 })).toBe(45_000);
    expect(baseRentalCharge(3, { mode: 'daily', dailyRateMinor: 15_000, monthlyRateMinor: 1 })).toBe(45_000);
  });

  it('monthly mode: full 30-day periods plus a pro-rata part, rounded once', () => {
    expect(monthlyRentalCharge(30, 300_000)).toBe(300_000);
    expect(monthlyRentalCharge(45, 300_000)).toBe(450_000);
    expect(monthlyRentalCharge(10, 100_000)).toBe(33_333); // 33,333.33 → 33,333
    expect(monthlyRentalCharge(20, 100_000)).toBe(66_667); // 66,666.67 → 66,667
    expect(monthlyRentalCharge(1, 45)).toBe(2); // 1.5 → 2 (half up)
    expect(monthlyRentalCharge(0, 100_000)).toBe(0);
    expect(baseRentalCharge(40, { mode: 'monthly', dailyRateMinor: 5_000, monthlyRateMinor: 90_000 })).toBe(120_000);
    expect(() => baseRentalCharge(40, { mode: 'monthly', dailyRateMinor: 5_000 })).toThrow(
      'Monthly rate is required in monthly mode',
    );
  });

  it('monthly charge is monotonic in days and exact at 30-day multiples (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 10_000_000 }), (d, rate) => {
        expect(monthlyRentalCharge(d + 1, rate)).toBeGreaterThanOrEqual(monthlyRentalCharge(d, rate));
        expect(monthlyRentalCharge(30 * Math.floor(d / 30), rate)).toBe(Math.floor(d / 30) * rate);
        expect(Math.abs(monthlyRentalCharge(d, rate) * 30 - d * rate)).toBeLessThanOrEqual(15);
      }),
    );
  });

  it('rejects fractional minor units', () => {
    expect(() => baseRentalCharge(2, { dailyRateMinor: 10.5 })).toThrow();
    expect(() => baseRentalCharge(1.5, { dailyRateMinor: 100 })).toThrow(PricingError);
  });
});

describe('extraKmCharge', () => {
  it('allowance = limit × days; extra × per-km rate', () => {
    expect(
      extraKmCharge({ startKm: 10_000, endKm: 10_700, days: 3, dailyKmLimit: 200, extraChargePerKmMinor: 50 }),
    ).toEqual({
      drivenKm: 700,
      allowanceKm: 600,
      extraKm: 100,
      amountMinor: 5_000,
    });
    expect(
      extraKmCharge({ startKm: 1, endKm: 500, days: 3, dailyKmLimit: 200, extraChargePerKmMinor: 50 }).amountMinor,
    ).toBe(0);
  });
  it('null limit is unlimited', () => {
    expect(
      extraKmCharge({ startKm: 1, endKm: 100_000, days: 1, dailyKmLimit: null, extraChargePerKmMinor: 50 }),
    ).toEqual({
      drivenKm: 99_999,
      allowanceKm: null,
      extraKm: 0,
      amountMinor: 0,
    });
  });
  it('rejects a lower return odometer', () => {
    expect(() =>
      extraKmCharge({ startKm: 100, endKm: 99, days: 1, dailyKmLimit: 200, extraChargePerKmMinor: 50 }),
    ).toThrow(PricingError);
  });
});

describe('fuelCharge', () => {
  it('charges the shortfall in quarters', () => {
    expect(fuelCharge('full', 'half', 2_500)).toEqual({ shortfallQuarters: 2, amountMinor: 5_000 });
    expect(fuelCharge('full', 'empty', 2_500)).toEqual({ shortfallQuarters: 4, amountMinor: 10_000 });
    expect(fuelCharge('three_quarters', 'quarter', 1_000)).toEqual({ shortfallQuarters: 2, amountMinor: 2_000 });
    expect(fuelCharge('half', 'full', 2_500)).toEqual({ shortfallQuarters: 0, amountMinor: 0 });
    expect(() => fuelCharge('full', 'brimming' as FuelLevel, 1)).toThrow(PricingError);
  });
  it('quarters map', () => {
    expect(FUEL_QUARTERS).toEqual({ empty: 0, quarter: 1, half: 2, three_quarters: 3, full: 4 });
  });
});

describe('late return', () => {
  const expected = at(3 * DAY_MS);
  it('from the expected return, with grace', () => {
    expect(countLateDays(expected, at(3 * DAY_MS - HOUR_MS))).toBe(0); // early
    expect(countLateDays(expected, at(3 * DAY_MS + 59 * MIN))).toBe(0);
    expect(countLateDays(expected, at(3 * DAY_MS + HOUR_MS))).toBe(0);
    expect(countLateDays(expected, at(3 * DAY_MS + HOUR_MS + MIN))).toBe(1);
    expect(countLateDays(expected, at(4 * DAY_MS + HOUR_MS + MIN))).toBe(2);
  });
  it('with the start, hours already paid are not charged twice', () => {
    // booked 25 h 30 m (2 days paid = 48 h), returned at 47 h: not late in money terms
    const start = T0;
    const exp = at(25 * HOUR_MS + 30 * MIN);
    expect(countLateDays(exp, at(47 * HOUR_MS))).toBe(1);
    expect(countLateDays(exp, at(47 * HOUR_MS), 1, start)).toBe(0);
    expect(countLateDays(exp, at(49 * HOUR_MS + MIN), 1, start)).toBe(1);
  });
  it('lateReturnCharge = late days × daily rate', () => {
    expect(
      lateReturnCharge({
        expectedReturnISO: expected,
        actualReturnISO: at(4 * DAY_MS + 2 * HOUR_MS),
        dailyRateMinor: 12_000,
      }),
    ).toEqual({
      lateDays: 2,
      amountMinor: 24_000,
    });
    expect(
      lateReturnCharge({
        startISO: T0,
        expectedReturnISO: expected,
        actualReturnISO: at(4 * DAY_MS + 2 * HOUR_MS),
        dailyRateMinor: 12_000,
      }).lateDays,
    ).toBe(2);
  });
  it('young driver fee per day', () => {
    expect(youngDriverCharge(4, 5_000)).toBe(20_000);
  });
});

describe('totalWithTax', () => {
  const lines: PriceLine[] = [
    { code: 'base_rental', category: 'base_rental', label: 'Rental', amountMinor: 10_000, taxable: true },
    { code: 'traffic_fines', category: 'traffic_fines', label: 'Fines', amountMinor: 5_000, taxable: false },
    { code: 'extra', category: 'other', label: 'Zero', amountMinor: 0, taxable: true },
  ];
  it('tax added on net: a tax line, zero lines dropped', () => {
    const b = totalWithTax(lines, { taxRatePercent: 5 });
    expect(b.lines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['base_rental', 10_000],
      ['traffic_fines', 5_000],
      ['tax', 500],
    ]);
    expect(b).toMatchObject({ subtotalMinor: 15_000, taxableMinor: 10_000, taxMinor: 500, totalMinor: 15_500 });
    expect(b.lines[2].label).toBe('Tax (5%)');
    checkInvariants(b);
  });
  it('tax included: extracted, no tax line', () => {
    const b = totalWithTax(lines, { taxRatePercent: 5, taxIncluded: true });
    expect(b.lines.map((l) => l.code)).toEqual(['base_rental', 'traffic_fines']);
    expect(b).toMatchObject({ subtotalMinor: 14_524, taxableMinor: 10_000, taxMinor: 476, totalMinor: 15_000 });
    checkInvariants(b);
  });
  it('no tax rate, no tax line', () => {
    const b = totalWithTax(lines, {});
    expect(b.taxMinor).toBe(0);
    expect(b.lines.some((l) => l.code === 'tax')).toBe(false);
  });
  it('rejects negative lines, given tax lines and bad rates', () => {
    expect(() => totalWithTax([{ ...lines[0], amountMinor: -1 }])).toThrow();
    expect(() => totalWithTax([{ ...lines[0], category: 'tax' }])).toThrow(PricingError);
    expect(() => totalWithTax(lines, { taxRatePercent: -5 })).toThrow(PricingError);
    expect(() => totalWithTax(lines, { taxRatePercent: NaN })).toThrow(PricingError);
  });
});

describe('quoteRental', () => {
  it('UAE daily rental with VAT added and a young driver', () => {
    const q = quoteRental({
      startISO: T0,
      endISO: at(3 * DAY_MS + 30 * MIN),
      dailyRateMinor: 15_000,
      youngDriverFeePerDayMinor: 5_000,
      extras: [{ category: 'insurance', label: 'Full insurance', amountMinor: 6_000 }],
      taxRatePercent: 5,
    });
    expect(q.days).toBe(3);
    expect(q.lines.map((l) => [l.category, l.amountMinor])).toEqual([
      ['base_rental', 45_000],
      ['other', 15_000],
      ['insurance', 6_000],
      ['tax', 3_300],
    ]);
    expect(q.lines[0]).toMatchObject({ quantity: 3, unitAmountMinor: 15_000 });
    expect(q.lines[1]).toMatchObject({ code: 'young_driver_fee', label: 'Young driver fee' });
    expect(q).toMatchObject({ subtotalMinor: 66_000, taxMinor: 3_300, totalMinor: 69_300 });
    checkInvariants(q);
  });

  it('Saudi rental, tax-included prices', () => {
    const q = quoteRental({
      startISO: T0,
      endISO: at(2 * DAY_MS),
      dailyRateMinor: 11_500,
      taxRatePercent: 15,
      taxIncluded: true,
    });
    expect(q).toMatchObject({ days: 2, totalMinor: 23_000, taxMinor: 3_000, subtotalMinor: 20_000 });
    checkInvariants(q);
  });

  it('monthly mode, open-ended rental by expected duration', () => {
    const q = quoteRental({
      startISO: T0,
      expectedDurationDays: 45,
      mode: 'monthly',
      dailyRateMinor: 10_000,
      monthlyRateMinor: 200_000,
    });
    expect(q.days).toBe(45);
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]).toMatchObject({ label: 'Rental (monthly rate)', amountMinor: 300_000, quantity: 45 });
    expect(q.totalMinor).toBe(300_000);
  });

  it('requires an end or an expected duration in 1..365', () => {
    expect(() => quoteRental({ startISO: T0, dailyRateMinor: 100 })).toThrow(PricingError);
    expect(() => quoteRental({ startISO: T0, dailyRateMinor: 100, expectedDurationDays: 366 })).toThrow(PricingError);
    expect(() => quoteRental({ startISO: T0, dailyRateMinor: 100, expectedDurationDays: 0 })).toThrow(PricingError);
    expect(() => quoteRental({ startISO: 'nope', dailyRateMinor: 100, expectedDurationDays: 2 })).toThrow(PricingError);
  });

  it('Salik and fines extras are not taxed by default; other extras are', () => {
    const q = quoteRental({
      startISO: T0,
      endISO: at(DAY_MS),
      dailyRateMinor: 10_000,
      taxRatePercent: 5,
      extras: [
        { category: 'salik_charges', label: 'Salik', amountMinor: 400 },
        { category: 'pre_rental', label: 'Delivery', amountMinor: 2_000 },
        { category: 'other', label: 'Child seat', amountMinor: 1_000, taxable: false },
      ],
    });
    expect(q.taxableMinor).toBe(12_000);
    expect(q.taxMinor).toBe(600);
  });

  const quoteArb = fc.record({
    durationMs: fc.integer({ min: 0, max: 365 * DAY_MS }),
    monthly: fc.boolean(),
    dailyRateMinor: fc.integer({ min: 1, max: 5_000_000 }),
    monthlyRateMinor: fc.integer({ min: 1, max: 50_000_000 }),
    youngDriverFeePerDayMinor: fc.integer({ min: 0, max: 10_000 }),
    extras: fc.array(
      fc.record({
        category: fc.constantFrom(
          'insurance',
          'pre_rental',
          'other',
          'salik_charges',
          'traffic_fines',
          'damage_fees',
        ) as fc.Arbitrary<'insurance'>,
        label: fc.constant('x'),
        amountMinor: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 4 },
    ),
    taxRatePercent: fc.oneof(
      fc.constantFrom(0, 5, 15, 16),
      fc.integer({ min: 0, max: 3000 }).map((n) => n / 100),
    ),
    taxIncluded: fc.boolean(),
    grace: fc.integer({ min: 0, max: 6 }),
  });

  it('totals equal the sum of lines, subtotal + tax = total, all integers (property)', () => {
    fc.assert(
      fc.property(quoteArb, (a) => {
        const q = quoteRental({
          startISO: T0,
          endISO: at(a.durationMs),
          mode: a.monthly ? 'monthly' : 'daily',
          dailyRateMinor: a.dailyRateMinor,
          monthlyRateMinor: a.monthlyRateMinor,
          youngDriverFeePerDayMinor: a.youngDriverFeePerDayMinor,
          extras: a.extras,
          taxRatePercent: a.taxRatePercent,
          taxIncluded: a.taxIncluded,
          gracePeriodHours: a.grace,
        });
        checkInvariants(q);
        expect(q.days).toBeGreaterThanOrEqual(1);
        if (a.taxIncluded) expect(extractTax(q.taxableMinor, a.taxRatePercent).tax).toBe(q.taxMinor);
      }),
    );
  });
});

describe('finalCharges', () => {
  const base = {
    startISO: T0,
    expectedReturnISO: at(3 * DAY_MS),
    dailyRateMinor: 20_000,
    odometerStartKm: 50_000,
    fuelLevelStart: 'full' as const,
    fuelChargePerQuarterMinor: 3_000,
    taxRatePercent: 5,
  };

  it('on-time return within allowance and full tank: only the base rental and tax', () => {
    const f = finalCharges({
      ...base,
      actualReturnISO: at(3 * DAY_MS + 30 * MIN),
      odometerEndKm: 50_500,
      fuelLevelEnd: 'full',
    });
    expect(f.days).toEqual({ planned: 3, actual: 3, base: 3, late: 0, chargeable: 3 });
    expect(f.lines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['base_rental', 60_000],
      ['tax', 3_000],
    ]);
    expect(f.km).toEqual({ drivenKm: 500, allowanceKm: 600, extraKm: 0, amountMinor: 0 });
    expect(f.totalMinor).toBe(63_000);
    checkInvariants(f);
  });

  it('late, over the km allowance, fuel short, with Salik, fines and damage', () => {
    const f = finalCharges({
      ...base,
      actualReturnISO: at(4 * DAY_MS + 2 * HOUR_MS), // 5 days actual
      odometerEndKm: 51_150,
      fuelLevelEnd: 'quarter',
      youngDriverFeePerDayMinor: 5_000,
      salikChargesMinor: 1_600,
      trafficFinesMinor: 60_000,
      damageFeesMinor: 25_000,
    });
    expect(f.days).toEqual({ planned: 3, actual: 5, base: 3, late: 2, chargeable: 5 });
    const amounts = Object.fromEntries(f.lines.map((l) => [l.code, l.amountMinor]));
    expect(amounts).toEqual({
      base_rental: 60_000,
      late_fees: 40_000,
      young_driver_fee: 25_000,
      extra_km: 7_500, // 1150 − 1000 allowance = 150 km × 0.50
      fuel_charges: 9_000, // 3 quarters × 30.00
      salik_charges: 1_600,
      traffic_fines: 60_000,
      damage_fees: 25_000,
      tax: 8_325, // 5 % of 166,500 (Salik and fines are not taxed)
    });
    expect(f.taxableMinor).toBe(166_500);
    expect(f.totalMinor).toBe(236_425);
    checkInvariants(f);
  });

  it('early return pays the booked days by default, or the used days on request', () => {
    const early = { ...base, actualReturnISO: at(DAY_MS + 3 * HOUR_MS) };
    expect(finalCharges(early).days).toEqual({ planned: 3, actual: 2, base: 3, late: 0, chargeable: 3 });
    expect(finalCharges(early).lines[0].amountMinor).toBe(60_000);
    const f = finalCharges({ ...early, earlyReturn: 'charge_actual' });
    expect(f.days).toEqual({ planned: 3, actual: 2, base: 2, late: 0, chargeable: 2 });
    expect(f.lines[0].amountMinor).toBe(40_000);
  });

  it('open-ended rental is charged on actual days, with no late fees', () => {
    const f = finalCharges({
      startISO: T0,
      actualReturnISO: at(10 * DAY_MS + 5 * HOUR_MS),
      mode: 'monthly',
      dailyRateMinor: 10_000,
      monthlyRateMinor: 150_000,
    });
    expect(f.days).toEqual({ planned: null, actual: 11, base: 11, late: 0, chargeable: 11 });
    expect(f.lines).toHaveLength(1);
    expect(f.lines[0].amountMinor).toBe(55_000);
    expect(f.km).toBeNull();
    expect(f.fuel).toBeNull();
  });

  it('monthly rental returned late pays late days at the daily rate', () => {
    const f = finalCharges({
      startISO: T0,
      expectedReturnISO: at(30 * DAY_MS),
      actualReturnISO: at(32 * DAY_MS),
      mode: 'monthly',
      dailyRateMinor: 9_000,
      monthlyRateMinor: 200_000,
    });
    expect(f.lines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['base_rental', 200_000],
      ['late_fees', 18_000],
    ]);
  });

  it('defaults: 200 km/day and 0.50 per km; null limit = unlimited', () => {
    const f = finalCharges({
      startISO: T0,
      expectedReturnISO: at(DAY_MS),
      actualReturnISO: at(DAY_MS),
      dailyRateMinor: 10_000,
      odometerStartKm: 1,
      odometerEndKm: 301,
    });
    expect(f.km).toEqual({ drivenKm: 300, allowanceKm: 200, extraKm: 100, amountMinor: 5_000 });
    const u = finalCharges({
      startISO: T0,
      actualReturnISO: at(DAY_MS),
      dailyRateMinor: 10_000,
      odometerStartKm: 1,
      odometerEndKm: 9_999,
      dailyKmLimit: null,
    });
    expect(u.km!.amountMinor).toBe(0);
  });

  it('tax-included final statement extracts tax', () => {
    const f = finalCharges({
      ...base,
      taxRatePercent: 5,
      taxIncluded: true,
      actualReturnISO: at(3 * DAY_MS),
      odometerEndKm: 50_001,
      fuelLevelEnd: 'full',
      trafficFinesMinor: 10_000,
    });
    expect(f.lines.map((l) => l.code)).toEqual(['base_rental', 'traffic_fines']);
    expect(f.taxMinor).toBe(2_857); // 60,000 × 5/105 = 2857.14
    expect(f.totalMinor).toBe(70_000);
    checkInvariants(f);
  });

  it('invariants hold for random returns (property)', () => {
    const levels = fc.constantFrom<FuelLevel>('empty', 'quarter', 'half', 'three_quarters', 'full');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 * DAY_MS }),
        fc.option(fc.integer({ min: 0, max: 120 * DAY_MS }), { nil: null }),
        fc.integer({ min: 0, max: 20_000 }),
        levels,
        levels,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(0, 5, 15, 16),
        fc.integer({ min: 0, max: 100_000 }),
        (actualMs, expectedMs, kmDriven, fs, fe, monthly, included, rate, fines) => {
          const f = finalCharges({
            startISO: T0,
            expectedReturnISO: expectedMs === null ? null : at(expectedMs),
            actualReturnISO: at(actualMs),
            mode: monthly ? 'monthly' : 'daily',
            dailyRateMinor: 12_345,
            monthlyRateMinor: 234_567,
            odometerStartKm: 1000,
            odometerEndKm: 1000 + kmDriven,
            fuelLevelStart: fs,
            fuelLevelEnd: fe,
            fuelChargePerQuarterMinor: 2_500,
            youngDriverFeePerDayMinor: 1_500,
            trafficFinesMinor: fines,
            taxRatePercent: rate,
            taxIncluded: included,
          });
          checkInvariants(f);
          expect(f.days.chargeable).toBe(f.days.base + f.days.late);
          expect(f.days.chargeable).toBeGreaterThanOrEqual(f.days.actual);
          expect(f.days.base).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('returning later never costs less (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * DAY_MS }),
        fc.integer({ min: 0, max: 10 * DAY_MS }),
        (actualMs, extra) => {
          const total = (ms: number) =>
            finalCharges({
              startISO: T0,
              expectedReturnISO: at(5 * DAY_MS),
              actualReturnISO: at(ms),
              dailyRateMinor: 10_000,
              taxRatePercent: 5,
            }).totalMinor;
          expect(total(actualMs + extra)).toBeGreaterThanOrEqual(total(actualMs));
        },
      ),
    );
  });
});

describe('finalCharges after an early pickup (issue 17)', () => {
  const booked = {
    startISO: '2026-03-10T09:00:00Z',
    expectedReturnISO: '2026-03-12T09:00:00Z',
    dailyRateMinor: 10_000,
  };
  it('counts the days used from the pickup when it was before the booked start; never throws for a return before the booked start', () => {
    const early = finalCharges({
      ...booked,
      pickedUpISO: '2026-03-10T06:00:00Z',
      actualReturnISO: '2026-03-12T09:00:00Z',
    });
    expect(early.days).toMatchObject({ planned: 2, actual: 3, base: 2, late: 1 });
    const backBeforeStart = finalCharges({
      ...booked,
      pickedUpISO: '2026-03-10T06:00:00Z',
      actualReturnISO: '2026-03-10T08:00:00Z',
    });
    expect(backBeforeStart.days).toMatchObject({ planned: 2, actual: 1, base: 2, late: 0 });
    expect(backBeforeStart.totalMinor).toBe(20_000);
    // A late pickup does not shorten what was booked.
    const late = finalCharges({
      ...booked,
      pickedUpISO: '2026-03-10T12:00:00Z',
      actualReturnISO: '2026-03-12T09:00:00Z',
    });
    expect(late.days).toMatchObject({ planned: 2, actual: 2, late: 0 });
  });
});

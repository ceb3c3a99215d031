import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { finalCharges, quoteRental, rentalKmLimit, rentalUsage, usageOfRental } from './pricing';

/**
 * The one usage rule (issue 27): days, allowance, extra km, fuel and late days of a rental. The
 * quote, the return and usageOfRental (inspection, GPS) must give the same figures.
 */
const start = '2026-11-10T09:00:00.000Z';
const end = '2026-11-13T09:00:00.000Z';
const at = (h: number) => new Date(Date.parse(start) + h * 3_600_000).toISOString();
const fixed = {
  startISO: start,
  expectedReturnISO: end,
  gracePeriodHours: 1,
  dailyKmLimit: 200,
  extraChargePerKmMinor: 50,
  dailyRateMinor: 30_000,
};

describe('rentalUsage', () => {
  it('fixed-term as booked (the quote): 3 days, 600 km', () => {
    expect(rentalUsage(fixed)).toMatchObject({
      days: { planned: 3, actual: 3, base: 3, late: 0, chargeable: 3 },
      allowanceKm: 600,
      km: null,
      fuel: null,
      late: { days: 0, amountMinor: 0 },
    });
  });
  it('early return pays and is allowed the booked days; late past the grace adds days', () => {
    expect(rentalUsage({ ...fixed, atISO: at(20), odometerStartKm: 1000, odometerEndKm: 1650 })).toMatchObject({
      days: { base: 3, chargeable: 3 },
      allowanceKm: 600,
      km: { extraKm: 50, amountMinor: 2500 },
    });
    expect(rentalUsage({ ...fixed, atISO: at(73) })).toMatchObject({ days: { late: 0, chargeable: 3 } });
    expect(rentalUsage({ ...fixed, atISO: at(73.01) })).toMatchObject({
      days: { late: 1, chargeable: 4 },
      allowanceKm: 800,
      late: { days: 1, amountMinor: 30_000 },
    });
    expect(rentalUsage({ ...fixed, atISO: at(20), earlyReturn: 'charge_actual' })).toMatchObject({
      days: { base: 1, chargeable: 1 },
      allowanceKm: 200,
    });
  });
  it('open-ended: the expected duration as booked, the days used at a return', () => {
    const open = { ...fixed, expectedReturnISO: null, expectedDurationDays: 30 };
    expect(rentalUsage(open)).toMatchObject({ days: { planned: null, base: 30, chargeable: 30 }, allowanceKm: 6000 });
    expect(rentalUsage({ ...open, atISO: at(5 * 24 + 2) })).toMatchObject({
      days: { base: 6, late: 0, chargeable: 6 },
      allowanceKm: 1200,
    });
    expect(() => rentalUsage({ ...open, expectedDurationDays: null })).toThrow(/expected duration/);
  });
  it('an early pickup counts from the pickup; a moment before it counts as at it', () => {
    expect(rentalUsage({ ...fixed, pickedUpISO: at(-5), atISO: at(72) })).toMatchObject({
      days: { actual: 4, late: 1, chargeable: 4 },
    });
    expect(rentalUsage({ ...fixed, atISO: at(-48) })).toMatchObject({ days: { actual: 1, base: 3 } });
  });
  it('fuel shortfall and an unlimited limit', () => {
    expect(
      rentalUsage({
        ...fixed,
        atISO: end,
        fuelLevelStart: 'full',
        fuelLevelEnd: 'quarter',
        fuelChargePerQuarterMinor: 4500,
      }).fuel,
    ).toEqual({ shortfallQuarters: 3, amountMinor: 13_500 });
    expect(
      rentalUsage({ ...fixed, dailyKmLimit: null, atISO: end, odometerStartKm: 0, odometerEndKm: 5000 }),
    ).toMatchObject({ allowanceKm: null, km: { extraKm: 0, amountMinor: 0 } });
  });
  it('rentalKmLimit: a positive whole number, else unlimited', () => {
    expect([200, 0, null, undefined, -5, 1.5, '200'].map(rentalKmLimit)).toEqual([
      200,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
  it('usageOfRental reads the stored rental as the return does', () => {
    const stored = {
      startDate: start,
      expectedReturnDate: end,
      openEnded: false,
      dailyKmLimit: 250,
      extraChargePerKmMinor: 50,
      dailyRateMinor: 30_000,
      odometerStart: 1000,
      pickedUpAt: start,
    };
    // The GPS evidence bug of issue 27: a 3-day rental with 250 km a day has 750 km, not 250.
    expect(usageOfRental(stored, { gracePeriodHours: 1, atISO: at(10) }).allowanceKm).toBe(750);
    expect(
      usageOfRental({ ...stored, openEnded: true, expectedDuration: 30 }, { gracePeriodHours: 1, atISO: at(10) })
        .allowanceKm,
    ).toBe(250);
    expect(usageOfRental(stored, { gracePeriodHours: 1, atISO: end, odometerEndKm: 2000 }).km).toMatchObject({
      drivenKm: 1000,
      extraKm: 250,
      amountMinor: 12_500,
    });
  });
  it('property: the quote, the return and usageOfRental agree on days and allowance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 * 24 }),
        fc.integer({ min: 0, max: 90 * 24 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.boolean(),
        (bookedH, returnH, limit, driven, openEnded) => {
          const expected = openEnded ? null : at(bookedH);
          const quote = quoteRental({
            startISO: start,
            endISO: expected,
            expectedDurationDays: openEnded ? 30 : null,
            dailyRateMinor: 10_000,
            dailyKmLimit: limit,
            gracePeriodHours: 1,
          });
          const booked = rentalUsage({
            startISO: start,
            expectedReturnISO: expected,
            expectedDurationDays: 30,
            dailyKmLimit: limit,
            gracePeriodHours: 1,
          });
          expect(quote.allowanceKm).toBe(booked.allowanceKm);
          const ret = finalCharges({
            startISO: start,
            expectedReturnISO: expected,
            actualReturnISO: at(returnH),
            dailyRateMinor: 10_000,
            dailyKmLimit: limit,
            gracePeriodHours: 1,
            odometerStartKm: 0,
            odometerEndKm: driven,
          });
          const stored = usageOfRental(
            {
              startDate: start,
              expectedReturnDate: expected,
              openEnded,
              expectedDuration: 30,
              dailyKmLimit: limit,
              extraChargePerKmMinor: 50,
            },
            { gracePeriodHours: 1, atISO: at(returnH), odometerStartKm: 0, odometerEndKm: driven },
          );
          expect(ret.days).toEqual(stored.days);
          expect(ret.km).toEqual(stored.km);
          expect(stored.allowanceKm).toBe(limit * stored.days.chargeable);
        },
      ),
      { numRuns: 300 },
    );
  });
});

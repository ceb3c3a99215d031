import { describe, expect, it } from 'vitest';
import { diffInspections } from './inspection';
import { defaultDamagePriceList } from './damage-prices';
import type { DamageMark } from './damage-prices';

const mark = (id: string, over: Partial<DamageMark> = {}): DamageMark => ({
  id,
  view: 'left',
  x: 30,
  y: 40,
  type: 'scratch',
  severity: 'minor',
  ...over,
});
// A 3-day fixed-term rental, 200 km a day, 0.50 per extra km.
const rental = {
  startDate: '2026-11-10T09:00:00.000Z',
  expectedReturnDate: '2026-11-13T09:00:00.000Z',
  dailyKmLimit: 200,
  extraChargePerKmMinor: 50,
  dailyRateMinor: 30_000,
};
const prices = { ...defaultDamagePriceList(), crack: { minor: 20_000, moderate: 60_000, severe: 250_000 } };
const terms = (over: Partial<Parameters<typeof diffInspections>[2]> = {}) => ({
  rental,
  gracePeriodHours: 1,
  atISO: '2026-11-13T08:00:00.000Z',
  fuelChargePerQuarterMinor: 2500,
  damagePrices: prices,
  ...over,
});

describe('diffInspections (fixed data)', () => {
  const out = {
    odometer: 10_000,
    fuelLevel: 'full' as const,
    damages: [mark('a'), mark('b', { view: 'front', type: 'dent', x: 50, y: 50 })],
  };
  it("new marks priced from the price list, km and fuel by the return's rule, with message keys", () => {
    const inn = {
      odometer: 10_850,
      fuelLevel: 'half' as const,
      damages: [
        mark('a2', { x: 33, y: 42 }),
        mark('b2', { view: 'front', type: 'dent', x: 52, y: 47 }),
        mark('d', { view: 'right' }),
        mark('c', { view: 'rear', type: 'crack', severity: 'moderate', x: 10, y: 10 }),
      ],
    };
    const d = diffInspections(out, inn, terms());
    // a2 and b2 are the check-out's marks placed again a little apart (within 8%); d and c are new.
    expect(d.newDamages.map((m) => m.id)).toEqual(['d', 'c']);
    expect(d).toMatchObject({
      kmDriven: 850,
      chargeableDays: 3,
      allowanceKm: 600,
      extraKm: 250,
      fuelShortfallQuarters: 2,
    });
    expect(d.proposed).toEqual([
      {
        key: 'damage:d',
        category: 'damage_fees',
        labelKey: 'inspections.charge.damage',
        labelParams: { type: 'scratch', severity: 'minor', view: 'right' },
        label: 'Damage: scratch (minor), right',
        amountMinor: 15_000,
        markId: 'd',
      },
      {
        key: 'damage:c',
        category: 'damage_fees',
        labelKey: 'inspections.charge.damage',
        labelParams: { type: 'crack', severity: 'moderate', view: 'rear' },
        label: 'Damage: crack (moderate), rear',
        amountMinor: 60_000,
        markId: 'c',
      },
      {
        key: 'fuel_charges',
        category: 'fuel_charges',
        labelKey: 'inspections.charge.fuel',
        labelParams: { quarters: 2 },
        label: 'Fuel: 2 quarter(s) short',
        amountMinor: 5000,
      },
      {
        key: 'extra_km',
        category: 'extra_km',
        labelKey: 'inspections.charge.extraKm',
        labelParams: { km: 250, allowance: 600, days: 3 },
        label: 'Extra km: 250 km over 600 km',
        amountMinor: 12_500,
      },
    ]);
    expect(d.proposedTotalMinor).toBe(92_500);
  });
  it('a check-in before the booked return (early) is allowed the booked days; one recorded before the start counts as at it', () => {
    const inn = { odometer: 10_650, fuelLevel: 'full' as const, damages: out.damages };
    // The bug of issue 27: days counted from the start to the check-in gave 1 day → 200 km allowance.
    expect(diffInspections(out, inn, terms({ atISO: '2026-11-10T12:00:00.000Z' }))).toMatchObject({
      chargeableDays: 3,
      allowanceKm: 600,
      extraKm: 50,
    });
    expect(diffInspections(out, inn, terms({ atISO: '2026-11-01T12:00:00.000Z' }))).toMatchObject({
      chargeableDays: 3,
      allowanceKm: 600,
    });
  });
  it('late past the grace adds a day of allowance; null or 0 limit is unlimited', () => {
    const inn = { odometer: 11_000, fuelLevel: 'full' as const, damages: out.damages };
    expect(diffInspections(out, inn, terms({ atISO: '2026-11-13T10:00:00.000Z' }))).toMatchObject({
      chargeableDays: 3,
      allowanceKm: 600,
    });
    expect(diffInspections(out, inn, terms({ atISO: '2026-11-13T10:00:01.000Z' }))).toMatchObject({
      chargeableDays: 4,
      allowanceKm: 800,
      extraKm: 200,
    });
    for (const dailyKmLimit of [null, 0]) {
      const d = diffInspections(out, inn, terms({ rental: { ...rental, dailyKmLimit } }));
      expect(d).toMatchObject({ allowanceKm: null, extraKm: 0 });
      expect(d.proposed).toEqual([]);
    }
  });
  it('nothing new, within the allowance, same fuel: nothing proposed', () => {
    const d = diffInspections(out, { odometer: 10_100, fuelLevel: 'full', damages: out.damages }, terms());
    expect(d.proposed).toEqual([]);
    expect(d.newDamages).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { diffInspections } from './inspection';
import type { DamageMark } from '../schemas/inspections';

const mark = (id: string, over: Partial<DamageMark> = {}): DamageMark => ({ id, view: 'left', x: 30, y: 40, type: 'scratch', severity: 'minor', ...over });

describe('diffInspections (fixed data)', () => {
  const out = { odometer: 10_000, fuelLevel: 'full' as const, damages: [mark('a'), mark('b', { view: 'front', type: 'dent', x: 50, y: 50 })] };
  it('new marks, km and fuel, with the proposed charges', () => {
    const inn = { odometer: 10_850, fuelLevel: 'half' as const, damages: [mark('a2', { x: 33, y: 42 }), mark('b2', { view: 'front', type: 'dent', x: 52, y: 47 }), mark('d', { view: 'right' }), mark('c', { view: 'rear', type: 'crack', severity: 'moderate', x: 10, y: 10 })] };
    const d = diffInspections(out, inn, { days: 3, dailyKmLimit: 200, extraChargePerKmMinor: 50, fuelChargePerQuarterMinor: 2500 });
    // a2 and b2 are the check-out's marks placed again a little apart (within 8%); d and c are new.
    expect(d.newDamages.map((m) => m.id)).toEqual(['d', 'c']);
    expect(d).toMatchObject({ kmDriven: 850, allowanceKm: 600, extraKm: 250, fuelShortfallQuarters: 2 });
    expect(d.proposed).toEqual([
      { category: 'damage_fees', label: 'Damage: scratch (minor), right', amountMinor: 15_000, markId: 'd' },
      { category: 'damage_fees', label: 'Damage: crack (moderate), rear', amountMinor: 50_000, markId: 'c' },
      { category: 'fuel_charges', label: 'Fuel: 2 quarter(s) short', amountMinor: 5000 },
      { category: 'extra_km', label: 'Extra km: 250 km over 600 km', amountMinor: 12_500 },
    ]);
    expect(d.proposedTotalMinor).toBe(82_500);
  });
  it('nothing new, within the allowance, same fuel: nothing proposed', () => {
    const d = diffInspections(out, { odometer: 10_100, fuelLevel: 'full', damages: out.damages }, { days: 2, dailyKmLimit: 200, extraChargePerKmMinor: 50, fuelChargePerQuarterMinor: 2500 });
    expect(d.proposed).toEqual([]);
    expect(d.newDamages).toEqual([]);
  });
});

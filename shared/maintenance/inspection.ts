import { extraKmCharge, fuelCharge, type FuelLevel } from '../rentals/pricing';
import type { DamageMark, DamageSeverity } from '../schemas/inspections';

/**
 * The check-in compared with the check-out (issue 12): new damage marks, km driven and fuel, and
 * the charges proposed for the return (staff confirm them; they then go through the rental ledger
 * as damage_fees, fuel_charges and extra_km charges). Pure; unit-tested.
 *
 * A mark is "new" when the check-out has no mark of the same type on the same view within
 * MATCH_DISTANCE percent. Damage is priced by severity (DAMAGE_PRICES, in major units of the
 * company's currency — a starting point the staff adjust before confirming; the spec is silent).
 */
export const MATCH_DISTANCE = 8;
export const DAMAGE_PRICES: Readonly<Record<DamageSeverity, number>> = { minor: 150, moderate: 500, severe: 1500 };

export interface InspectionFacts { odometer: number; fuelLevel: FuelLevel; damages: DamageMark[] }

export interface ProposedCharge { category: 'damage_fees' | 'fuel_charges' | 'extra_km'; label: string; amountMinor: number; markId?: string }

export interface InspectionDiff {
  newDamages: DamageMark[];
  kmDriven: number;
  fuelOut: FuelLevel;
  fuelIn: FuelLevel;
  fuelShortfallQuarters: number;
  allowanceKm: number | null;
  extraKm: number;
  proposed: ProposedCharge[];
  proposedTotalMinor: number;
}

const near = (a: DamageMark, b: DamageMark) => a.view === b.view && a.type === b.type && Math.hypot(a.x - b.x, a.y - b.y) <= MATCH_DISTANCE;

export function diffInspections(out: InspectionFacts, inn: InspectionFacts, pricing: {
  days: number; dailyKmLimit: number | null; extraChargePerKmMinor: number; fuelChargePerQuarterMinor: number; minorPerMajor?: number;
}): InspectionDiff {
  const newDamages = inn.damages.filter((d) => !out.damages.some((o) => near(o, d)));
  const km = extraKmCharge({ startKm: out.odometer, endKm: Math.max(out.odometer, inn.odometer), days: Math.max(1, pricing.days), dailyKmLimit: pricing.dailyKmLimit, extraChargePerKmMinor: pricing.extraChargePerKmMinor });
  const fuel = fuelCharge(out.fuelLevel, inn.fuelLevel, pricing.fuelChargePerQuarterMinor);
  const perMajor = pricing.minorPerMajor ?? 100;
  const proposed: ProposedCharge[] = [
    ...newDamages.map((d) => ({ category: 'damage_fees' as const, label: `Damage: ${d.type} (${d.severity}), ${d.view}`, amountMinor: DAMAGE_PRICES[d.severity] * perMajor, markId: d.id })),
    ...(fuel.amountMinor > 0 ? [{ category: 'fuel_charges' as const, label: `Fuel: ${fuel.shortfallQuarters} quarter(s) short`, amountMinor: fuel.amountMinor }] : []),
    ...(km.amountMinor > 0 ? [{ category: 'extra_km' as const, label: `Extra km: ${km.extraKm} km over ${km.allowanceKm} km`, amountMinor: km.amountMinor }] : []),
  ];
  return {
    newDamages, kmDriven: km.drivenKm, fuelOut: out.fuelLevel, fuelIn: inn.fuelLevel, fuelShortfallQuarters: fuel.shortfallQuarters,
    allowanceKm: km.allowanceKm, extraKm: km.extraKm, proposed, proposedTotalMinor: proposed.reduce((s, c) => s + c.amountMinor, 0),
  };
}

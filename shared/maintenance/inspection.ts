import { usageOfRental, type FuelLevel, type StoredRentalTerms } from '../rentals/pricing';
import { DEFAULT_DAMAGE_PRICES_MINOR, type DamageMark, type DamagePriceList } from './damage-prices';

/**
 * The check-in compared with the check-out (issue 12): new damage marks, km driven and fuel, and
 * the charges proposed for the return (staff confirm them; they then go through the rental ledger
 * as damage_fees, fuel_charges and extra_km charges). Pure; unit-tested.
 *
 * Km and fuel (issue 27): the ONE usage rule (shared/rentals/pricing.ts usageOfRental) on the
 * rental as stored, returned at the check-in (or the rental's return once there is one), with the
 * check-out and check-in readings — so the proposal is the return's figure, never a second answer.
 *
 * A mark is "new" when the check-out has no mark of the same type on the same view within
 * MATCH_DISTANCE percent. Damage is priced from the company's damage price list (settings →
 * pricing: type × severity → default charge in minor units), a starting point the staff adjust
 * before confirming.
 */
export const MATCH_DISTANCE = 8;

export interface InspectionFacts {
  odometer: number;
  fuelLevel: FuelLevel;
  damages: DamageMark[];
}

export type ProposedCategory = 'damage_fees' | 'fuel_charges' | 'extra_km';

/**
 * A proposed charge. `key` names it for confirmation (one post per key and inspection); the
 * label is a message key and parameters (web: inspections.charge.*, codes in the parameters are
 * translated there), `label` the English text the ledger entry carries.
 */
export interface ProposedCharge {
  key: string;
  category: ProposedCategory;
  labelKey: 'inspections.charge.damage' | 'inspections.charge.fuel' | 'inspections.charge.extraKm';
  labelParams: Record<string, string | number>;
  label: string;
  amountMinor: number;
  markId?: string;
}

export interface InspectionDiff {
  newDamages: DamageMark[];
  kmDriven: number;
  fuelOut: FuelLevel;
  fuelIn: FuelLevel;
  fuelShortfallQuarters: number;
  /** Days the allowance is given for (the return's chargeable days). */
  chargeableDays: number;
  allowanceKm: number | null;
  extraKm: number;
  proposed: ProposedCharge[];
  proposedTotalMinor: number;
}

const near = (a: DamageMark, b: DamageMark) =>
  a.view === b.view && a.type === b.type && Math.hypot(a.x - b.x, a.y - b.y) <= MATCH_DISTANCE;

export interface DiffTerms {
  rental: StoredRentalTerms;
  gracePeriodHours: number;
  /** When the car came back: the rental's return, else the check-in's time. */
  atISO: string;
  fuelChargePerQuarterMinor: number;
  damagePrices: DamagePriceList;
}

export function diffInspections(out: InspectionFacts, inn: InspectionFacts, terms: DiffTerms): InspectionDiff {
  const newDamages = inn.damages.filter((d) => !out.damages.some((o) => near(o, d)));
  const usage = usageOfRental(terms.rental, {
    gracePeriodHours: terms.gracePeriodHours,
    atISO: terms.atISO,
    odometerStartKm: out.odometer,
    odometerEndKm: Math.max(out.odometer, inn.odometer),
    fuelLevelStart: out.fuelLevel,
    fuelLevelEnd: inn.fuelLevel,
    fuelChargePerQuarterMinor: terms.fuelChargePerQuarterMinor,
  });
  const km = usage.km!;
  const fuel = usage.fuel!;
  const proposed: ProposedCharge[] = [
    ...newDamages.map((d) => ({
      key: `damage:${d.id}`,
      category: 'damage_fees' as const,
      labelKey: 'inspections.charge.damage' as const,
      labelParams: { type: d.type, severity: d.severity, view: d.view },
      label: `Damage: ${d.type} (${d.severity}), ${d.view}`,
      amountMinor: terms.damagePrices[d.type]?.[d.severity] ?? DEFAULT_DAMAGE_PRICES_MINOR[d.severity],
      markId: d.id,
    })),
    ...(fuel.amountMinor > 0
      ? [
          {
            key: 'fuel_charges',
            category: 'fuel_charges' as const,
            labelKey: 'inspections.charge.fuel' as const,
            labelParams: { quarters: fuel.shortfallQuarters },
            label: `Fuel: ${fuel.shortfallQuarters} quarter(s) short`,
            amountMinor: fuel.amountMinor,
          },
        ]
      : []),
    ...(km.amountMinor > 0
      ? [
          {
            key: 'extra_km',
            category: 'extra_km' as const,
            labelKey: 'inspections.charge.extraKm' as const,
            labelParams: { km: km.extraKm, allowance: km.allowanceKm ?? 0, days: usage.days.chargeable },
            label: `Extra km: ${km.extraKm} km over ${km.allowanceKm} km`,
            amountMinor: km.amountMinor,
          },
        ]
      : []),
  ];
  return {
    newDamages,
    kmDriven: km.drivenKm,
    fuelOut: out.fuelLevel,
    fuelIn: inn.fuelLevel,
    fuelShortfallQuarters: fuel.shortfallQuarters,
    chargeableDays: usage.days.chargeable,
    allowanceKm: usage.allowanceKm,
    extraKm: km.extraKm,
    proposed,
    proposedTotalMinor: proposed.reduce((s, c) => s + c.amountMinor, 0),
  };
}

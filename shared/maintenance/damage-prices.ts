/**
 * Damage marks (the car's views, types, severities, a mark's fields) and the damage price list
 * (issue 27: company setting, damage type × severity → the charge proposed at check-in). Plain
 * constants with no schema library: the company settings (read by every Lambda) and the check-in
 * comparison (./inspection.ts) use them, and the inspection schemas re-export them and check a mark.
 */
export const CAR_VIEWS = ['front', 'rear', 'left', 'right', 'top'] as const;
export type CarView = (typeof CAR_VIEWS)[number];
export const DAMAGE_TYPES = ['scratch', 'dent', 'crack', 'missing'] as const;
export const DAMAGE_SEVERITIES = ['minor', 'moderate', 'severe'] as const;
export type DamageSeverity = (typeof DAMAGE_SEVERITIES)[number];
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** One damage mark of an inspection (shared/schemas/inspections.ts damageMarkSchema checks it). */
export interface DamageMark {
  id: string;
  view: CarView;
  /** Position on the view, in percent of its width and height. */
  x: number;
  y: number;
  type: DamageType;
  severity: DamageSeverity;
  note?: string | null;
  /** Key of the photo showing it (one of the inspection's photos). */
  photoKey?: string | null;
}

/** Damage type × severity → default charge proposed at check-in (integer minor units; settings → pricing). */
export type DamagePriceList = Record<DamageType, Record<DamageSeverity, number>>;
/** A company without a price list of its own: by severity only, the same for every type (150 / 500 / 1,500). */
export const DEFAULT_DAMAGE_PRICES_MINOR: Readonly<Record<DamageSeverity, number>> = {
  minor: 15_000,
  moderate: 50_000,
  severe: 150_000,
};
export function defaultDamagePriceList(): DamagePriceList {
  return Object.fromEntries(
    DAMAGE_TYPES.map((t) => [t, Object.fromEntries(DAMAGE_SEVERITIES.map((s) => [s, DEFAULT_DAMAGE_PRICES_MINOR[s]]))]),
  ) as DamagePriceList;
}

/**
 * Fleet health (issue 14): a score 0–100 per vehicle, its grade, and each factor's contribution.
 *
 * The score is 100 minus the penalties of seven factors. Each factor's WEIGHT is the most it can
 * take away, so a reader sees at once what matters most: document compliance (30: an uninsured
 * or unregistered car may not be rented at all), maintenance (25), open damage and incidents (20
 * each), age and km (15 each), utilisation (10). The weights add up to more than 100 on purpose:
 * a vehicle that is bad on several counts reaches "critical" without any single factor zeroing it.
 * Grades: excellent ≥ 85, good ≥ 70, fair ≥ 50, poor ≥ 30, critical below (the issue's
 * thresholds, shared with the vehicle rules' HEALTH_GRADE_THRESHOLDS).
 *
 * Pure: the caller gathers the facts (functions/fleet-health/compute.ts) and passes them here.
 */
import { healthGrade, type HealthGrade } from '../vehicles/vehicle-rules';
import { daysBetween } from '../calendar';

export const HEALTH_FACTOR_KEYS = [
  'maintenance',
  'documents',
  'damage',
  'incidents',
  'age',
  'mileage',
  'utilisation',
] as const;
export type HealthFactorKey = (typeof HEALTH_FACTOR_KEYS)[number];

/** The facts a vehicle's score is computed from. */
export interface HealthFacts {
  /** Service predictions past their due date or km (maintenance area). */
  maintenancePastDue: number;
  /** Service predictions due within DUE_SOON_DAYS. */
  maintenanceDueSoon: number;
  /** Urgent maintenance records still open (not completed or cancelled). */
  urgentOpen: number;
  /** Registration and insurance: the latest expiry date known for each (null = none on file). */
  registrationExpiry: string | null;
  insuranceExpiry: string | null;
  /** The company's calendar day the score is for (YYYY-MM-DD). */
  today: string;
  /** Model year and odometer. */
  year: number;
  odometerKm: number;
  /** Damage marks still open: on the latest signed inspection, not repaired since. */
  damage: { minor: number; moderate: number; severe: number };
  /** GPS incidents within the incident window (null counts when the vehicle has no tracker data: no penalty). */
  speeding: number;
  restrictedEntries: number;
  /** Share of the utilisation window the vehicle was booked (0..1). */
  utilisation: number;
}

/** Every constant of the score, in one place (the page prints the weights beside each factor). */
export const HEALTH_RULES = {
  weights: {
    maintenance: 25,
    documents: 30,
    damage: 20,
    incidents: 20,
    age: 15,
    mileage: 15,
    utilisation: 10,
  } satisfies Record<HealthFactorKey, number>,
  maintenance: { pastDue: 12, urgentOpen: 10, dueSoon: 4 },
  /** Per document (registration, insurance): expired or none on file → 15; expiring within 30 days → 5. */
  documents: { expired: 15, missing: 15, expiringSoon: 5, soonDays: 30 },
  damage: { minor: 2, moderate: 5, severe: 10 },
  incidents: { speeding: 2, restrictedEntry: 5 },
  /** −2 per year of age (model year), −1 per full 10,000 km (as the vehicle rules' initial score). */
  age: { perYear: 2 },
  mileage: { stepKm: 10_000, perStep: 1 },
  /**
   * Idle below 20% of the window → up to −10 (linear to 0% booked): a car that stands still
   * loses its battery and tyres and often hides a fault nobody reported. Busy is not penalised:
   * wear shows in km, maintenance and damage already.
   */
  utilisation: { idleBelow: 0.2 },
  /** Days of history each window covers (incidents, utilisation). */
  windowDays: 30,
} as const;

export interface HealthFactor {
  key: HealthFactorKey;
  /** The most this factor can take away. */
  weight: number;
  /** What it takes away now (0..weight). */
  penalty: number;
  /** The facts behind the penalty, for the page's "why" (translated with these values). */
  detail: Record<string, number | string>;
}

export interface HealthResult {
  score: number;
  grade: HealthGrade;
  factors: HealthFactor[];
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
const cap = (key: HealthFactorKey, raw: number) => Math.min(HEALTH_RULES.weights[key], Math.max(0, Math.round(raw)));

/** A document's state on `today`: a document is valid through its expiry day. */
export function documentState(expiry: string | null, today: string): 'missing' | 'expired' | 'expiring' | 'valid' {
  if (!expiry) return 'missing';
  if (expiry < today) return 'expired';
  return daysBetween(today, expiry) <= HEALTH_RULES.documents.soonDays ? 'expiring' : 'valid';
}

export function scoreHealth(f: HealthFacts): HealthResult {
  const R = HEALTH_RULES;
  const pastDue = count(f.maintenancePastDue);
  const dueSoon = count(f.maintenanceDueSoon);
  const urgent = count(f.urgentOpen);
  const registration = documentState(f.registrationExpiry, f.today);
  const insurance = documentState(f.insuranceExpiry, f.today);
  const docPenalty = (s: ReturnType<typeof documentState>) =>
    s === 'expired'
      ? R.documents.expired
      : s === 'missing'
        ? R.documents.missing
        : s === 'expiring'
          ? R.documents.expiringSoon
          : 0;
  const ageYears = Math.max(0, Number(f.today.slice(0, 4)) - f.year);
  const km = count(f.odometerKm);
  const damage = { minor: count(f.damage.minor), moderate: count(f.damage.moderate), severe: count(f.damage.severe) };
  const speeding = count(f.speeding);
  const restricted = count(f.restrictedEntries);
  const utilisation = Number.isFinite(f.utilisation) ? Math.min(1, Math.max(0, f.utilisation)) : 0;
  const utilisationPct = Math.round(utilisation * 100);

  const raw: { key: HealthFactorKey; penalty: number; detail: HealthFactor['detail'] }[] = [
    {
      key: 'maintenance',
      penalty: cap(
        'maintenance',
        pastDue * R.maintenance.pastDue + urgent * R.maintenance.urgentOpen + dueSoon * R.maintenance.dueSoon,
      ),
      detail: { pastDue, dueSoon, urgent },
    },
    {
      key: 'documents',
      penalty: cap('documents', docPenalty(registration) + docPenalty(insurance)),
      detail: {
        registration,
        insurance,
        registrationExpiry: f.registrationExpiry ?? '',
        insuranceExpiry: f.insuranceExpiry ?? '',
      },
    },
    {
      key: 'damage',
      penalty: cap(
        'damage',
        damage.minor * R.damage.minor + damage.moderate * R.damage.moderate + damage.severe * R.damage.severe,
      ),
      detail: damage,
    },
    {
      key: 'incidents',
      penalty: cap('incidents', speeding * R.incidents.speeding + restricted * R.incidents.restrictedEntry),
      detail: { speeding, restricted, days: R.windowDays },
    },
    { key: 'age', penalty: cap('age', ageYears * R.age.perYear), detail: { years: ageYears } },
    { key: 'mileage', penalty: cap('mileage', Math.floor(km / R.mileage.stepKm) * R.mileage.perStep), detail: { km } },
    {
      key: 'utilisation',
      penalty: cap(
        'utilisation',
        utilisation >= R.utilisation.idleBelow
          ? 0
          : R.weights.utilisation * (1 - utilisation / R.utilisation.idleBelow),
      ),
      detail: { percent: utilisationPct, days: R.windowDays },
    },
  ];
  const factors: HealthFactor[] = raw.map((x) => ({
    key: x.key,
    weight: R.weights[x.key],
    penalty: x.penalty,
    detail: x.detail,
  }));

  const score = Math.max(0, Math.min(100, 100 - factors.reduce((s, x) => s + x.penalty, 0)));
  return { score, grade: healthGrade(score), factors };
}

/** Booked share of [from, to) from booking intervals (overlaps merged; open ends run to `to`). */
export function bookedShare(blocks: { start: string; end: string | null }[], from: string, to: string): number {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (!(b > a)) return 0;
  const spans = blocks
    .map((x) => [Math.max(a, Date.parse(x.start)), Math.min(b, x.end ? Date.parse(x.end) : b)] as const)
    .filter(([s, e]) => e > s)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let curS = -Infinity;
  let curE = -Infinity;
  for (const [s, e] of spans) {
    if (s > curE) {
      if (curE > curS) total += curE - curS;
      curS = s;
      curE = e;
    } else curE = Math.max(curE, e);
  }
  if (curE > curS) total += curE - curS;
  return total / (b - a);
}

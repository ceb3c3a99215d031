/**
 * Vehicle rules: VIN and odometer validation, document expiry badges, fleet health score.
 *
 * Decisions:
 * - VIN: the spec says "exactly 17 alphanumeric characters", so any of A-Z, 0-9 is accepted
 *   (the ISO 3779 exclusion of I, O, Q is NOT enforced: older and non-North-American VINs in the
 *   Gulf fleet data do contain them). Surrounding whitespace is trimmed and the value is stored in
 *   upper case. One message per failure: longer than 17 → "VIN cannot exceed 17 characters" (the
 *   spec's "cannot exceed 17" completed with the noun); anything else (too short, symbols,
 *   inner spaces) → "VIN must be exactly 17 alphanumeric characters".
 * - Odometer: whole kilometres, at least 1.
 * - Health score: see HEALTH_SCORE_RULES and healthScore below.
 */
import * as z from 'zod';
import { licenseStatus } from '../customers/age';
import { DOCUMENT_REMINDER_DAYS, MIN_ODOMETER_KM, VIN_LENGTH } from '../constants';

// ---------------------------------------------------------------------------------------------
// VIN
// ---------------------------------------------------------------------------------------------

export const VIN_MESSAGES = {
  invalid: 'VIN must be exactly 17 alphanumeric characters',
  tooLong: 'VIN cannot exceed 17 characters',
} as const;

const VIN_PATTERN = /^[A-Za-z0-9]{17}$/;

/** Trims and upper-cases a VIN (no other change: inner spaces or dashes stay and fail validation). */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

/**
 * The validation message for a VIN, or null when valid: after trimming, more than 17 characters
 * → VIN_MESSAGES.tooLong; not exactly 17 of A-Z/a-z/0-9 → VIN_MESSAGES.invalid.
 */
export function vinError(vin: string): string | null {
  const v = vin.trim();
  if (v.length > VIN_LENGTH) return VIN_MESSAGES.tooLong;
  if (!VIN_PATTERN.test(v)) return VIN_MESSAGES.invalid;
  return null;
}

/** zod schema for a VIN: one message per failure (see vinError); output trimmed and upper case. */
export const vinSchema = z
  .string({ error: VIN_MESSAGES.invalid })
  .superRefine((v, ctx) => {
    const message = vinError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeVin);

// ---------------------------------------------------------------------------------------------
// Odometer
// ---------------------------------------------------------------------------------------------

export const ODOMETER_MESSAGES = {
  invalid: 'Odometer must be a number',
  whole: 'Odometer must be a whole number of km',
  min: 'Odometer must be at least 1 km',
} as const;

/** zod schema for an odometer reading: a whole number of km, at least 1. */
export const odometerKmSchema = z
  .number({ error: ODOMETER_MESSAGES.invalid })
  .int({ error: ODOMETER_MESSAGES.whole })
  .min(MIN_ODOMETER_KM, { error: ODOMETER_MESSAGES.min });

// ---------------------------------------------------------------------------------------------
// Expiry badge (document validity: valid, expiring soon, expired, no expiry)
// ---------------------------------------------------------------------------------------------

export type ExpiryBadge = 'valid' | 'expiring_soon' | 'expired' | 'no_expiry';

/**
 * Document validity badge on `today` (both 'YYYY-MM-DD'): 'no_expiry' without a date; 'expired'
 * when the date is before today; 'expiring_soon' when 0..`withinDays` (default 30, the reminder
 * threshold) days away — the expiry day itself counts as expiring soon, not expired; else 'valid'.
 */
export function expiryBadge(
  expiryDate: string | null | undefined,
  today: string,
  withinDays: number = DOCUMENT_REMINDER_DAYS,
): ExpiryBadge {
  const s = licenseStatus(expiryDate, today, withinDays);
  return s === 'none' ? 'no_expiry' : s;
}

// ---------------------------------------------------------------------------------------------
// Health score and grade
// ---------------------------------------------------------------------------------------------

export interface HealthInputs {
  /** Vehicle age in years (current year − model year; fractional allowed). */
  ageYears: number;
  odometerKm: number;
  /** Days since the last completed service; null when the vehicle has no service record. */
  daysSinceLastService: number | null;
  /** Maintenance records not completed or cancelled (pending, scheduled, in progress). */
  openMaintenanceCount: number;
  /** Vehicle documents (registration, insurance, inspection…) that are expired. */
  expiredDocumentsCount: number;
}

/**
 * Penalties subtracted from 100. Each factor is capped so no single one can zero a vehicle by
 * itself, except expired documents which make a vehicle unusable legally.
 */
export const HEALTH_SCORE_RULES = {
  /** −2 per year of age, at most −20 (a 10-year-old vehicle). */
  agePerYear: 2,
  ageMax: 20,
  /** −1 per full 10,000 km, at most −25 (250,000 km). */
  kmStep: 10_000,
  kmPerStep: 1,
  kmMax: 25,
  /** Service: none within 90 days free; then −1 per full 10 days overdue, at most −20. */
  serviceFreeDays: 90,
  serviceStepDays: 10,
  servicePerStep: 1,
  serviceMax: 20,
  /** No service record at all: −10. */
  neverServiced: 10,
  /** −5 per open maintenance item, at most −20. */
  openMaintenanceEach: 5,
  openMaintenanceMax: 20,
  /** −15 per expired document, at most −45. */
  expiredDocumentEach: 15,
  expiredDocumentMax: 45,
} as const;

export type HealthGrade = 'excellent' | 'good' | 'fair' | 'poor' | 'critical';

/** Lowest score of each grade, best first: ≥85 excellent, ≥70 good, ≥50 fair, ≥30 poor, else critical. */
export const HEALTH_GRADE_THRESHOLDS: readonly { grade: HealthGrade; minScore: number }[] = [
  { grade: 'excellent', minScore: 85 },
  { grade: 'good', minScore: 70 },
  { grade: 'fair', minScore: 50 },
  { grade: 'poor', minScore: 30 },
  { grade: 'critical', minScore: 0 },
];

const nonNeg = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Fleet health score, an integer 0..100:
 *   100
 *   − min(20, 2 × ageYears)
 *   − min(25, floor(odometerKm / 10,000))
 *   − service: never serviced → 10; else min(20, floor(max(0, days − 90) / 10))
 *   − min(20, 5 × openMaintenanceCount)
 *   − min(45, 15 × expiredDocumentsCount)
 * rounded half up and clamped to 0..100. Negative or non-finite inputs count as 0. The score never
 * increases when any input gets worse.
 */
export function healthScore(input: HealthInputs): number {
  const r = HEALTH_SCORE_RULES;
  const agePenalty = Math.min(r.ageMax, r.agePerYear * nonNeg(input.ageYears));
  const kmPenalty = Math.min(r.kmMax, Math.floor(nonNeg(input.odometerKm) / r.kmStep) * r.kmPerStep);
  const servicePenalty =
    input.daysSinceLastService === null || input.daysSinceLastService === undefined
      ? r.neverServiced
      : Math.min(
          r.serviceMax,
          Math.floor(Math.max(0, nonNeg(input.daysSinceLastService) - r.serviceFreeDays) / r.serviceStepDays) *
            r.servicePerStep,
        );
  const maintenancePenalty = Math.min(
    r.openMaintenanceMax,
    r.openMaintenanceEach * Math.floor(nonNeg(input.openMaintenanceCount)),
  );
  const documentPenalty = Math.min(
    r.expiredDocumentMax,
    r.expiredDocumentEach * Math.floor(nonNeg(input.expiredDocumentsCount)),
  );
  const score = 100 - agePenalty - kmPenalty - servicePenalty - maintenancePenalty - documentPenalty;
  return Math.max(0, Math.min(100, Math.floor(score + 0.5)));
}

/** Grade of a score per HEALTH_GRADE_THRESHOLDS (≥85 excellent, ≥70 good, ≥50 fair, ≥30 poor, else critical). */
export function healthGrade(score: number): HealthGrade {
  const s = Number.isFinite(score) ? score : 0;
  return (
    HEALTH_GRADE_THRESHOLDS.find((t) => s >= t.minScore) ?? HEALTH_GRADE_THRESHOLDS[HEALTH_GRADE_THRESHOLDS.length - 1]
  ).grade;
}

/**
 * Driver age, eligibility and licence validity, on calendar dates ('YYYY-MM-DD').
 *
 * Decisions:
 * - All inputs are calendar dates, never instants: "today" is the company's calendar date
 *   (see regions.calendarDateInZone), so no time-zone arithmetic happens here.
 * - Feb 29 birthdays: in common years the birthday is reached on 1 March (the person is not a
 *   year older on 28 February). This is the stricter reading, so a driver is never let through
 *   a day early.
 * - Licence validity: a licence is valid through its expiry date (inclusive) and expired from the
 *   day after. It is "expiring soon" when it expires within the next 30 days (0..30 days left,
 *   the document reminder threshold).
 */
import { daysBetween } from '../calendar';
import { DOCUMENT_REMINDER_DAYS } from '../constants';
import { getRegionConfig, type RegionLike } from '../regions';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

/** Parses a strict 'YYYY-MM-DD' calendar date; throws RangeError on anything else (e.g. 2025-02-30). */
export function parseCalendarDate(value: string): CalendarDate {
  const m = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!m) throw new RangeError(`Invalid date (expected YYYY-MM-DD): ${String(value)}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    throw new RangeError(`Invalid date: ${value}`);
  }
  return { year, month, day };
}

/** True when `value` is a valid 'YYYY-MM-DD' calendar date. */
export function isCalendarDate(value: unknown): value is string {
  try {
    parseCalendarDate(value as string);
    return true;
  } catch {
    return false;
  }
}

/** Whole days from `from` to `to`, both strictly validated (RangeError on anything but a real date). */
function checkedDaysBetween(from: string, to: string): number {
  parseCalendarDate(from);
  parseCalendarDate(to);
  return daysBetween(from, to);
}

/**
 * Age in completed years on `onDate`. A Feb 29 birthday is reached on 1 March in common years.
 * Throws RangeError if either date is invalid or the date of birth is after `onDate`.
 */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const b = parseCalendarDate(dateOfBirth);
  const o = parseCalendarDate(onDate);
  let age = o.year - b.year;
  // Not yet had this year's birthday: compare (month, day). For 29 Feb vs 28 Feb of a common
  // year this says "not yet", which is the 1-March rule.
  if (o.month < b.month || (o.month === b.month && o.day < b.day)) age -= 1;
  if (age < 0) throw new RangeError('Date of birth is after the given date');
  return age;
}

export type EligibilityReasonCode = 'under_min_age' | 'dob_in_future';

export interface DriverEligibility {
  /** Completed years on the date (0 when the date of birth is in the future). */
  age: number;
  eligible: boolean;
  /** Eligible and younger than the region's young-driver age. */
  youngDriver: boolean;
  /** The region's per-day young-driver fee when `youngDriver`, else 0 (minor units). */
  youngDriverFeePerDayMinor: number;
  /** English explanation when not eligible (i18n uses `reasonCode` with `minAge`/`region`). */
  reason?: string;
  reasonCode?: EligibilityReasonCode;
}

/**
 * Whether a driver may rent in a region on a date: eligible when age ≥ the region's minAge
 * (US 21, AE 21, SA 20, JO 21); a young driver when eligible and age < youngDriverAge (25),
 * who then pays the region's youngDriverFeePerDay (US 25, AE 50, SA 60, JO 15 per day).
 * Not eligible → reason "Customer must be at least {minAge} years old to rent in {region}".
 * A date of birth after the date → not eligible, reason "Date of birth cannot be in the future".
 */
export function driverEligibility(dateOfBirth: string, onDate: string, region: RegionLike | string): DriverEligibility {
  const cfg = getRegionConfig(region);
  const rules = cfg.businessRules;
  if (checkedDaysBetween(dateOfBirth, onDate) < 0) {
    return {
      age: 0,
      eligible: false,
      youngDriver: false,
      youngDriverFeePerDayMinor: 0,
      reason: 'Date of birth cannot be in the future',
      reasonCode: 'dob_in_future',
    };
  }
  const age = ageOn(dateOfBirth, onDate);
  if (age < rules.minAge) {
    return {
      age,
      eligible: false,
      youngDriver: false,
      youngDriverFeePerDayMinor: 0,
      reason: `Customer must be at least ${rules.minAge} years old to rent in ${cfg.region}`,
      reasonCode: 'under_min_age',
    };
  }
  const youngDriver = age < rules.youngDriverAge;
  return {
    age,
    eligible: true,
    youngDriver,
    youngDriverFeePerDayMinor: youngDriver ? rules.youngDriverFeePerDayMinor : 0,
  };
}

export type LicenseStatus = 'valid' | 'expiring_soon' | 'expired' | 'none';

/**
 * Licence (or any dated document) validity on `onDate`: 'none' without an expiry date;
 * 'expired' when the expiry date is before `onDate`; 'expiring_soon' when it is 0..`withinDays`
 * (default 30) days away — the expiry day itself is still valid but expiring soon; else 'valid'.
 */
export function licenseStatus(
  expiry: string | null | undefined,
  onDate: string,
  withinDays: number = DOCUMENT_REMINDER_DAYS,
): LicenseStatus {
  if (expiry === null || expiry === undefined || expiry === '') return 'none';
  const left = checkedDaysBetween(onDate, expiry);
  if (left < 0) return 'expired';
  if (left <= withinDays) return 'expiring_soon';
  return 'valid';
}

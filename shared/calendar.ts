/**
 * The one calendar and time-zone module (issue 28): calendar dates are 'YYYY-MM-DD' strings,
 * instants are ISO strings, and every day/month sum goes through here (date-fns + @date-fns/tz).
 *
 * Decisions:
 * - Calendar dates carry no zone. They are computed on a local Date at noon, so no DST switch
 *   (which happens at night) can move them to another day, whatever zone the process runs in.
 * - Only the per-function date-fns modules are imported (bundle size: the Lambdas share this).
 * - Malformed dates: `addDays`/`addMonths`/`lastDayOfMonth` throw a RangeError (as every former
 *   copy did through toISOString); `daysBetween` returns NaN, as the former copies did, so a missing
 *   date compares false instead of failing a whole report. Strict validation is `parseCalendarDate`
 *   (shared/customers/age.ts).
 * - `dayStartUtc` (./calendar-zone.ts, apart): the first instant of a calendar day in a zone;
 *   where midnight does not exist (a DST jump at 00:00, e.g. America/Santiago) it is the first instant that does.
 */
import { addDays as fnsAddDays } from 'date-fns/addDays';
import { addMonths as fnsAddMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** A calendar date at local noon, or an Invalid Date. */
function noon(date: string): Date {
  const m = typeof date === 'string' ? DATE.exec(date) : null;
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  // As Date.parse did for the former copies: month 1–12, day 1–31 (31 Feb rolls over to March).
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return new Date(Number.NaN);
  return new Date(y, mo - 1, d, 12);
}

function toCalendarDate(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days (negative to go back). */
export function addDays(date: string, days: number): string {
  return toCalendarDate(fnsAddDays(noon(date), days));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier; NaN if either is malformed). */
export function daysBetween(from: string, to: string): number {
  const a = noon(from);
  const b = noon(to);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return Number.NaN;
  return differenceInCalendarDays(b, a);
}

/** The same day `months` months later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  return toCalendarDate(fnsAddMonths(noon(date), months));
}

/** 'YYYY-MM' plus `n` months. */
export function addMonthsToMonth(month: string, n: number): string {
  return addMonths(`${month}-01`, n).slice(0, 7);
}

/** The last calendar date of the month 'YYYY-MM' (or of the month a 'YYYY-MM-DD' date falls in). */
export function lastDayOfMonth(month: string): string {
  const first = noon(`${month.slice(0, 7)}-01`);
  return toCalendarDate(fnsAddDays(fnsAddMonths(first, 1), -1));
}

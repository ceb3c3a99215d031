import { TZDateMini } from '@date-fns/tz/date/mini';

/**
 * The time-zone half of the calendar module (./calendar.ts): apart, so the Lambdas that only count
 * days do not load @date-fns/tz at a cold start.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant (ISO) at which calendar day `date` starts in `timeZone`. */
export function dayStartUtc(date: string, timeZone: string): string {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Invalid date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const t = new TZDateMini(y, mo, d, timeZone);
  // A DST gap at midnight: the wall clock moved on to 01:00; that is the day's first instant.
  return new Date(t.getTime()).toISOString();
}

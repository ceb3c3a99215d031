/**
 * Region-aware formatting: dates, times, date-times, business hours, tax rates and quantities
 * with their unit. Latin digits in both languages (see ./table.ts); the field order and the
 * 12/24-hour clock come from the region. No Node-only APIs: Intl and Date only.
 */
import {
  getRegionConfig,
  intlLocale,
  resolveLanguage,
  type LanguageCode,
  type RegionConfig,
  type RegionLike,
} from './table';

// ---------------------------------------------------------------------------------------------
// Date and time parts
// ---------------------------------------------------------------------------------------------

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    // en-US with h23 gives plain numeric parts in every engine; throws RangeError on a bad zone.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of zonedFormatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year,
    month: out.month,
    day: out.day,
    hour: out.hour === 24 ? 0 : out.hour,
    minute: out.minute,
    second: out.second,
  };
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

function toInstant(value: Date | string): Date {
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return d;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar date ('YYYY-MM-DD') of an instant in a time zone. Day boundaries (rental days,
 * overdue, expiry) use the company's time zone, so "today" is computed with this.
 */
export function calendarDateInZone(instant: Date | string, timeZone: string): string {
  const w = wallClock(toInstant(instant), timeZone);
  return `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
}

/** The IANA time zone of the running environment (browser or Lambda), or null. */
export function currentTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

export interface ZoneOption {
  /** Time zone for instants; default the region's `timezone`. Ignored for plain dates/times. */
  timeZone?: string;
}

/**
 * Formats a date per the region's `dateFormat` (DD/MM/YYYY for AE, SA, JO; MM/DD/YYYY for US),
 * always with Latin digits and '/' separators, in both languages.
 * A 'YYYY-MM-DD' string is a calendar date and is printed as is (no time-zone shift); a Date or
 * an ISO timestamp is an instant and is shown on the calendar of `opts.timeZone` (default the
 * region's time zone). Throws RangeError on an invalid date.
 */
export function formatDate(
  date: Date | string,
  region: RegionLike | string | null | undefined,
  language?: string | null,
  opts: ZoneOption = {},
): string {
  void language; // same layout in en and ar: Latin digits and the region's field order
  const cfg = getRegionConfig(region);
  let y: number, m: number, d: number;
  const plain = typeof date === 'string' ? CALENDAR_DATE.exec(date) : null;
  if (plain) {
    [y, m, d] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) throw new RangeError(`Invalid date: ${date}`);
  } else {
    const w = wallClock(toInstant(date), opts.timeZone ?? cfg.timezone);
    [y, m, d] = [w.year, w.month, w.day];
  }
  const yyyy = String(y).padStart(4, '0');
  return cfg.dateFormat === 'DD/MM/YYYY' ? `${pad2(d)}/${pad2(m)}/${yyyy}` : `${pad2(m)}/${pad2(d)}/${yyyy}`;
}

/** AM/PM markers per language (Arabic: ص = morning, م = evening). */
const DAY_PERIODS: Record<LanguageCode, { am: string; pm: string }> = {
  en: { am: 'AM', pm: 'PM' },
  ar: { am: 'ص', pm: 'م' },
};

function clock(hour: number, minute: number, cfg: RegionConfig, language: LanguageCode): string {
  if (cfg.timeFormat === '24h') return `${pad2(hour)}:${pad2(minute)}`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const marker = hour < 12 ? DAY_PERIODS[language].am : DAY_PERIODS[language].pm;
  return `${h12}:${pad2(minute)} ${marker}`;
}

/**
 * Formats a time per the region's `timeFormat`: 24h → "14:05" (zero-padded hours); 12h →
 * "2:05 PM" in English, "2:05 م" in Arabic (ص before noon, م from noon; 00:xx → 12:xx AM).
 * Accepts "HH:mm" (or "HH:mm:ss") wall-clock strings as is, or an instant (Date / ISO timestamp)
 * shown in `opts.timeZone` (default the region's). Throws RangeError on invalid input.
 */
export function formatTime(
  time: Date | string,
  region: RegionLike | string | null | undefined,
  language?: string | null,
  opts: ZoneOption = {},
): string {
  const cfg = getRegionConfig(region);
  const lang = resolveLanguage(language);
  const hm = typeof time === 'string' ? CLOCK_TIME.exec(time) : null;
  if (hm) return clock(Number(hm[1]), Number(hm[2]), cfg, lang);
  if (typeof time === 'string' && /^\d{1,2}:\d{2}/.test(time)) throw new RangeError(`Invalid time: ${time}`);
  const w = wallClock(toInstant(time), opts.timeZone ?? cfg.timezone);
  return clock(w.hour, w.minute, cfg, lang);
}

/**
 * Business hours "open – close" in the region's time format, e.g. "09:00 – 18:00" (AE, JO) or
 * "9:00 AM – 6:00 PM" (US, SA). `open` and `close` are "HH:mm". A close earlier than the open
 * time is printed as given (an overnight shift). Separator: spaced en dash.
 */
export function formatBusinessHours(
  open: string,
  close: string,
  region: RegionLike | string | null | undefined,
  language?: string | null,
): string {
  if (!CLOCK_TIME.test(open)) throw new RangeError(`Invalid time: ${open}`);
  if (!CLOCK_TIME.test(close)) throw new RangeError(`Invalid time: ${close}`);
  return `${formatTime(open, region, language)} – ${formatTime(close, region, language)}`;
}

/** The region's tax rate as shown in the popover: "5%", "15%", "0%". */
export function formatTaxRate(region: RegionLike | string | null | undefined): string {
  return `${getRegionConfig(region).taxRate}%`;
}

/**
 * Date and time of an instant, "23/11/2026 14:05" (AE) or "11/23/2026 2:05 PM" (US), on the
 * calendar and clock of `opts.timeZone` (default the region's).
 */
export function formatDateTime(
  instant: Date | string,
  region: RegionLike | string | null | undefined,
  language?: string | null,
  opts: ZoneOption = {},
): string {
  return `${formatDate(toInstant(instant), region, language, opts)} ${formatTime(toInstant(instant), region, language, opts)}`;
}

/** Units a quantity is shown with (Intl "sanctioned" simple units). */
export const QUANTITY_UNITS = ['kilometer', 'kilometer-per-hour', 'liter', 'day', 'hour', 'percent'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

const unitFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A number with its unit, through Intl (`style: 'unit'`): "15,000 km" in English, "15,000 كم" in
 * Arabic (Latin digits, the unit placed by the language's own rules), never a hand-made "km 15000".
 */
export function formatQuantity(
  value: number,
  unit: QuantityUnit,
  region: RegionLike | string | null | undefined,
  language?: string | null,
  opts: { maximumFractionDigits?: number; unitDisplay?: 'short' | 'long' | 'narrow' } = {},
): string {
  const locale = intlLocale(region, language);
  const key = `${locale}|${unit}|${opts.maximumFractionDigits ?? 2}|${opts.unitDisplay ?? 'short'}`;
  let f = unitFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: opts.unitDisplay ?? 'short',
      maximumFractionDigits: opts.maximumFractionDigits ?? 2,
    });
    unitFormatters.set(key, f);
  }
  return f.format(value);
}

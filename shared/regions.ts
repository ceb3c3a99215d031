/**
 * Region configuration and region-aware formatting for the four markets (business-data §9,
 * product-screens §2 "Region-and-language popover", §3 "Region config").
 *
 * Decisions (documented here because the spec is silent on them):
 * - `taxRate` is a PERCENT (0, 5, 15, 16) because the spec enters and shows tax as a percent.
 *   (Company settings keep `vatRate` as a fraction, 0.05; that is a different field.)
 * - Digits: Arabic UI text uses LATIN digits (0-9) for numbers, money, dates and times
 *   (`ar-XX-u-nu-latn`). Reason: amounts, references (RENT-1001), plates and VINs stay readable
 *   and identical across languages and in printed documents; it is also what Gulf businesses
 *   commonly print. Language changes only words (AM/PM markers, currency symbol placement
 *   follows the region, not the language).
 * - `defaultLanguage` is the region's national language (Arabic for AE, SA, JO). It is
 *   informational: the spec says language is independent of region; only UAE *detection*
 *   sets the language (to English), see `detectRegion`.
 * - Currency symbols: '$', 'د.إ', 'ر.س', 'د.أ'; the dollar goes before the amount, the Arabic
 *   symbols after it (as written in those markets).
 * - Payment providers: the spec does not name them; the lists below are the common schemes per
 *   market and are display hints only.
 *
 * No Node-only APIs: Intl and Date only.
 */

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export const REGION_CODES = ['US', 'AE', 'SA', 'JO'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export const CURRENCY_CODES = ['USD', 'AED', 'SAR', 'JOD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const LANGUAGE_CODES = ['en', 'ar'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface LanguageOption {
  code: LanguageCode;
  label: string;
  nativeName: string;
  rtl: boolean;
}

export interface RegionBusinessRules {
  /** Minimum driver age to rent. */
  minAge: number;
  /** Drivers younger than this (but at least minAge) pay the young-driver fee. */
  youngDriverAge: number;
  /** Young-driver fee per rental day in major units of the region currency (spec table). */
  youngDriverFeePerDay: number;
  /** Same fee in minor units (hundredths), for the maths. */
  youngDriverFeePerDayMinor: number;
  /** Longest rental allowed, in days. */
  maxRentalDays: number;
  /** ISO country codes a rented vehicle may be driven into. */
  crossBorder: string[];
}

export interface RegionCompliance {
  /** What the tax is called on invoices. */
  taxName: 'Sales tax' | 'VAT' | 'GST';
  /** Label of the company tax registration number. */
  taxIdLabel: string;
  /** Whether the tax authority requires structured e-invoicing (ZATCA Fatoora, JoFotara). */
  eInvoicing: boolean;
  /** Whether tax-inclusive prices are the market's display convention. */
  pricesIncludeTaxByConvention: boolean;
}

export interface RegionPayments {
  cards: string[];
  wallets: string[];
  localSchemes: string[];
}

export interface RegionConfig {
  /** Region display name (English), e.g. "United Arab Emirates". */
  region: string;
  countryCode: RegionCode;
  currency: CurrencyCode;
  currencySymbol: string;
  currencyPosition: 'before' | 'after';
  defaultLanguage: LanguageCode;
  /** IANA time zone. */
  timezone: string;
  compliance: RegionCompliance;
  /** Tax rate in percent. */
  taxRate: number;
  dateFormat: 'MM/DD/YYYY' | 'DD/MM/YYYY';
  timeFormat: '24h' | '12h';
  measurements: { distance: 'km' | 'mi'; fuel: 'L' | 'gal'; temperature: 'C' | 'F' };
  businessRules: RegionBusinessRules;
  payments: RegionPayments;
  languages: LanguageOption[];
}

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', label: 'English', nativeName: 'English', rtl: false },
  { code: 'ar', label: 'Arabic', nativeName: 'العربية', rtl: true },
];

/** Fallback region and language (product-screens §2): United States, English. */
export const FALLBACK_REGION: RegionCode = 'US';
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** Default locale: USD, English, America/New_York, USA. */
export const DEFAULT_LOCALE = {
  currency: 'USD',
  language: 'en',
  timezone: 'America/New_York',
  region: 'US',
} as const satisfies { currency: CurrencyCode; language: LanguageCode; timezone: string; region: RegionCode };

const languages = (): LanguageOption[] => LANGUAGES.map((l) => ({ ...l }));

/** Every region's config, exactly per business-data §9 "Regional rules". */
export const REGIONS: Readonly<Record<RegionCode, RegionConfig>> = {
  US: {
    region: 'United States',
    countryCode: 'US',
    currency: 'USD',
    currencySymbol: '$',
    currencyPosition: 'before',
    defaultLanguage: 'en',
    timezone: 'America/New_York',
    compliance: { taxName: 'Sales tax', taxIdLabel: 'EIN', eInvoicing: false, pricesIncludeTaxByConvention: false },
    taxRate: 0,
    dateFormat: 'MM/DD/YYYY',
    timeFormat: '12h',
    measurements: { distance: 'mi', fuel: 'gal', temperature: 'F' },
    businessRules: {
      minAge: 21,
      youngDriverAge: 25,
      youngDriverFeePerDay: 25,
      youngDriverFeePerDayMinor: 2500,
      maxRentalDays: 365,
      crossBorder: ['CA'],
    },
    payments: { cards: ['visa', 'mastercard', 'amex', 'discover'], wallets: ['apple_pay', 'google_pay'], localSchemes: [] },
    languages: languages(),
  },
  AE: {
    region: 'United Arab Emirates',
    countryCode: 'AE',
    currency: 'AED',
    currencySymbol: 'د.إ',
    currencyPosition: 'after',
    defaultLanguage: 'ar',
    timezone: 'Asia/Dubai',
    compliance: { taxName: 'VAT', taxIdLabel: 'TRN', eInvoicing: false, pricesIncludeTaxByConvention: true },
    taxRate: 5,
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
    measurements: { distance: 'km', fuel: 'L', temperature: 'C' },
    businessRules: {
      minAge: 21,
      youngDriverAge: 25,
      youngDriverFeePerDay: 50,
      youngDriverFeePerDayMinor: 5000,
      maxRentalDays: 90,
      crossBorder: ['OM', 'SA'],
    },
    payments: { cards: ['visa', 'mastercard', 'amex'], wallets: ['apple_pay', 'google_pay', 'samsung_pay'], localSchemes: [] },
    languages: languages(),
  },
  SA: {
    region: 'Saudi Arabia',
    countryCode: 'SA',
    currency: 'SAR',
    currencySymbol: 'ر.س',
    currencyPosition: 'after',
    defaultLanguage: 'ar',
    timezone: 'Asia/Riyadh',
    compliance: { taxName: 'VAT', taxIdLabel: 'VAT registration number', eInvoicing: true, pricesIncludeTaxByConvention: true },
    taxRate: 15,
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '12h',
    measurements: { distance: 'km', fuel: 'L', temperature: 'C' },
    businessRules: {
      minAge: 20,
      youngDriverAge: 25,
      youngDriverFeePerDay: 60,
      youngDriverFeePerDayMinor: 6000,
      maxRentalDays: 90,
      crossBorder: ['AE', 'JO'],
    },
    payments: { cards: ['visa', 'mastercard'], wallets: ['apple_pay', 'stc_pay'], localSchemes: ['mada', 'sadad'] },
    languages: languages(),
  },
  JO: {
    region: 'Jordan',
    countryCode: 'JO',
    currency: 'JOD',
    currencySymbol: 'د.أ',
    currencyPosition: 'after',
    defaultLanguage: 'ar',
    timezone: 'Asia/Amman',
    compliance: { taxName: 'GST', taxIdLabel: 'Tax number', eInvoicing: true, pricesIncludeTaxByConvention: true },
    taxRate: 16,
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
    measurements: { distance: 'km', fuel: 'L', temperature: 'C' },
    businessRules: {
      minAge: 21,
      youngDriverAge: 25,
      youngDriverFeePerDay: 15,
      youngDriverFeePerDayMinor: 1500,
      maxRentalDays: 180,
      crossBorder: ['SA'],
    },
    payments: { cards: ['visa', 'mastercard'], wallets: [], localSchemes: ['efawateercom', 'cliq'] },
    languages: languages(),
  },
};

// ---------------------------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------------------------

/** A region given by code or by its config. */
export type RegionLike = RegionCode | RegionConfig;

/** True when `code` is one of the four supported region codes (exact, upper case). */
export function isRegionCode(code: unknown): code is RegionCode {
  return typeof code === 'string' && (REGION_CODES as readonly string[]).includes(code);
}

/** True when `code` is a supported language code ('en' or 'ar'). */
export function isLanguageCode(code: unknown): code is LanguageCode {
  return typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);
}

/**
 * The config of a region. Accepts a code (case-insensitive) or a config; anything unknown,
 * empty or missing falls back to the United States (the spec's fallback region).
 */
export function getRegionConfig(region: RegionLike | string | null | undefined): RegionConfig {
  if (region && typeof region === 'object') return region;
  const code = typeof region === 'string' ? region.trim().toUpperCase() : '';
  return REGIONS[isRegionCode(code) ? code : FALLBACK_REGION];
}

/** A supported language code; anything else falls back to English. */
export function resolveLanguage(language: string | null | undefined): LanguageCode {
  const code = typeof language === 'string' ? language.trim().toLowerCase().slice(0, 2) : '';
  return isLanguageCode(code) ? code : FALLBACK_LANGUAGE;
}

/** The language option (label, native name, rtl flag) of a code; unknown → English. */
export function getLanguage(language: string | null | undefined): LanguageOption {
  const code = resolveLanguage(language);
  return LANGUAGES.find((l) => l.code === code)!;
}

/** Whether a language is written right-to-left (Arabic → true). */
export function isRtl(language: string | null | undefined): boolean {
  return getLanguage(language).rtl;
}

/**
 * The BCP 47 locale used with Intl for a region and language: `en-US`, `en-AE`, …, and for
 * Arabic `ar-AE-u-nu-latn` etc. — Arabic always with Latin digits (see the module note).
 */
export function intlLocale(region: RegionLike | string | null | undefined, language: string | null | undefined): string {
  const cc = getRegionConfig(region).countryCode;
  return resolveLanguage(language) === 'ar' ? `ar-${cc}-u-nu-latn` : `en-${cc}`;
}

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

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeoBox {
  region: Exclude<RegionCode, 'US'>;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * Bounding boxes, checked IN THIS ORDER, first match wins. The Saudi box is large and overlaps
 * both others (it covers the whole UAE box and Jordan's southern half), so the smaller boxes go
 * first: UAE, then Jordan, then Saudi Arabia. Known approximations of boxes: Qatar, Bahrain,
 * Kuwait and parts of Oman/Yemen resolve to Saudi Arabia; the Musandam peninsula and Buraimi
 * (Oman) to the UAE; a strip of northern Saudi Arabia (Al-Qurayyat, Haql) to Jordan. The UAE's
 * western edge is 51.55°E so that Doha (51.53°E) is not taken for the UAE.
 */
export const GEO_BOXES: readonly GeoBox[] = [
  { region: 'AE', minLat: 22.6, maxLat: 26.1, minLon: 51.55, maxLon: 56.4 },
  { region: 'JO', minLat: 29.1, maxLat: 33.4, minLon: 34.9, maxLon: 39.35 },
  { region: 'SA', minLat: 16.3, maxLat: 32.2, minLon: 34.5, maxLon: 55.7 },
];

/** Time-zone fallback: only these three names map to a region; everything else is US. */
export const TIMEZONE_REGIONS: Readonly<Record<string, Exclude<RegionCode, 'US'>>> = {
  'Asia/Dubai': 'AE',
  'Asia/Riyadh': 'SA',
  'Asia/Amman': 'JO',
};

export interface RegionDetection {
  region: RegionCode;
  /** What decided: a geolocation box, the time zone name, or nothing (default US). */
  method: 'geolocation' | 'timezone' | 'default';
  /**
   * Language to switch to, when detection dictates one. Only the UAE does: "UAE detection sets
   * the language to English". Undefined means keep the user's language.
   */
  language?: LanguageCode;
  /** True for the UAE: show "We detected you're in the UAE. You're viewing prices in AED." */
  showUaeNotice: boolean;
}

function validCoordinates(c: Coordinates | null | undefined): c is Coordinates {
  return (
    !!c &&
    Number.isFinite(c.latitude) &&
    Number.isFinite(c.longitude) &&
    Math.abs(c.latitude) <= 90 &&
    Math.abs(c.longitude) <= 180
  );
}

/**
 * Detects the region. With valid coordinates: the first of GEO_BOXES (UAE, Jordan, Saudi
 * Arabia) containing them (edges inclusive), else US — coordinates outside every box mean US,
 * the time zone is then not consulted. Without (valid) coordinates: the time zone name
 * (Asia/Dubai → AE, Asia/Riyadh → SA, Asia/Amman → JO, anything else → US); `timeZone` defaults
 * to the environment's; pass null for none. A UAE result carries `language: 'en'`.
 */
export function detectRegion(
  coords?: Coordinates | null,
  timeZone: string | null | undefined = currentTimeZone(),
): RegionDetection {
  const result = (region: RegionCode, method: RegionDetection['method']): RegionDetection =>
    region === 'AE'
      ? { region, method, language: 'en', showUaeNotice: true }
      : { region, method, showUaeNotice: false };

  if (validCoordinates(coords)) {
    const { latitude: lat, longitude: lon } = coords;
    const box = GEO_BOXES.find((b) => lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon);
    return result(box ? box.region : 'US', 'geolocation');
  }
  const byZone = timeZone && Object.hasOwn(TIMEZONE_REGIONS, timeZone) ? TIMEZONE_REGIONS[timeZone] : undefined;
  if (byZone) return result(byZone, 'timezone');
  return result('US', timeZone ? 'timezone' : 'default');
}

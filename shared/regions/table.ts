/**
 * Region configuration for the four markets: types, the region table and lookups (business-data
 * §9, product-screens §2 "Region-and-language popover", §3 "Region config"). Formatting is in
 * ./format.ts and detection in ./detect.ts; shared/regions.ts re-exports all three.
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
    payments: {
      cards: ['visa', 'mastercard', 'amex', 'discover'],
      wallets: ['apple_pay', 'google_pay'],
      localSchemes: [],
    },
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
    payments: {
      cards: ['visa', 'mastercard', 'amex'],
      wallets: ['apple_pay', 'google_pay', 'samsung_pay'],
      localSchemes: [],
    },
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
    compliance: {
      taxName: 'VAT',
      taxIdLabel: 'VAT registration number',
      eInvoicing: true,
      pricesIncludeTaxByConvention: true,
    },
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
export function intlLocale(
  region: RegionLike | string | null | undefined,
  language: string | null | undefined,
): string {
  const cc = getRegionConfig(region).countryCode;
  return resolveLanguage(language) === 'ar' ? `ar-${cc}-u-nu-latn` : `en-${cc}`;
}

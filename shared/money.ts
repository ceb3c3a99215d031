/**
 * Money in integer minor units — the one place for rounding, tax and formatting.
 *
 * Decisions:
 * - MINOR UNITS: every currency (USD, AED, SAR, JOD) is stored as an integer count of
 *   HUNDREDTHS. JOD has 3 minor digits (fils) in ISO 4217, but the spec shows every currency
 *   with two decimals and the API exchanges at most two decimals, so a third digit could never
 *   enter or leave the system; storing hundredths keeps one scale everywhere. (If JOD fils are
 *   ever needed, it is a per-currency `MINOR_PER_MAJOR` change plus a data migration.)
 * - ROUNDING: one rule, everywhere: round HALF UP, AWAY FROM ZERO (2.5 → 3, −2.5 → −3),
 *   applied ONCE per computed line (a line = one rate × quantity product, one pro-rata share,
 *   one tax amount). Intermediate values are exact rationals (BigInt), never floats, so a rate
 *   such as 0.05 or 1/30 never leaks binary-fraction error into a line.
 * - Decimal inputs (numbers from JSON, strings from forms) are read by their shortest decimal
 *   spelling (`String(19.99)` is "19.99"), which is exactly what the sender wrote, and are
 *   rejected when they carry more than two decimals.
 *
 * No Node-only APIs (BigInt and Intl are standard in browsers and Node).
 */
import * as z from 'zod';
import { getRegionConfig, intlLocale, REGIONS, type CurrencyCode, type RegionCode, type RegionLike } from './regions';

/** Minor units per major unit: hundredths for all four currencies (see module note). */
export const MINOR_PER_MAJOR = 100;
/** Decimal places the API accepts and the UI shows. */
export const MONEY_DECIMALS = 2;
/** Largest amount of a DECIMAL(12,2) column: 9,999,999,999.99. */
export const MAX_MONEY_AMOUNT = 9_999_999_999.99;
export const MAX_MONEY_MINOR = 999_999_999_999;

export const MONEY_MESSAGES = {
  decimals: 'Amount must have at most 2 decimal places',
  invalid: 'Amount must be a valid number',
  negative: 'Amount cannot be negative',
  positive: 'Amount must be greater than 0',
  tooLarge: 'Amount is too large',
} as const;

/** Thrown by the conversions below on input that is not a valid money amount. */
export class MoneyError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

// ---------------------------------------------------------------------------------------------
// Exact decimals
// ---------------------------------------------------------------------------------------------

interface Fraction {
  num: bigint;
  den: bigint; // always > 0
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const DECIMAL_LOOSE = /^([+-]?)(\d*)\.(\d+)(?:e([+-]?\d+))?$/i;

/**
 * The exact rational value of a decimal spelling: numbers by their shortest round-trip string,
 * strings as written ("12", "12.5", ".5", "1e-3"). Returns null when it is not a finite decimal.
 */
function toFraction(value: number | string): Fraction | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const s = typeof value === 'number' ? String(value) : value.trim();
  const m = DECIMAL.exec(s) ?? DECIMAL_LOOSE.exec(s);
  if (!m) return null;
  const [, sign, int, frac = '', exp = '0'] = m;
  let num = BigInt((int || '0') + frac);
  let den = 10n ** BigInt(frac.length);
  const e = Number(exp);
  if (!Number.isSafeInteger(e) || Math.abs(e) > 400) return null;
  if (e > 0) num *= 10n ** BigInt(e);
  else if (e < 0) den *= 10n ** BigInt(-e);
  if (sign === '-') num = -num;
  return { num, den };
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/** Exact num/den rounded half up, away from zero. */
function roundFraction(num: bigint, den: bigint): bigint {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = (2n * abs(num) + den) / (2n * den);
  return num < 0n ? -q : q;
}

function toSafeNumber(n: bigint): number {
  const out = Number(n);
  if (!Number.isSafeInteger(out)) throw new MoneyError(MONEY_MESSAGES.tooLarge);
  return out;
}

/** Throws unless `n` is a safe integer (a valid minor-unit amount). */
export function assertMinor(n: number, what = 'amount'): void {
  if (!Number.isSafeInteger(n))
    throw new MoneyError(`${what} must be an integer number of minor units, got ${String(n)}`);
}

/** True when `n` is a safe integer, i.e. a valid minor-unit amount. */
export function isMinor(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

/** True when a number or decimal string has at most `places` decimals (by its shortest spelling). */
export function hasAtMostDecimals(value: number | string, places = MONEY_DECIMALS): boolean {
  const f = toFraction(value);
  if (!f) return false;
  return (f.num * 10n ** BigInt(places)) % f.den === 0n;
}

// ---------------------------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------------------------

/**
 * Decimal major units → integer minor units (hundredths), exactly. Accepts a finite number or a
 * decimal string; rejects more than 2 decimals ("Amount must have at most 2 decimal places"),
 * non-numbers and values beyond the safe-integer range (MoneyError). `currency` is accepted for
 * call-site clarity; every currency uses hundredths.
 */
export function toMinor(decimal: number | string, currency?: CurrencyCode): number {
  void currency;
  const f = toFraction(decimal);
  if (!f) throw new MoneyError(MONEY_MESSAGES.invalid);
  const scaled = f.num * BigInt(MINOR_PER_MAJOR);
  if (scaled % f.den !== 0n) throw new MoneyError(MONEY_MESSAGES.decimals);
  return toSafeNumber(scaled / f.den);
}

/**
 * Integer minor units → decimal major units as a number (12345 → 123.45). The result's
 * shortest spelling is the exact two-decimal value, so it is safe to send as JSON.
 */
export function fromMinor(minor: number, currency?: CurrencyCode): number {
  void currency;
  assertMinor(minor);
  return minor / MINOR_PER_MAJOR;
}

/**
 * A decimal major amount read back from JSON, possibly with binary noise from a sum or a
 * difference (0.1 + 0.2), → integer minor units, rounded to the nearest (12.3 → 1230).
 * Use toMinor for input that must be exact (it rejects a third decimal).
 */
export function roundToMinor(major: number): number {
  const out = Math.round(major * MINOR_PER_MAJOR);
  assertMinor(out);
  return out;
}

/** Integer minor units → fixed two-decimal string without grouping ("-1234.50"). */
export function minorToDecimalString(minor: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const a = Math.abs(minor);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// zod schemas (API bodies and web forms)
// ---------------------------------------------------------------------------------------------

const twoDecimals = (v: number) => hasAtMostDecimals(v, MONEY_DECIMALS);

/** A money amount in major units: finite, ≥ 0, at most 2 decimals, at most 9,999,999,999.99. */
export const moneyAmount = z
  .number({ error: MONEY_MESSAGES.invalid })
  .min(0, { error: MONEY_MESSAGES.negative })
  .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
  .refine(twoDecimals, { error: MONEY_MESSAGES.decimals });

/** A money amount that must be strictly positive (rates, finance entries). */
export const positiveMoneyAmount = z
  .number({ error: MONEY_MESSAGES.invalid })
  .positive({ error: MONEY_MESSAGES.positive })
  .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
  .refine(twoDecimals, { error: MONEY_MESSAGES.decimals });

/** A signed money amount (adjustments): finite, at most 2 decimals, |amount| ≤ the maximum. */
export const signedMoneyAmount = z
  .number({ error: MONEY_MESSAGES.invalid })
  .min(-MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
  .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
  .refine(twoDecimals, { error: MONEY_MESSAGES.decimals });

/** `moneyAmount` parsed straight into integer minor units (what handlers store). */
export const moneyAmountMinor = moneyAmount.transform((v) => toMinor(v));

// ---------------------------------------------------------------------------------------------
// Arithmetic (all results are integer minor units)
// ---------------------------------------------------------------------------------------------

/** Sum of minor-unit amounts; throws if any is not an integer or the sum leaves the safe range. */
export function addMinor(...amounts: number[]): number {
  let total = 0n;
  for (const a of amounts) {
    assertMinor(a);
    total += BigInt(a);
  }
  return toSafeNumber(total);
}

/** Sum of a list of minor-unit amounts (same rule as addMinor). */
export function sumMinor(amounts: readonly number[]): number {
  return addMinor(...amounts);
}

/** a − b in minor units. */
export function subtractMinor(a: number, b: number): number {
  assertMinor(a);
  assertMinor(b);
  return toSafeNumber(BigInt(a) - BigInt(b));
}

/**
 * Rounds a (possibly fractional) number of minor units to an integer: half up, away from zero,
 * on the value's decimal spelling (2.5 → 3, −2.5 → −3, 0.49 → 0).
 */
export function roundHalfUp(value: number | string): number {
  const f = toFraction(value);
  if (!f) throw new MoneyError(MONEY_MESSAGES.invalid);
  return toSafeNumber(roundFraction(f.num, f.den));
}

/**
 * minor × numerator / denominator, computed exactly and rounded ONCE half up away from zero.
 * Integers only (use for pro-rata shares: monthlyRate × days / 30).
 */
export function mulDiv(minor: number, numerator: number, denominator: number): number {
  assertMinor(minor);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new MoneyError('mulDiv needs integer numerator and non-zero integer denominator');
  }
  return toSafeNumber(roundFraction(BigInt(minor) * BigInt(numerator), BigInt(denominator)));
}

/**
 * minor × rate (rate a decimal number or string, e.g. 0.05, 1.5, "0.125"), exact, rounded once
 * half up away from zero.
 */
export function mulRate(minor: number, rate: number | string): number {
  assertMinor(minor);
  const f = toFraction(rate);
  if (!f) throw new MoneyError(`Invalid rate: ${String(rate)}`);
  return toSafeNumber(roundFraction(BigInt(minor) * f.num, f.den));
}

/** percent % of minor (percent as entered: 5 for 5 %), exact, rounded once half up. */
export function percentOf(minor: number, percent: number | string): number {
  assertMinor(minor);
  const f = toFraction(percent);
  if (!f) throw new MoneyError(`Invalid percentage: ${String(percent)}`);
  return toSafeNumber(roundFraction(BigInt(minor) * f.num, f.den * 100n));
}

/** Converts a fraction rate (0.05) to the percent the UI enters (5), exactly. */
export function rateToPercent(rate: number): number {
  const f = toFraction(rate);
  if (!f) throw new MoneyError(`Invalid rate: ${String(rate)}`);
  // Both operands are exact integers, so the division yields the double nearest the decimal.
  return Number(f.num * 100n) / Number(f.den);
}

function checkRatePercent(ratePercent: number): Fraction {
  const f = Number.isFinite(ratePercent) && ratePercent >= 0 ? toFraction(ratePercent) : null;
  if (!f) throw new MoneyError(`Tax rate must be a non-negative percentage, got ${String(ratePercent)}`);
  return f;
}

/**
 * Tax added on a net amount: round(net × rate / 100), half up away from zero, once.
 * e.g. taxOnNet(10_000, 5) = 500; taxOnNet(1_999, 5) = 100 (99.95 → 100).
 */
export function taxOnNet(netMinor: number, ratePercent: number): number {
  assertMinor(netMinor);
  const r = checkRatePercent(ratePercent);
  return toSafeNumber(roundFraction(BigInt(netMinor) * r.num, r.den * 100n));
}

/**
 * Splits a tax-inclusive gross amount into net and tax. The TAX is the rounded line:
 * tax = round(gross × rate / (100 + rate)), half up away from zero; net = gross − tax, so
 * net + tax === gross always. e.g. extractTax(10_500, 5) = { net: 10_000, tax: 500 }.
 */
export function extractTax(grossMinor: number, ratePercent: number): { net: number; tax: number } {
  assertMinor(grossMinor);
  const r = checkRatePercent(ratePercent);
  // tax = gross × (n/d) / (100 + n/d) = gross × n / (100d + n)
  const tax = toSafeNumber(roundFraction(BigInt(grossMinor) * r.num, 100n * r.den + r.num));
  return { net: grossMinor - tax, tax };
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/** Home region of each currency (symbol and symbol position come from its config). */
const CURRENCY_HOME: Record<CurrencyCode, RegionCode> = { USD: 'US', AED: 'AE', SAR: 'SA', JOD: 'JO' };

const numberFormats = new Map<string, Intl.NumberFormat>();
function twoDecimalFormat(locale: string): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    numberFormats.set(locale, f);
  }
  return f;
}

export interface FormatMoneyOptions {
  /** Currency to show; default the region's. Symbol and position follow that currency's region. */
  currency?: CurrencyCode;
  /** 'symbol' (default: "$", "د.إ") or 'code' ("USD", "AED"). */
  display?: 'symbol' | 'code';
}

/**
 * Formats integer minor units for people: always two decimals, grouping and Latin digits from
 * Intl for the region and language (`en-AE`, `ar-AE-u-nu-latn`), and the currency symbol placed
 * per the region config: before with no space ("$1,234.50"), or after with one space
 * ("1,234.50 د.إ"). A negative amount starts with "-" ("-$5.00", "-5.00 ر.س").
 */
export function formatMoney(
  minor: number,
  region: RegionLike | string | null | undefined,
  language?: string | null,
  opts: FormatMoneyOptions = {},
): string {
  assertMinor(minor);
  const cfg = getRegionConfig(region);
  const currencyCfg = REGIONS[CURRENCY_HOME[opts.currency ?? cfg.currency]];
  const number = formatAmount(Math.abs(minor), cfg, language);
  const sign = minor < 0 ? '-' : '';
  const mark = opts.display === 'code' ? currencyCfg.currency : currencyCfg.currencySymbol;
  if (currencyCfg.currencyPosition === 'before') {
    return opts.display === 'code' ? `${sign}${mark} ${number}` : `${sign}${mark}${number}`;
  }
  return `${sign}${number} ${mark}`;
}

/** Formats minor units as a plain two-decimal number for the region/language ("1,234.50"). */
export function formatAmount(
  minor: number,
  region: RegionLike | string | null | undefined,
  language?: string | null,
): string {
  assertMinor(minor);
  // minor / 100 is the double nearest the exact two-decimal value; Intl rounds it back exactly.
  return twoDecimalFormat(intlLocale(region, language)).format(minor / MINOR_PER_MAJOR);
}

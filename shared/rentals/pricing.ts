/**
 * Rental pricing in integer minor units: day counting, base rental (daily and monthly modes),
 * km allowance, fuel shortfall, late return, young-driver fee and tax; a quote at booking and
 * the final charges at return.
 *
 * Rules (all amounts are integer minor units, see shared/money.ts):
 * - DAY COUNTING (rentalDurationMode "24hr"): a rental day is a 24-hour period of elapsed time
 *   from the pickup instant (so daylight-saving changes do not matter). After the last whole
 *   day, the remainder is charged as a new day only when it EXCEEDS the grace period (default
 *   1 h): over by exactly the grace period is free. Minimum 1 day.
 *   24h 59m with 1 h grace → 1 day; 25h 00m → 1 day; 25h 00m 01s → 2 days; 30 min → 1 day.
 * - BASE RENTAL: daily mode = days × dailyRate (exact). Monthly mode = per full 30-day period
 *   the monthly rate, plus a part period pro rata: monthlyRate × remainingDays / 30, rounded ONCE
 *   (half up, away from zero).
 * - KM: allowance = dailyKmLimit × chargeable days; extra km = max(0, driven − allowance);
 *   charge = extra km × extraChargePerKm. A null limit means unlimited km.
 * - FUEL: levels empty=0, quarter=1, half=2, three_quarters=3, full=4 quarters; shortfall =
 *   max(0, start − end) quarters × per-quarter rate. Returning with more fuel earns nothing.
 * - LATE RETURN: late days = days(start → actual) − days(start → expected), at least 0, charged at
 *   the daily rate (same day counting and grace). Early return is charged as booked by default.
 * - EARLY PICKUP: the customer pays for the time they actually had the car. The days used are
 *   counted from the EARLIER of the booked start and the actual pickup (a car handed over two
 *   hours early is out two hours longer; a late pickup does not shorten the booking the company
 *   held the car for). The booked days stay counted from the booked start, so the booked price is
 *   the minimum and extra time shows as late days.
 * - YOUNG-DRIVER FEE: fee per day × chargeable days.
 * - TAX: computed ONCE on the sum of taxable lines (rounded half up at the tax line only).
 *   taxIncluded = false: tax = taxableNet × rate% is ADDED as a 'tax' line.
 *   taxIncluded = true: line amounts are gross; tax is EXTRACTED (net + tax = gross), no tax line.
 *   Traffic fines and Salik tolls are pass-through government charges and are not taxable.
 * - Invariants: every amount is an integer; total = Σ lines; subtotal + tax = total. Lines of
 *   amount 0 are omitted (ledger entries are positive).
 */
import {
  DEFAULT_DAILY_KM_LIMIT,
  DEFAULT_EXTRA_CHARGE_PER_KM_MINOR,
  DEFAULT_GRACE_PERIOD_HOURS,
  FUEL_LEVELS,
} from '../constants';
import type { LedgerCategory } from './ledger';
import { assertMinor, extractTax, mulDiv, sumMinor, taxOnNet } from '../money';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Days in one monthly-rate period. */
export const MONTH_PERIOD_DAYS = 30;

export type RentalMode = 'daily' | 'monthly';
export type FuelLevel = (typeof FUEL_LEVELS)[number];

/** Fuel level → quarters of a tank. */
export const FUEL_QUARTERS: Readonly<Record<FuelLevel, number>> = {
  empty: 0,
  quarter: 1,
  half: 2,
  three_quarters: 3,
  full: 4,
};

/** Categories a price line may carry (ledger charge categories, minus deposit flows and payments). */
export type ChargeCategory = Exclude<LedgerCategory, 'payment' | 'security_deposit' | 'security_deposit_refund'>;

/** Categories never taxed: pass-through government charges. */
export const TAX_EXEMPT_CATEGORIES: readonly ChargeCategory[] = ['traffic_fines', 'salik_charges'];

export type LineCode =
  | 'base_rental'
  | 'young_driver_fee'
  | 'extra_km'
  | 'fuel_charges'
  | 'late_fees'
  | 'salik_charges'
  | 'traffic_fines'
  | 'damage_fees'
  | 'extra'
  | 'tax';

export interface PriceLine {
  /** Stable code for i18n and tests. */
  code: LineCode;
  /** Ledger category to post this line under. */
  category: ChargeCategory;
  /** English label (the web translates by `code`). */
  label: string;
  amountMinor: number;
  /** Units charged (days, km, quarters) when the line is quantity × unit price. */
  quantity?: number;
  unitAmountMinor?: number;
  taxable: boolean;
}

export interface PriceBreakdown {
  /** Lines whose amounts sum to `totalMinor` (includes the tax line when tax is added). */
  lines: PriceLine[];
  /** Net amount (total − tax). */
  subtotalMinor: number;
  /** Sum of taxable lines the tax was computed on (net when added, gross when included). */
  taxableMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxRatePercent: number;
  taxIncluded: boolean;
}

export class PricingError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'PricingError';
  }
}

// ---------------------------------------------------------------------------------------------
// Day counting
// ---------------------------------------------------------------------------------------------

const INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Milliseconds since epoch of an ISO 8601 instant. Times must carry 'Z' or an offset (a bare
 * local time would depend on the machine's zone); a bare 'YYYY-MM-DD' means UTC midnight.
 */
export function parseInstant(value: string | Date): number {
  const ms = value instanceof Date ? value.getTime() : INSTANT.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms))
    throw new PricingError(`Invalid instant (ISO 8601 with Z or offset expected): ${String(value)}`);
  return ms;
}

function graceMs(gracePeriodHours: number): number {
  if (!Number.isFinite(gracePeriodHours) || gracePeriodHours < 0 || gracePeriodHours >= 24) {
    throw new PricingError(`Grace period must be between 0 and 24 hours, got ${String(gracePeriodHours)}`);
  }
  return Math.round(gracePeriodHours * HOUR_MS);
}

/** Whole 24-hour periods in `ms`, plus one when the remainder exceeds the grace period (no minimum). */
function periods(ms: number, grace: number): number {
  if (ms <= 0) return 0;
  const whole = Math.floor(ms / DAY_MS);
  return whole + (ms - whole * DAY_MS > grace ? 1 : 0);
}

/**
 * Rental days between two instants: whole 24-hour periods, plus one more only when the rest
 * exceeds the grace period (over by exactly the grace period is not charged); minimum 1.
 * Throws PricingError when the end is before the start or the grace is outside [0, 24) hours.
 */
export function countRentalDays(
  startISO: string | Date,
  endISO: string | Date,
  gracePeriodHours: number = DEFAULT_GRACE_PERIOD_HOURS,
): number {
  const start = parseInstant(startISO);
  const end = parseInstant(endISO);
  if (end < start) throw new PricingError('End must not be before start');
  return Math.max(1, periods(end - start, graceMs(gracePeriodHours)));
}

/**
 * Late days of a return. With `startISO`: days(start → actual) − days(start → expected), at
 * least 0 — hours already paid inside the last booked day are not charged twice. Without it:
 * days counted from the expected return (0 when on time or within the grace period).
 */
export function countLateDays(
  expectedReturnISO: string | Date,
  actualReturnISO: string | Date,
  gracePeriodHours: number = DEFAULT_GRACE_PERIOD_HOURS,
  startISO?: string | Date | null,
): number {
  const expected = parseInstant(expectedReturnISO);
  const actual = parseInstant(actualReturnISO);
  if (startISO !== undefined && startISO !== null) {
    if (actual <= expected) return 0;
    return Math.max(
      0,
      countRentalDays(startISO, actualReturnISO, gracePeriodHours) -
        countRentalDays(startISO, expectedReturnISO, gracePeriodHours),
    );
  }
  return periods(actual - expected, graceMs(gracePeriodHours));
}

// ---------------------------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------------------------

function assertNonNegMinor(n: number, what: string): void {
  assertMinor(n, what);
  if (n < 0) throw new PricingError(`${what} must not be negative`);
}

function assertDays(days: number): void {
  if (!Number.isSafeInteger(days) || days < 0)
    throw new PricingError(`Days must be a whole number ≥ 0, got ${String(days)}`);
}

/** Monthly-mode charge: full 30-day periods × monthlyRate + monthlyRate × (days mod 30) / 30, rounded once. */
export function monthlyRentalCharge(days: number, monthlyRateMinor: number): number {
  assertDays(days);
  assertNonNegMinor(monthlyRateMinor, 'Monthly rate');
  const full = Math.floor(days / MONTH_PERIOD_DAYS);
  return full * monthlyRateMinor + mulDiv(monthlyRateMinor, days % MONTH_PERIOD_DAYS, MONTH_PERIOD_DAYS);
}

export interface RateInput {
  mode?: RentalMode;
  dailyRateMinor: number;
  /** Required in monthly mode. */
  monthlyRateMinor?: number | null;
}

/** Base rental for a number of days: daily = days × dailyRate; monthly = monthlyRentalCharge. */
export function baseRentalCharge(days: number, rates: RateInput): number {
  assertDays(days);
  assertNonNegMinor(rates.dailyRateMinor, 'Daily rate');
  if ((rates.mode ?? 'daily') === 'monthly') {
    if (rates.monthlyRateMinor === null || rates.monthlyRateMinor === undefined)
      throw new PricingError('Monthly rate is required in monthly mode');
    return monthlyRentalCharge(days, rates.monthlyRateMinor);
  }
  return days * rates.dailyRateMinor;
}

export interface KmInput {
  startKm: number;
  endKm: number;
  /** Days the allowance is given for (chargeable days). */
  days: number;
  /** Km per day included; null = unlimited. */
  dailyKmLimit: number | null;
  extraChargePerKmMinor: number;
}

export interface KmResult {
  drivenKm: number;
  /** null when unlimited. */
  allowanceKm: number | null;
  extraKm: number;
  amountMinor: number;
}

/** Extra-km charge: allowance = dailyKmLimit × days; extra = max(0, end − start − allowance); × per-km rate. */
export function extraKmCharge(input: KmInput): KmResult {
  const { startKm, endKm, days, dailyKmLimit, extraChargePerKmMinor } = input;
  if (!Number.isSafeInteger(startKm) || !Number.isSafeInteger(endKm) || startKm < 0)
    throw new PricingError('Odometer readings must be whole km');
  if (endKm < startKm) throw new PricingError('Return odometer must not be below the starting odometer');
  assertDays(days);
  assertNonNegMinor(extraChargePerKmMinor, 'Extra charge per km');
  const drivenKm = endKm - startKm;
  if (dailyKmLimit === null) return { drivenKm, allowanceKm: null, extraKm: 0, amountMinor: 0 };
  if (!Number.isSafeInteger(dailyKmLimit) || dailyKmLimit < 0)
    throw new PricingError('Daily km limit must be a whole number ≥ 0');
  const allowanceKm = dailyKmLimit * days;
  const extraKm = Math.max(0, drivenKm - allowanceKm);
  return { drivenKm, allowanceKm, extraKm, amountMinor: extraKm * extraChargePerKmMinor };
}

/** Fuel shortfall charge: max(0, quarters at start − quarters at end) × per-quarter rate. */
export function fuelCharge(
  start: FuelLevel,
  end: FuelLevel,
  perQuarterMinor: number,
): { shortfallQuarters: number; amountMinor: number } {
  if (!(start in FUEL_QUARTERS) || !(end in FUEL_QUARTERS)) throw new PricingError('Unknown fuel level');
  assertNonNegMinor(perQuarterMinor, 'Fuel charge per quarter');
  const shortfallQuarters = Math.max(0, FUEL_QUARTERS[start] - FUEL_QUARTERS[end]);
  return { shortfallQuarters, amountMinor: shortfallQuarters * perQuarterMinor };
}

/** Late-return charge: countLateDays(...) × daily rate. */
export function lateReturnCharge(input: {
  startISO?: string | Date | null;
  expectedReturnISO: string | Date;
  actualReturnISO: string | Date;
  dailyRateMinor: number;
  gracePeriodHours?: number;
}): { lateDays: number; amountMinor: number } {
  assertNonNegMinor(input.dailyRateMinor, 'Daily rate');
  const lateDays = countLateDays(
    input.expectedReturnISO,
    input.actualReturnISO,
    input.gracePeriodHours ?? DEFAULT_GRACE_PERIOD_HOURS,
    input.startISO,
  );
  return { lateDays, amountMinor: lateDays * input.dailyRateMinor };
}

/** Young-driver fee: fee per day × days. */
export function youngDriverCharge(days: number, feePerDayMinor: number): number {
  assertDays(days);
  assertNonNegMinor(feePerDayMinor, 'Young driver fee');
  return days * feePerDayMinor;
}

// ---------------------------------------------------------------------------------------------
// Totals and tax
// ---------------------------------------------------------------------------------------------

/** An additional charge (insurance, pre-rental, damage, other…). */
export interface ExtraChargeInput {
  category: ChargeCategory;
  label: string;
  amountMinor: number;
  /** Default: taxable unless the category is in TAX_EXEMPT_CATEGORIES. */
  taxable?: boolean;
}

export interface TaxInput {
  /** Percent, e.g. 5 for 5 %. Default 0. */
  taxRatePercent?: number;
  /** true: amounts include tax, which is extracted; false (default): tax is added. */
  taxIncluded?: boolean;
}

/**
 * Totals a list of lines with one tax computation: drops zero lines, then (taxIncluded=false)
 * adds a 'tax' line of taxOnNet(Σ taxable, rate), or (taxIncluded=true) extracts the tax from
 * Σ taxable gross with extractTax. Guarantees total = Σ lines and subtotal + tax = total.
 */
export function totalWithTax(lines: readonly PriceLine[], tax: TaxInput = {}): PriceBreakdown {
  const taxRatePercent = tax.taxRatePercent ?? 0;
  const taxIncluded = tax.taxIncluded ?? false;
  if (!Number.isFinite(taxRatePercent) || taxRatePercent < 0)
    throw new PricingError('Tax rate must be a valid non-negative percentage');
  const kept = lines.filter((l) => {
    assertNonNegMinor(l.amountMinor, l.label);
    if (l.category === 'tax') throw new PricingError('Tax lines are computed, not given');
    return l.amountMinor !== 0;
  });
  const taxableMinor = sumMinor(kept.filter((l) => l.taxable).map((l) => l.amountMinor));
  const linesSum = sumMinor(kept.map((l) => l.amountMinor));
  if (taxIncluded) {
    const { tax: taxMinor } = extractTax(taxableMinor, taxRatePercent);
    return {
      lines: kept,
      subtotalMinor: linesSum - taxMinor,
      taxableMinor,
      taxMinor,
      totalMinor: linesSum,
      taxRatePercent,
      taxIncluded,
    };
  }
  const taxMinor = taxOnNet(taxableMinor, taxRatePercent);
  const out = [...kept];
  if (taxMinor > 0)
    out.push({
      code: 'tax',
      category: 'tax',
      label: `Tax (${taxRatePercent}%)`,
      amountMinor: taxMinor,
      taxable: false,
    });
  return {
    lines: out,
    subtotalMinor: linesSum,
    taxableMinor,
    taxMinor,
    totalMinor: linesSum + taxMinor,
    taxRatePercent,
    taxIncluded,
  };
}

const isTaxable = (category: ChargeCategory, taxable?: boolean) => taxable ?? !TAX_EXEMPT_CATEGORIES.includes(category);

function extraLines(extras: readonly ExtraChargeInput[] | undefined): PriceLine[] {
  return (extras ?? []).map((e) => ({
    code: 'extra' as const,
    category: e.category,
    label: e.label,
    amountMinor: e.amountMinor,
    taxable: isTaxable(e.category, e.taxable),
  }));
}

function baseLine(days: number, rates: RateInput): PriceLine {
  const amountMinor = baseRentalCharge(days, rates);
  const monthly = (rates.mode ?? 'daily') === 'monthly';
  return {
    code: 'base_rental',
    category: 'base_rental',
    label: monthly ? 'Rental (monthly rate)' : 'Rental',
    amountMinor,
    quantity: days,
    ...(monthly ? {} : { unitAmountMinor: rates.dailyRateMinor }),
    taxable: true,
  };
}

function youngDriverLine(days: number, feePerDayMinor: number | undefined): PriceLine[] {
  if (!feePerDayMinor) return [];
  return [
    {
      code: 'young_driver_fee',
      category: 'other',
      label: 'Young driver fee',
      amountMinor: youngDriverCharge(days, feePerDayMinor),
      quantity: days,
      unitAmountMinor: feePerDayMinor,
      taxable: true,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Quote at booking
// ---------------------------------------------------------------------------------------------

export interface QuoteInput extends RateInput, TaxInput {
  startISO: string | Date;
  /** End date of a closed rental (expected return). */
  endISO?: string | Date | null;
  /** Used when there is no end (open-ended rental): 1..365 days. */
  expectedDurationDays?: number | null;
  gracePeriodHours?: number;
  youngDriverFeePerDayMinor?: number;
  extras?: readonly ExtraChargeInput[];
  /** Km per day included; null/absent = unlimited (the quote's allowanceKm is then null). */
  dailyKmLimit?: number | null;
}

export interface Quote extends PriceBreakdown {
  days: number;
  /** Km included for the booked days (rentalUsage); null = unlimited. */
  allowanceKm: number | null;
}

/**
 * Price of a booking: days = countRentalDays(start, end) (or expectedDurationDays for an
 * open-ended rental); lines: base rental, young-driver fee (× days), extras; then tax once.
 */
export function quoteRental(input: QuoteInput): Quote {
  // Days and allowance of the booking as booked: the one usage rule (rentalUsage) without a return.
  const usage = rentalUsage({
    startISO: input.startISO,
    expectedReturnISO: input.endISO ?? null,
    expectedDurationDays: input.expectedDurationDays,
    gracePeriodHours: input.gracePeriodHours,
    dailyKmLimit: input.dailyKmLimit ?? null,
  });
  const days = usage.days.base;
  const lines = [
    baseLine(days, input),
    ...youngDriverLine(days, input.youngDriverFeePerDayMinor),
    ...extraLines(input.extras),
  ];
  return { days, allowanceKm: usage.allowanceKm, ...totalWithTax(lines, input) };
}

// ---------------------------------------------------------------------------------------------
// Final charges at return
// ---------------------------------------------------------------------------------------------

export interface FinalChargesInput extends RateInput, TaxInput {
  /** Booked start. */
  startISO: string | Date;
  /** Actual pickup; when before the booked start, the days used count from it (see EARLY PICKUP). */
  pickedUpISO?: string | Date | null;
  /** Booked return; null/absent for an open-ended rental (then no late fees). */
  expectedReturnISO?: string | Date | null;
  actualReturnISO: string | Date;
  gracePeriodHours?: number;
  /** 'charge_planned' (default): an early return pays the booked days; 'charge_actual': the days used. */
  earlyReturn?: 'charge_planned' | 'charge_actual';
  odometerStartKm?: number | null;
  odometerEndKm?: number | null;
  /** Default 200; null = unlimited. */
  dailyKmLimit?: number | null;
  /** Default 50 (0.50 per km). */
  extraChargePerKmMinor?: number;
  fuelLevelStart?: FuelLevel | null;
  fuelLevelEnd?: FuelLevel | null;
  fuelChargePerQuarterMinor?: number;
  youngDriverFeePerDayMinor?: number;
  salikChargesMinor?: number;
  trafficFinesMinor?: number;
  damageFeesMinor?: number;
  extras?: readonly ExtraChargeInput[];
}

export interface FinalCharges extends PriceBreakdown {
  days: {
    /** Days booked (null for open-ended). */
    planned: number | null;
    /** Days from pickup to the actual return. */
    actual: number;
    /** Days charged at the base rate. */
    base: number;
    /** Days charged as late fees. */
    late: number;
    /** base + late: used for the km allowance and the young-driver fee. */
    chargeable: number;
  };
  km: KmResult | null;
  fuel: { shortfallQuarters: number; amountMinor: number } | null;
}

/** Where the days used start: the earlier of the booked start and the actual pickup. */
export function usageStart(startISO: string | Date, pickedUpISO?: string | Date | null): string | Date {
  if (pickedUpISO === undefined || pickedUpISO === null) return startISO;
  return parseInstant(pickedUpISO) < parseInstant(startISO) ? pickedUpISO : startISO;
}

// ---------------------------------------------------------------------------------------------
// THE usage rule (issue 27): days, km allowance, extra km, fuel and late days of one rental
// ---------------------------------------------------------------------------------------------

/**
 * A rental's stored daily km limit as every answer reads it: a positive whole number of km per
 * day; null, 0 or absent = unlimited. (The booking schema only accepts a positive limit, default
 * 200, so 0/absent comes only from older data; billing a limit the contract never printed would
 * be wrong, so they read as unlimited everywhere — the return, the inspection and the GPS alike.)
 */
export function rentalKmLimit(stored: unknown): number | null {
  return typeof stored === 'number' && Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

export interface RentalUsageInput {
  /** Booked start. */
  startISO: string | Date;
  /** Actual pickup (days used count from the earlier of it and the booked start). */
  pickedUpISO?: string | Date | null;
  /** Booked return; null/absent = open-ended. */
  expectedReturnISO?: string | Date | null;
  /** Open-ended rental's planned duration (used while it has no return). */
  expectedDurationDays?: number | null;
  /**
   * When the car comes back: the actual return, or the moment asked (a check-in, "now" for the
   * GPS evidence). Absent = as booked (the quote). A moment before the car left counts as at it.
   */
  atISO?: string | Date | null;
  gracePeriodHours?: number;
  /** 'charge_planned' (default): an early return pays (and is allowed km for) the booked days. */
  earlyReturn?: 'charge_planned' | 'charge_actual';
  /** Km per day; null = unlimited (read a stored rental's with rentalKmLimit). */
  dailyKmLimit: number | null;
  extraChargePerKmMinor?: number;
  odometerStartKm?: number | null;
  odometerEndKm?: number | null;
  fuelLevelStart?: FuelLevel | null;
  fuelLevelEnd?: FuelLevel | null;
  fuelChargePerQuarterMinor?: number;
  /** For the late-days amount. */
  dailyRateMinor?: number;
}

export interface RentalUsage {
  days: FinalCharges['days'];
  /** dailyKmLimit × chargeable days; null = unlimited. */
  allowanceKm: number | null;
  /** Extra km and their charge; null when an odometer reading is missing. */
  km: KmResult | null;
  fuel: { shortfallQuarters: number; amountMinor: number } | null;
  late: { days: number; amountMinor: number };
}

/**
 * The ONE answer to "how many days, how many km are included, how many are extra, what fuel and
 * late days are owed" for a rental: the quote, the booking, the return preview, the return, the
 * check-in inspection's proposed charges and the GPS evidence all call it with the rental as
 * stored (so they cannot disagree). Days: countRentalDays with the company's grace period from
 * the usage start (see EARLY PICKUP); planned = booked start → booked return (fixed-term) or
 * null (open-ended); base = planned days (early return, 'charge_planned') or the days used
 * (open-ended, or 'charge_actual'); late = days used beyond the planned ones; chargeable =
 * base + late, the days the km allowance and the young-driver fee are given for. Without a
 * return moment (a quote): a fixed-term rental as booked, an open-ended one for its expected
 * duration.
 */
export function rentalUsage(input: RentalUsageInput): RentalUsage {
  const grace = input.gracePeriodHours ?? DEFAULT_GRACE_PERIOD_HOURS;
  const hasExpected = input.expectedReturnISO !== undefined && input.expectedReturnISO !== null;
  const planned = hasExpected ? countRentalDays(input.startISO, input.expectedReturnISO!, grace) : null;
  let actual: number;
  if (input.atISO === undefined || input.atISO === null) {
    parseInstant(input.startISO);
    if (planned !== null) actual = planned;
    else {
      const d = input.expectedDurationDays;
      if (d === null || d === undefined || !Number.isSafeInteger(d) || d < 1 || d > 365) {
        throw new PricingError('An end date or an expected duration between 1 and 365 days is required');
      }
      actual = d;
    }
  } else {
    const from = usageStart(input.startISO, input.pickedUpISO);
    const at = Math.max(parseInstant(input.atISO), parseInstant(from));
    actual = countRentalDays(from, new Date(at), grace);
  }
  const policy = input.earlyReturn ?? 'charge_planned';
  const base = planned === null ? actual : policy === 'charge_planned' ? planned : Math.min(planned, actual);
  const late = planned === null ? 0 : Math.max(0, actual - planned);
  const chargeable = base + late;
  const limit = input.dailyKmLimit;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0))
    throw new PricingError('Daily km limit must be a whole number ≥ 0');
  const allowanceKm = limit === null ? null : limit * chargeable;

  let km: KmResult | null = null;
  if (
    input.odometerStartKm !== null &&
    input.odometerStartKm !== undefined &&
    input.odometerEndKm !== null &&
    input.odometerEndKm !== undefined
  ) {
    km = extraKmCharge({
      startKm: input.odometerStartKm,
      endKm: input.odometerEndKm,
      days: chargeable,
      dailyKmLimit: limit,
      extraChargePerKmMinor: input.extraChargePerKmMinor ?? DEFAULT_EXTRA_CHARGE_PER_KM_MINOR,
    });
  }
  const fuel =
    input.fuelLevelStart && input.fuelLevelEnd
      ? fuelCharge(input.fuelLevelStart, input.fuelLevelEnd, input.fuelChargePerQuarterMinor ?? 0)
      : null;
  const rate = input.dailyRateMinor ?? 0;
  assertNonNegMinor(rate, 'Daily rate');
  return {
    days: { planned, actual, base, late, chargeable },
    allowanceKm,
    km,
    fuel,
    late: { days: late, amountMinor: late * rate },
  };
}

/** A stored rental as the usage rule reads it (rentals' item; other domains pass it through rentals/api). */
export interface StoredRentalTerms {
  startDate: string;
  pickedUpAt?: unknown;
  openEnded?: unknown;
  expectedReturnDate?: string | null;
  expectedDuration?: unknown;
  dailyKmLimit?: unknown;
  extraChargePerKmMinor?: unknown;
  dailyRateMinor?: unknown;
  odometerStart?: unknown;
  fuelLevelStart?: unknown;
}

const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * rentalUsage of a stored rental: every reader of a rental (the return, the check-in's proposals,
 * the GPS evidence) maps the item the same way here — the booked start, the pickup, open-ended or
 * the booked return, the limit (rentalKmLimit), the per-km rate — and adds what it knows of the
 * return: when (`atISO`, the return or the moment asked) and the readings at it.
 */
export function usageOfRental(
  rental: StoredRentalTerms,
  at: {
    gracePeriodHours: number;
    atISO?: string | null;
    odometerStartKm?: number | null;
    odometerEndKm?: number | null;
    fuelLevelStart?: FuelLevel | null;
    fuelLevelEnd?: FuelLevel | null;
    fuelChargePerQuarterMinor?: number;
  },
): RentalUsage {
  const openEnded = rental.openEnded === true;
  return rentalUsage({
    startISO: rental.startDate,
    pickedUpISO: typeof rental.pickedUpAt === 'string' ? rental.pickedUpAt : null,
    expectedReturnISO: openEnded ? null : (rental.expectedReturnDate ?? null),
    expectedDurationDays: numOrNull(rental.expectedDuration) ?? 1,
    atISO: at.atISO ?? null,
    gracePeriodHours: at.gracePeriodHours,
    dailyKmLimit: rentalKmLimit(rental.dailyKmLimit),
    extraChargePerKmMinor: numOrNull(rental.extraChargePerKmMinor) ?? DEFAULT_EXTRA_CHARGE_PER_KM_MINOR,
    odometerStartKm: at.odometerStartKm !== undefined ? at.odometerStartKm : numOrNull(rental.odometerStart),
    odometerEndKm: at.odometerEndKm ?? null,
    fuelLevelStart:
      at.fuelLevelStart !== undefined
        ? at.fuelLevelStart
        : typeof rental.fuelLevelStart === 'string' && rental.fuelLevelStart in FUEL_QUARTERS
          ? (rental.fuelLevelStart as FuelLevel)
          : null,
    fuelLevelEnd: at.fuelLevelEnd ?? null,
    fuelChargePerQuarterMinor: at.fuelChargePerQuarterMinor ?? 0,
    dailyRateMinor: numOrNull(rental.dailyRateMinor) ?? 0,
  });
}

/**
 * Everything a rental costs at return, as one statement (the rentals domain posts the difference
 * from what the ledger already holds): base rental on the base days, late fees (late days ×
 * daily rate, also in monthly mode), young-driver fee, extra km over the allowance, fuel
 * shortfall, Salik, traffic fines, damage fees, extras; then tax once. Odometer and fuel parts
 * are skipped when their readings are missing.
 */
export function finalCharges(input: FinalChargesInput): FinalCharges {
  const perKm = input.extraChargePerKmMinor ?? DEFAULT_EXTRA_CHARGE_PER_KM_MINOR;
  const perQuarter = input.fuelChargePerQuarterMinor ?? 0;
  const usage = rentalUsage({
    ...input,
    atISO: input.actualReturnISO,
    dailyKmLimit: input.dailyKmLimit === undefined ? DEFAULT_DAILY_KM_LIMIT : input.dailyKmLimit,
    extraChargePerKmMinor: perKm,
    fuelChargePerQuarterMinor: perQuarter,
  });
  const { base, late, chargeable } = usage.days;
  if (parseInstant(input.actualReturnISO) < parseInstant(usageStart(input.startISO, input.pickedUpISO)))
    throw new PricingError('End must not be before start');

  const lines: PriceLine[] = [baseLine(base, input)];
  if (late > 0) {
    lines.push({
      code: 'late_fees',
      category: 'late_fees',
      label: 'Late return',
      amountMinor: usage.late.amountMinor,
      quantity: late,
      unitAmountMinor: input.dailyRateMinor,
      taxable: true,
    });
  }
  lines.push(...youngDriverLine(chargeable, input.youngDriverFeePerDayMinor));

  const km = usage.km;
  if (km)
    lines.push({
      code: 'extra_km',
      category: 'extra_km',
      label: 'Extra km',
      amountMinor: km.amountMinor,
      quantity: km.extraKm,
      unitAmountMinor: perKm,
      taxable: true,
    });

  const fuel = usage.fuel;
  if (fuel) {
    lines.push({
      code: 'fuel_charges',
      category: 'fuel_charges',
      label: 'Fuel charges',
      amountMinor: fuel.amountMinor,
      quantity: fuel.shortfallQuarters,
      unitAmountMinor: perQuarter,
      taxable: true,
    });
  }

  const passThrough: [LineCode & ChargeCategory, string, number | undefined][] = [
    ['salik_charges', 'Salik charges', input.salikChargesMinor],
    ['traffic_fines', 'Traffic fines', input.trafficFinesMinor],
    ['damage_fees', 'Damage fees', input.damageFeesMinor],
  ];
  for (const [code, label, amount] of passThrough) {
    if (amount) lines.push({ code, category: code, label, amountMinor: amount, taxable: isTaxable(code) });
  }
  lines.push(...extraLines(input.extras));

  return { days: usage.days, km, fuel, ...totalWithTax(lines, input) };
}

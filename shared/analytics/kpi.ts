import { addDays } from '../calendar';
import { calendarDateInZone } from '../regions/format';
import { ledgerTotals, type LedgerEntryLike } from '../rentals/ledger';

/**
 * KPI DEFINITIONS — written once here; the dashboard, the reports, their CSV/PDF exports and the
 * insights engine compute with these functions and show KPI_HELP as help text.
 *
 * - A car-day: one vehicle on one calendar day of the company's time zone.
 * - Day on rent: a day counts for a rental when the car was out on it for MORE than 30 minutes
 *   (onRentDays): a pickup at 23:45 does not count that evening, a return at 00:20 does not count
 *   that morning.
 * - Available car-days = vehicles × days − out-of-service and maintenance days.
 * - Utilisation = days on rent ÷ available car-days.
 * - Rental revenue = charges without tax, deposits, fines and tolls (rentalRevenueMinor, below),
 *   counted when EARNED (issue 26): the time-based part (rent, insurance, the young-driver fee:
 *   timeBasedRevenueMinor) spread straight-line over the rental's days on rent once it is picked
 *   up — a booking counts nothing, a future day counts in its own period; the rest (km, fuel,
 *   late, damage, fees) on the day it is posted. "Booked (future)" is apart, never added.
 * - Average daily rate (ADR) = rental revenue ÷ days charged (days on rent of the rentals the
 *   revenue belongs to; a day charged is a day on rent).
 * - Revenue per available car-day (RevPAC) = ADR × utilisation (= revenue ÷ available car-days).
 * - Average length of rental (ALR) = days on rent of the rentals returned in the period ÷ returns.
 * - Idle days per vehicle = its available days − its days on rent; idle cost = idle days × the
 *   company's daily fixed cost per vehicle (setting; 0 when not set).
 */
export const KPI_IDS = ['availableCarDays', 'utilisation', 'adr', 'revpac', 'alr', 'idleDays', 'idleCost'] as const;
export type KpiId = (typeof KPI_IDS)[number];

export const KPI_HELP: Record<'en' | 'ar', Record<KpiId, string>> = {
  en: {
    availableCarDays: 'Available car-days = vehicles × days in the period − days out of service or in maintenance.',
    utilisation:
      'Utilisation = days on rent ÷ available car-days. A day counts when the car was on rent for more than 30 minutes of it.',
    adr: 'Average daily rate = rental revenue ÷ days charged.',
    revpac: 'Revenue per available car-day = average daily rate × utilisation.',
    alr: 'Average length of rental = days on rent of the rentals returned in the period ÷ number of returns.',
    idleDays: "Idle days = a vehicle's available days − its days on rent.",
    idleCost: 'Idle cost = idle days × the daily fixed cost per vehicle (company setting).',
  },
  ar: {
    availableCarDays:
      'أيام السيارات المتاحة = عدد المركبات × أيام الفترة − أيام خروجها من الخدمة أو وجودها في الصيانة.',
    utilisation:
      'نسبة الاستخدام = أيام التأجير ÷ أيام السيارات المتاحة. يُحسب اليوم إذا كانت السيارة مؤجرة أكثر من 30 دقيقة منه.',
    adr: 'متوسط السعر اليومي = إيرادات التأجير ÷ الأيام المحتسبة.',
    revpac: 'الإيراد لكل يوم سيارة متاح = متوسط السعر اليومي × نسبة الاستخدام.',
    alr: 'متوسط مدة التأجير = أيام تأجير العقود المُرجعة في الفترة ÷ عدد الإرجاعات.',
    idleDays: 'أيام التوقف = الأيام المتاحة للمركبة − أيام تأجيرها.',
    idleCost: 'تكلفة التوقف = أيام التوقف × التكلفة الثابتة اليومية لكل مركبة (إعداد الشركة).',
  },
};

const MIN = 60_000;
/** More than this much of a day on rent makes it a day on rent. */
export const ON_RENT_THRESHOLD_MS = 30 * MIN;

/** Every calendar day from `from` to `to`, both included (empty when to < from). */
export function dayRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Months 'YYYY-MM' from `from` to `to` included. */
export function monthRange(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const cur = `${y}-${String(m).padStart(2, '0')}`;
    if (cur > end) break;
    out.push(cur);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The first and last calendar day (company time zone) a car out from `startISO` to `endISO` was on
 * rent for more than 30 minutes, or null when no day qualifies. The first day is the day of
 * start + 30 min (a later start leaves less than 30 minutes of its own day); the last is the day
 * of end − 30 min − 1 ms.
 */
export function onRentSpan(startISO: string, endISO: string, timeZone: string): { first: string; last: string } | null {
  const s = Date.parse(startISO);
  const e = Date.parse(endISO);
  if (!(e - s > ON_RENT_THRESHOLD_MS)) return null;
  const first = calendarDateInZone(new Date(s + ON_RENT_THRESHOLD_MS), timeZone);
  const last = calendarDateInZone(new Date(e - ON_RENT_THRESHOLD_MS - 1), timeZone);
  return last < first ? null : { first, last };
}

export function onRentDays(startISO: string, endISO: string, timeZone: string): string[] {
  const span = onRentSpan(startISO, endISO, timeZone);
  return span ? dayRange(span.first, span.last) : [];
}

/** Day-level facts of one vehicle over a period (what the aggregates hold). */
export interface VehicleDays {
  vehicleId: string;
  /** Days in the period the car was on rent (each counted once, even with two rentals on it). */
  daysOnRent: number;
  /** Days in the period the car was in maintenance or out of service (not on rent). */
  daysOutOfService: number;
  /** Rental revenue posted in the period (minor units). */
  revenueMinor: number;
  /** Days of the period the vehicle belonged to the fleet (default: every day of the period). */
  daysInFleet?: number;
}

export const ratio = (num: number, den: number): number => (den > 0 ? num / den : 0);

/** Available car-days = vehicles × days − out-of-service and maintenance days. */
export function availableCarDays(
  vehicles: readonly Pick<VehicleDays, 'daysOutOfService' | 'daysInFleet'>[],
  days: number,
): number {
  return vehicles.reduce((s, v) => s + Math.max(0, (v.daysInFleet ?? days) - v.daysOutOfService), 0);
}

export interface FleetKpis {
  vehicles: number;
  days: number;
  availableCarDays: number;
  daysOnRent: number;
  revenueMinor: number;
  /** 0..1 */
  utilisation: number;
  /** Minor units per day charged. */
  adrMinor: number;
  /** Minor units per available car-day. */
  revpacMinor: number;
  idleDays: number;
  idleCostMinor: number;
}

/** The fleet KPIs of a period of `days` days from its vehicles' day facts. */
export function fleetKpis(vehicles: readonly VehicleDays[], days: number, dailyFixedCostMinor = 0): FleetKpis {
  const available = availableCarDays(vehicles, days);
  const onRent = vehicles.reduce((s, v) => s + v.daysOnRent, 0);
  const revenue = vehicles.reduce((s, v) => s + v.revenueMinor, 0);
  const utilisation = ratio(onRent, available);
  const adr = ratio(revenue, onRent);
  const idle = vehicles.reduce((s, v) => s + vehicleIdleDays(v, days), 0);
  return {
    vehicles: vehicles.length,
    days,
    availableCarDays: available,
    daysOnRent: onRent,
    revenueMinor: revenue,
    utilisation,
    adrMinor: Math.round(adr),
    revpacMinor: Math.round(adr * utilisation),
    idleDays: idle,
    idleCostMinor: idle * dailyFixedCostMinor,
  };
}

/** A vehicle's idle days in a period: available days − days on rent (never below 0). */
export function vehicleIdleDays(
  v: Pick<VehicleDays, 'daysOnRent' | 'daysOutOfService' | 'daysInFleet'>,
  days: number,
): number {
  return Math.max(0, (v.daysInFleet ?? days) - v.daysOutOfService - v.daysOnRent);
}

/** Average length of rental: days on rent of the returned rentals ÷ returns (0 without returns). */
export function averageLengthOfRental(returnedRentalDays: number, returns: number): number {
  return ratio(returnedRentalDays, returns);
}

/** The report periods and their length in days (last year = 365 days). */
export const REPORT_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const PERIOD_DAYS: Record<ReportPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** The period ending today (included): { from, to } calendar days; previous = the same length before. */
export function periodRange(
  period: ReportPeriod,
  today: string,
): { from: string; to: string; previous: { from: string; to: string } } {
  const n = PERIOD_DAYS[period];
  const from = addDays(today, -(n - 1));
  return { from, to: today, previous: { from: addDays(from, -n), to: addDays(from, -1) } };
}

/**
 * Rental revenue of ledger movements: charges net of their reversals, without what is not the
 * company's income — security deposits, tax (owed to the state) and pass-through government
 * charges (traffic fines, Salik tolls). Rent, insurance, late/extra-km/fuel/damage fees count.
 */
export const NON_REVENUE_CATEGORIES: readonly string[] = [
  'security_deposit',
  'security_deposit_refund',
  'tax',
  'salik_charges',
  'traffic_fines',
];

export function rentalRevenueMinor(entries: readonly LedgerEntryLike[]): number {
  return ledgerTotals(entries.filter((e) => e.type === 'charge' && !NON_REVENUE_CATEGORIES.includes(e.category)))
    .chargesMinor;
}

/** Time-based revenue (earned day by day): rent categories and the young-driver fee line. */
export const TIME_BASED_CATEGORIES: readonly string[] = ['base_rental', 'pre_rental', 'insurance'];
const isTimeBased = (e: LedgerEntryLike & { lineCode?: string | null }) =>
  TIME_BASED_CATEGORIES.includes(e.category) || e.lineCode === 'young_driver_fee';

export function timeBasedRevenueMinor(entries: readonly (LedgerEntryLike & { lineCode?: string | null })[]): number {
  return rentalRevenueMinor(entries.filter(isTimeBased));
}

/** Point-in-time revenue: income on the day it is posted. */
export function pointRevenueMinor(entries: readonly (LedgerEntryLike & { lineCode?: string | null })[]): number {
  return rentalRevenueMinor(entries.filter((e) => !isTimeBased(e)));
}

/** Straight-line spread of `totalMinor` over `days` (floor of the running share; the last day completes it). */
export function spreadOverDays(totalMinor: number, days: readonly string[]): { day: string; amountMinor: number }[] {
  const out: { day: string; amountMinor: number }[] = [];
  let done = 0;
  days.forEach((day, i) => {
    const upTo = Math.floor((totalMinor * (i + 1)) / days.length);
    if (upTo - done) out.push({ day, amountMinor: upTo - done });
    done = upTo;
  });
  return out;
}

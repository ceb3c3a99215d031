/**
 * Billing periods of long rentals (issue 10), for the scheduled invoicing job.
 *
 * Decision: periods are anniversary-aligned from the rental's start day (company calendar), as
 * rental contracts are ("every month from the day you picked the car up"): a rental started on
 * 15 March bills 15 March–14 April, 15 April–14 May… A start on the 31st bills to the 30th (or
 * the last day) of the next month, and the following period starts the day after. Daily
 * frequency bills one calendar day per period. Invoicing is in arrears by default: a period is
 * due once it has ended (the instant after its last day at the rental's start time); with the
 * company setting `billingTiming: 'advance'` (issue 26) a period is due when it starts (its first
 * day at the rental's start time), so the current period is invoiced at its start.
 *
 * In steady state both timings wake the job at the same instants (the end of period i is the
 * start of period i+1); only which period is invoiced then differs. A change of the setting
 * therefore applies from the next period boundary: the period running when it changes keeps the
 * timing it had (functions/finance/invoicing.ts).
 */
import { addDays, addMonths, daysBetween } from '../calendar';
export const BILLING_FREQUENCIES = ['daily', 'monthly'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
export const BILLING_TIMINGS = ['arrears', 'advance'] as const;
export type BillingTiming = (typeof BILLING_TIMINGS)[number];
export const DEFAULT_BILLING_TIMING: BillingTiming = 'arrears';

const DAY = 86_400_000;

export interface BillingPeriod {
  index: number;
  periodStart: string;
  periodEnd: string;
}

/** Period number `index` (0-based) of a rental starting on `startDay`. */
export function billingPeriod(startDay: string, frequency: BillingFrequency, index: number): BillingPeriod {
  if (frequency === 'daily') {
    const day = addDays(startDay, index);
    return { index, periodStart: day, periodEnd: day };
  }
  const periodStart = addMonths(startDay, index);
  const periodEnd = addDays(addMonths(startDay, index + 1), -1);
  return { index, periodStart, periodEnd };
}

/**
 * The instant a period has ended: the day after its last day at the rental's start time of day
 * (so a rental picked up at 09:00 on 1 Sep bills its first month at 09:00 on 1 Oct).
 */
export function periodDueAt(startISO: string, startDay: string, periodEnd: string): string {
  // Whole 24-hour days after the start instant (the rental's time of day, as an instant).
  const days = daysBetween(startDay, periodEnd) + 1;
  return new Date(Date.parse(startISO) + days * DAY).toISOString();
}

/** The instant a period is invoiced: its end (arrears) or its start (advance). */
export function periodInvoiceAt(
  startISO: string,
  startDay: string,
  p: Pick<BillingPeriod, 'periodStart' | 'periodEnd'>,
  timing: BillingTiming = 'arrears',
): string {
  return periodDueAt(startISO, startDay, timing === 'advance' ? addDays(p.periodStart, -1) : p.periodEnd);
}

/**
 * The periods of a rental due by `now` (ended, or started with `advance`), from period `fromIndex` on (at most `max`).
 */
export function duePeriods(
  startISO: string,
  startDay: string,
  frequency: BillingFrequency,
  fromIndex: number,
  now: Date,
  max = 400,
  timing: BillingTiming = 'arrears',
): BillingPeriod[] {
  const out: BillingPeriod[] = [];
  for (let i = fromIndex; out.length < max; i++) {
    const p = billingPeriod(startDay, frequency, i);
    if (periodInvoiceAt(startISO, startDay, p, timing) > now.toISOString()) break;
    out.push(p);
  }
  return out;
}

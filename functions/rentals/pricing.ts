import {
  finalCharges,
  monthlyRentalCharge,
  rentalKmLimit,
  totalWithTax,
  youngDriverCharge,
  type FinalCharges,
  type FuelLevel,
  type PriceLine,
} from '../../shared/rentals/pricing';
import { addDays, daysBetween } from '../../shared/calendar';
import { toMinor } from '../../shared/money';
import type { ReturnBody } from '../../shared/schemas/rentals';
import type { RentalSettings } from './deps';
import type { LedgerItem, NewLedgerEntry, RentalItem } from './data';

/**
 * Pricing glue between a rental and shared/pricing.ts: the final statement at return and the
 * ledger entries that bring the ledger to it.
 *
 * Entries posted from pricing carry `lineCode` (base_rental, late_fees, young_driver_fee,
 * extra_km, fuel_charges, salik_charges, traffic_fines, damage_fees, extra, tax). At return, for
 * each code the difference between the final statement and what the ledger already holds under
 * that code is posted: a positive difference as a new 'end' charge, a negative one (an open-ended
 * rental returned before its expected duration) as reversals of the earlier entries, newest first.
 * Manual charges (no lineCode) are never touched. After the return, Σ(pricing entries) = final total.
 */
export function finalStatement(
  rental: RentalItem,
  body: Pick<
    ReturnBody,
    'odometerEnd' | 'fuelLevelEnd' | 'salikCharges' | 'trafficFines' | 'damageFees' | 'extraCharges'
  >,
  settings: RentalSettings,
  returnDate: string,
): FinalCharges {
  return finalCharges({
    startISO: rental.startDate,
    pickedUpISO: (rental.pickedUpAt as string | undefined) ?? null,
    expectedReturnISO: rental.openEnded ? null : rental.expectedReturnDate,
    actualReturnISO: returnDate,
    gracePeriodHours: settings.gracePeriodHours,
    mode: rental.rentalType,
    dailyRateMinor: rental.dailyRateMinor,
    monthlyRateMinor: rental.monthlyRateMinor ?? null,
    odometerStartKm: (rental.odometerStart as number | undefined) ?? null,
    odometerEndKm: body.odometerEnd,
    dailyKmLimit: rentalKmLimit(rental.dailyKmLimit),
    extraChargePerKmMinor: rental.extraChargePerKmMinor,
    fuelLevelStart: (rental.fuelLevelStart as FuelLevel | undefined) ?? null,
    fuelLevelEnd: body.fuelLevelEnd ?? null,
    fuelChargePerQuarterMinor: settings.fuelChargePerQuarterMinor,
    youngDriverFeePerDayMinor: rental.youngDriverFeePerDayMinor,
    salikChargesMinor: toMinor(body.salikCharges),
    trafficFinesMinor: toMinor(body.trafficFines),
    damageFeesMinor: toMinor(body.damageFees),
    extras:
      body.extraCharges > 0
        ? [{ category: 'other', label: 'Extra charges', amountMinor: toMinor(body.extraCharges) }]
        : [],
    taxRatePercent: rental.taxRate,
    taxIncluded: rental.taxIncluded,
  });
}

/** Net amount the ledger holds per pricing line code (reversals subtract). */
export function heldByLineCode(
  ledger: readonly Pick<LedgerItem, 'id' | 'type' | 'lineCode' | 'amountMinor' | 'reversesId'>[],
): Map<string, number> {
  const held = new Map<string, number>();
  for (const e of ledger) {
    if (e.type !== 'charge' || !e.lineCode || e.lineCode === 'security_deposit') continue;
    held.set(e.lineCode, (held.get(e.lineCode) ?? 0) + (e.reversesId ? -e.amountMinor : e.amountMinor));
  }
  return held;
}

export function settlementEntries(
  statement: Pick<FinalCharges, 'lines'>,
  ledger: readonly LedgerItem[],
): NewLedgerEntry[] {
  const target = new Map<string, { amount: number; line: FinalCharges['lines'][number] }>();
  for (const line of statement.lines) {
    const t = target.get(line.code);
    target.set(line.code, { amount: (t?.amount ?? 0) + line.amountMinor, line: t?.line ?? line });
  }
  const held = heldByLineCode(ledger);
  const codes = new Set([...target.keys(), ...held.keys()]);
  const out: NewLedgerEntry[] = [];
  for (const code of codes) {
    const want = target.get(code)?.amount ?? 0;
    const have = held.get(code) ?? 0;
    const diff = want - have;
    if (diff > 0) {
      const line = target.get(code)!.line;
      out.push({
        type: 'charge',
        context: 'end',
        category: line.category,
        label: line.label,
        amountMinor: diff,
        lineCode: code,
      });
    } else if (diff < 0) {
      // Reverse the newest original entries of this code first, each up to what is left of it.
      let toReverse = -diff;
      const originals = ledger.filter((e) => e.type === 'charge' && e.lineCode === code && !e.reversesId).reverse();
      for (const o of originals) {
        if (toReverse === 0) break;
        const left = o.amountMinor - ledger.filter((e) => e.reversesId === o.id).reduce((s, e) => s + e.amountMinor, 0);
        const amount = Math.min(left, toReverse);
        if (amount <= 0) continue;
        out.push({
          type: 'charge',
          context: 'end',
          category: o.category,
          label: `Adjustment at return: ${o.label}`,
          amountMinor: amount,
          reversesId: o.id,
          lineCode: code,
        });
        toReverse -= amount;
      }
    }
  }
  return out;
}

/** A billing period of an open-ended rental (shared/invoicing/periods.ts), company calendar days. */
export interface RentPeriod {
  periodStart: string;
  periodEnd: string;
}

/**
 * Whether [start, end] is one whole anniversary month for some monthly anniversary day D, each
 * month's D clamped to its last day as shared/invoicing/periods.ts does (15 Mar – 14 Apr;
 * 31 Jan – 27 Feb then 28 Feb – 30 Mar for a rental started on the 31st).
 */
export function isWholeMonth(start: string, end: string): boolean {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const clamped = (year: number, month0: number, d: number) => {
    const last = new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month0, Math.min(d, last))).toISOString().slice(0, 10);
  };
  const after = addDays(end, 1);
  for (let d = 1; d <= 31; d++) if (clamped(y, m - 1, d) === start && clamped(y, m, d) === after) return true;
  return false;
}

/**
 * The rent of one billing period of an open-ended rental (issue 26): what its invoice charges to
 * the rental ledger when it is issued (in arrears, or at the period's start with the company's
 * `billingTiming: 'advance'`). Quantity × the rental's rate, with its VAT per the rental's tax mode:
 *  - a whole month of a monthly-rate rental: 1 × the monthly rate (every month the same, whatever
 *    its number of days — "two invoices of one month each");
 *  - otherwise days × the daily rate, or, for a monthly-rate rental, days × monthlyRate / 30
 *    (rounded once, as pricing's part month);
 *  - the young-driver fee: days × the fee;
 *  - VAT: added as a `tax` charge on the taxable net (tax-exclusive rental), or inside the
 *    amounts (tax-included) — shared/rentals/pricing.ts totalWithTax, the booking's own rule.
 * Only days not charged yet are charged: those after `chargedThrough` (the rental's
 * lastChargedDate, moved to the period's end in the same transaction), so a period is never
 * charged twice — not by a second run, nor by a manual period invoice overlapping the job's.
 * Km, fuel, damage are charged at return; the return's statement nets what the periods charged
 * (settlementEntries, per line code).
 */
export function periodRentEntries(
  rental: RentalItem,
  period: RentPeriod,
  chargedThrough: string | null | undefined,
): NewLedgerEntry[] {
  const from = chargedThrough && chargedThrough >= period.periodStart ? addDays(chargedThrough, 1) : period.periodStart;
  if (from > period.periodEnd) return [];
  const days = daysBetween(from, period.periodEnd) + 1;
  const monthlyRate = rental.rentalType === 'monthly' && rental.monthlyRateMinor ? rental.monthlyRateMinor : null;
  const lines: PriceLine[] = [];
  if (monthlyRate && isWholeMonth(from, period.periodEnd)) {
    lines.push({
      code: 'base_rental',
      category: 'base_rental',
      label: 'Rental (monthly rate)',
      amountMinor: monthlyRate,
      quantity: 1,
      unitAmountMinor: monthlyRate,
      taxable: true,
    });
  } else if (monthlyRate) {
    lines.push({
      code: 'base_rental',
      category: 'base_rental',
      label: 'Rental (monthly rate)',
      amountMinor: monthlyRentalCharge(days, monthlyRate),
      quantity: days,
      taxable: true,
    });
  } else {
    lines.push({
      code: 'base_rental',
      category: 'base_rental',
      label: 'Rental',
      amountMinor: days * rental.dailyRateMinor,
      quantity: days,
      unitAmountMinor: rental.dailyRateMinor,
      taxable: true,
    });
  }
  if (rental.youngDriverFeePerDayMinor) {
    lines.push({
      code: 'young_driver_fee',
      category: 'other',
      label: 'Young driver fee',
      amountMinor: youngDriverCharge(days, rental.youngDriverFeePerDayMinor),
      quantity: days,
      unitAmountMinor: rental.youngDriverFeePerDayMinor,
      taxable: true,
    });
  }
  const priced = totalWithTax(lines, {
    taxRatePercent: Number(rental.taxRate ?? 0),
    taxIncluded: rental.taxIncluded === true,
  });
  return priced.lines.map((l) => ({
    type: 'charge' as const,
    context: 'usage' as const,
    category: l.category,
    label: l.label,
    amountMinor: l.amountMinor,
    lineCode: l.code,
    ...(l.quantity !== undefined ? { quantity: l.quantity } : {}),
    ...(l.unitAmountMinor !== undefined ? { unitAmountMinor: l.unitAmountMinor } : {}),
  }));
}

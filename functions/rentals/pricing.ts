import { finalCharges, type FinalCharges, type FuelLevel } from '../../shared/rentals/pricing';
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
export function finalStatement(rental: RentalItem, body: Pick<ReturnBody, 'odometerEnd' | 'fuelLevelEnd' | 'salikCharges' | 'trafficFines' | 'damageFees' | 'extraCharges'>, settings: RentalSettings, returnDate: string): FinalCharges {
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
    dailyKmLimit: rental.dailyKmLimit,
    extraChargePerKmMinor: rental.extraChargePerKmMinor,
    fuelLevelStart: (rental.fuelLevelStart as FuelLevel | undefined) ?? null,
    fuelLevelEnd: body.fuelLevelEnd ?? null,
    fuelChargePerQuarterMinor: settings.fuelChargePerQuarterMinor,
    youngDriverFeePerDayMinor: rental.youngDriverFeePerDayMinor,
    salikChargesMinor: toMinor(body.salikCharges),
    trafficFinesMinor: toMinor(body.trafficFines),
    damageFeesMinor: toMinor(body.damageFees),
    extras: body.extraCharges > 0 ? [{ category: 'other', label: 'Extra charges', amountMinor: toMinor(body.extraCharges) }] : [],
    taxRatePercent: rental.taxRate,
    taxIncluded: rental.taxIncluded,
  });
}

/** Net amount the ledger holds per pricing line code (reversals subtract). */
export function heldByLineCode(ledger: readonly Pick<LedgerItem, 'id' | 'type' | 'lineCode' | 'amountMinor' | 'reversesId'>[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const e of ledger) {
    if (e.type !== 'charge' || !e.lineCode || e.lineCode === 'security_deposit') continue;
    held.set(e.lineCode, (held.get(e.lineCode) ?? 0) + (e.reversesId ? -e.amountMinor : e.amountMinor));
  }
  return held;
}

export function settlementEntries(statement: Pick<FinalCharges, 'lines'>, ledger: readonly LedgerItem[]): NewLedgerEntry[] {
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
      out.push({ type: 'charge', context: 'end', category: line.category, label: line.label, amountMinor: diff, lineCode: code });
    } else if (diff < 0) {
      // Reverse the newest original entries of this code first, each up to what is left of it.
      let toReverse = -diff;
      const originals = ledger.filter((e) => e.type === 'charge' && e.lineCode === code && !e.reversesId).reverse();
      for (const o of originals) {
        if (toReverse === 0) break;
        const left = o.amountMinor - ledger.filter((e) => e.reversesId === o.id).reduce((s, e) => s + e.amountMinor, 0);
        const amount = Math.min(left, toReverse);
        if (amount <= 0) continue;
        out.push({ type: 'charge', context: 'end', category: o.category, label: `Adjustment at return: ${o.label}`, amountMinor: amount, reversesId: o.id, lineCode: code });
        toReverse -= amount;
      }
    }
  }
  return out;
}

/** Time-based pricing lines a billing period bills (km, fuel, fines and damage are billed at return). */
const BILLED_BY_PERIOD: readonly string[] = ['base_rental', 'young_driver_fee', 'tax'];

/**
 * Billing a long (open-ended) rental by period (issue 19: an invoice for one billing period):
 * the time-based charges it owes if it were returned at `throughISO`, minus what its ledger
 * already holds per pricing line code — only increases, posted as ordinary pricing entries, so
 * the return later nets them exactly like the booking's own entries (settlementEntries).
 */
export function billingEntries(rental: RentalItem, settings: RentalSettings, ledger: readonly LedgerItem[], throughISO: string): NewLedgerEntry[] {
  const odometer = (rental.odometerStart as number | undefined) ?? 0;
  const statement = finalStatement(rental, { odometerEnd: odometer, salikCharges: 0, trafficFines: 0, damageFees: 0, extraCharges: 0 }, settings, throughISO);
  return settlementEntries({ lines: statement.lines.filter((l) => BILLED_BY_PERIOD.includes(l.code)) }, ledger)
    .filter((e) => !e.reversesId && e.lineCode && BILLED_BY_PERIOD.includes(e.lineCode))
    .map((e) => ({ ...e, context: 'usage' as const }));
}

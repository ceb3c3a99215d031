/**
 * Security deposits (issue 10, /deposits): pure rules shared by the API and the web.
 *
 * A rental holds at most one deposit (the deposit's id is the rental's id). Its figures come from
 * the rental ledger (shared/rentals/ledger.ts): received = deposit payments, applied = deposit
 * moved to the rental's charges (refund entries with the pseudo-method DEPOSIT_APPLIED_METHOD,
 * paired with a payment), returned = deposit paid back to the customer, held = received − applied
 * − returned (never negative). Reversals count against their type.
 *
 * Status (the spec's three, plus one it is silent about):
 * - held: something is held and nothing was applied yet (a partial return keeps it "held");
 * - partially_applied: part was applied to charges and the rest is still held;
 * - refunded: nothing is held any more and some of it went back to the customer;
 * - applied: nothing is held and nothing went back — the whole deposit covered charges
 *   (a rental company tells this apart from a refund: no money left the till).
 *
 * Release date: the return date (company calendar) + the company's release lag; while a rental is
 * out there is no release date. Default lag 30 days in the UAE (deposits must be released within a
 * month there) and 14 days elsewhere: fines and tolls usually arrive 1–30 days after the return.
 */
import { DEPOSIT_APPLIED_METHOD, type LedgerEntryLike } from '../rentals/ledger';
import { addDays } from '../calendar';
import { taxOnNet } from '../money';
import { TAX_EXEMPT_CATEGORIES } from '../rentals/pricing';

export const DEPOSIT_STATUSES = ['held', 'partially_applied', 'refunded', 'applied'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DEFAULT_RELEASE_DAYS = { AE: 30, other: 14 } as const;
export const MAX_RELEASE_DAYS = 365;

/** The company's release lag: its setting when set, else the region's default. */
export function releaseLagDays(region: string, setting?: number | null): number {
  if (typeof setting === 'number' && Number.isInteger(setting) && setting >= 0 && setting <= MAX_RELEASE_DAYS)
    return setting;
  return region === 'AE' ? DEFAULT_RELEASE_DAYS.AE : DEFAULT_RELEASE_DAYS.other;
}

export interface DepositFlows {
  receivedMinor: number;
  appliedMinor: number;
  returnedMinor: number;
}

type FlowEntry = LedgerEntryLike & { method?: string | null };

/** Deposit flows of some ledger entries (a whole ledger, or one change's new entries: additive). */
export function depositFlows(entries: readonly FlowEntry[]): DepositFlows {
  const out: DepositFlows = { receivedMinor: 0, appliedMinor: 0, returnedMinor: 0 };
  for (const e of entries) {
    const sign = e.reversesId ? -1 : 1;
    if (e.type === 'payment' && e.category === 'security_deposit') out.receivedMinor += sign * e.amountMinor;
    else if (e.type === 'refund' && e.category === 'security_deposit_refund') {
      if (e.method === DEPOSIT_APPLIED_METHOD) out.appliedMinor += sign * e.amountMinor;
      else out.returnedMinor += sign * e.amountMinor;
    }
  }
  return out;
}

/**
 * A rental's deposit flows from its denormalised totals (the refunded total counts the deposit
 * applied to charges too: applying writes a deposit refund with the pseudo-method). The rental's
 * page and the /deposits list both show these figures (issue 26: the same received / applied / refunded).
 */
export function rentalDepositFlows(r: {
  depositReceivedMinor?: number;
  depositRefundedMinor?: number;
  depositAppliedMinor?: number;
}): DepositFlows {
  const applied = Number(r.depositAppliedMinor ?? 0);
  return {
    receivedMinor: Number(r.depositReceivedMinor ?? 0),
    appliedMinor: applied,
    returnedMinor: Number(r.depositRefundedMinor ?? 0) - applied,
  };
}

export const heldOf = (f: DepositFlows) => Math.max(0, f.receivedMinor - f.appliedMinor - f.returnedMinor);

export function depositStatus(f: DepositFlows): DepositStatus {
  const held = heldOf(f);
  if (held > 0) return f.appliedMinor > 0 ? 'partially_applied' : 'held';
  return f.returnedMinor > 0 ? 'refunded' : 'applied';
}

/** The date by which the deposit should go back: return day + lag; null while the car is out. */
export function releaseDueDate(returnDay: string | null | undefined, lagDays: number): string | null {
  return returnDay ? addDays(returnDay, lagDays) : null;
}

/** A held deposit whose release date has passed (company calendar `today`). */
export function isReleaseOverdue(f: DepositFlows, releaseDue: string | null, today: string): boolean {
  return heldOf(f) > 0 && releaseDue !== null && releaseDue < today;
}

/**
 * How a charge posted with a deposit application is taxed — the rental's own tax mode, as its
 * priced lines (issue 26): a tax-exclusive rental's charge is net and its VAT is added on top (a
 * separate tax charge at the rental's rate); a tax-inclusive rental's charge includes its VAT
 * (extracted when posted); fines and tolls (tax-exempt) and a 0 % rental carry none.
 */
export type DepositChargeTax = {
  mode: 'exclusive' | 'inclusive' | 'none';
  ratePercent: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
};

/** The line code of that charge: the posting rules then follow the rental's tax mode, like its priced lines. */
export const DEPOSIT_CHARGE_LINE = 'deposit_charge';

export function depositChargeTax(
  rental: { taxRate?: number | null; taxIncluded?: boolean | null },
  category: string,
  amountMinor: number,
): DepositChargeTax {
  const rate = Number(rental.taxRate ?? 0);
  if (!(rate > 0) || TAX_EXEMPT_CATEGORIES.includes(category as never))
    return { mode: 'none', ratePercent: 0, netMinor: amountMinor, taxMinor: 0, totalMinor: amountMinor };
  if (rental.taxIncluded)
    return { mode: 'inclusive', ratePercent: rate, netMinor: amountMinor, taxMinor: 0, totalMinor: amountMinor };
  const taxMinor = taxOnNet(amountMinor, rate);
  return { mode: 'exclusive', ratePercent: rate, netMinor: amountMinor, taxMinor, totalMinor: amountMinor + taxMinor };
}

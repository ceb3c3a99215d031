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
import { addDays } from '../invoices/totals';

export const DEPOSIT_STATUSES = ['held', 'partially_applied', 'refunded', 'applied'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const DEFAULT_RELEASE_DAYS = { AE: 30, other: 14 } as const;
export const MAX_RELEASE_DAYS = 365;

/** The company's release lag: its setting when set, else the region's default. */
export function releaseLagDays(region: string, setting?: number | null): number {
  if (typeof setting === 'number' && Number.isInteger(setting) && setting >= 0 && setting <= MAX_RELEASE_DAYS) return setting;
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

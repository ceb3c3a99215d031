/**
 * Receivables aging (issue 10, /dashboard/outstanding-balances): buckets by days past the due
 * date on a given day (`asOf`, the company's calendar). Not yet due (or due today) = current.
 */
import { daysBetween } from '../calendar';
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Whole days from `dueDate` to `asOf` (both YYYY-MM-DD); negative when not yet due. */
export function daysPastDue(dueDate: string, asOf: string): number {
  return daysBetween(dueDate, asOf);
}

export function agingBucket(dueDate: string | null, asOf: string): AgingBucket {
  if (!dueDate) return 'current';
  const days = daysPastDue(dueDate, asOf);
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over90';
}

export type BucketTotals = Record<AgingBucket, number> & { total: number };

export const emptyBuckets = (): BucketTotals => ({ current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over90: 0, total: 0 });

/** Adds `amountMinor` to `bucket` and the total (mutates and returns `totals`). */
export function addToBucket(totals: BucketTotals, bucket: AgingBucket, amountMinor: number): BucketTotals {
  totals[bucket] += amountMinor;
  totals.total += amountMinor;
  return totals;
}

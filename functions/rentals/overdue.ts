import { dueIndexPages, dueTenants } from '../lib/data/due-index';
import { startJobRun } from '../lib/jobs/run-record';
import { readRentalSettings } from './deps';
import { ACTIVE_RENTALS_GSI_PK, getRentalItem } from './data';
import { markOverdue } from './lifecycle';

/**
 * Overdue job logic: active closed-end rentals whose expected return + the company's grace period
 * has passed become overdue (functions/rentals/lifecycle.ts markOverdue).
 *
 * The candidates come from the active-rental index (gsi2pk `G#ACTIVE_RENTALS`, gsi2sk
 * `{expectedReturn}#{tenantId}#{rentalId}`): ONE key range "expected return before now" across
 * every tenant, read in pages — the only cross-tenant read of the rentals domain, in a job, never
 * on a request path. Marking removes the index item, so a re-run finds only what is left: the job
 * is idempotent and its cost is bound by the rentals that are late, not by all rentals.
 * Each run records a run item (started, finished, counts, errors).
 */
export interface OverdueRunResult {
  scanned: number;
  marked: number;
  notYet: number;
  stale: number;
  errors: number;
  startedAt: string;
  finishedAt: string;
}

export async function runOverdueRentals(now = new Date(), pageSize = 100): Promise<OverdueRunResult> {
  const run = startJobRun('overdue-rentals');
  const result: OverdueRunResult = {
    scanned: 0,
    marked: 0,
    notYet: 0,
    stale: 0,
    errors: 0,
    startedAt: run.startedAt,
    finishedAt: '',
  };
  const graceByTenant = new Map<string, { hours: number; timeZone: string }>();
  for await (const page of dueIndexPages(ACTIVE_RENTALS_GSI_PK, { before: now.toISOString() }, pageSize)) {
    for (const idx of page) {
      result.scanned++;
      const tenantId = idx.tenantId as string;
      try {
        if (!graceByTenant.has(tenantId)) {
          const s = await readRentalSettings(tenantId);
          graceByTenant.set(tenantId, { hours: s.gracePeriodHours, timeZone: s.timezone });
        }
        const due = Date.parse(idx.expectedReturnDate as string) + graceByTenant.get(tenantId)!.hours * 3_600_000;
        if (due >= now.getTime()) {
          result.notYet++;
          continue;
        }
        const rental = await getRentalItem(tenantId, idx.rentalId as string);
        if (!rental) {
          result.stale++;
          continue;
        }
        if (await markOverdue(tenantId, rental, now, graceByTenant.get(tenantId)!.timeZone)) result.marked++;
        else result.stale++;
      } catch (err) {
        // One rental changed under us (a return in flight) or a failure: the next run retries it.
        result.errors++;
        run.sample(`${tenantId}/${String(idx.rentalId)}: ${(err as Error).name}`);
      }
    }
  }
  result.finishedAt = new Date().toISOString();
  await run.finish(result, { finishedAt: result.finishedAt });
  return result;
}

/**
 * Companies with an active rental expected back before `before` (the active-rental index): the alerts job's rental
 * work.
 */
export async function tenantsWithRentalsDue(before: Date): Promise<string[]> {
  return dueTenants(ACTIVE_RENTALS_GSI_PK, { before: before.toISOString() });
}

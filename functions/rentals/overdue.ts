import { dueIndexPages, dueTenants } from '../lib/data/due-index';
import type { Item } from '../lib/data/repo';
import { companyPages, eachKey } from '../lib/jobs/units';
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
 *
 * The job fans out (issue 30): `overdueUnits` reads the range once and yields pages of at most 25 of one
 * company's late rentals (`[rentalId, expectedReturnDate]`, the index item's own fields); `markOverdueUnit`
 * marks one page. A page done twice (a redelivery) finds its marked rentals overdue and their index items
 * gone: it marks nothing twice.
 */
export interface OverdueUnit {
  tenantId: string;
  /** [rentalId, expectedReturnDate] of the index items. */
  rentals: [string, string][];
}

export async function* overdueUnits(now: Date, includes: (tenantId: string) => boolean): AsyncGenerator<OverdueUnit> {
  const pages = dueIndexPages(ACTIVE_RENTALS_GSI_PK, { before: now.toISOString() }, 100);
  const read = (idx: Item) => ({
    tenantId: String(idx.tenantId),
    key: [String(idx.rentalId), String(idx.expectedReturnDate)] as [string, string],
  });
  for await (const { tenantId, keys } of companyPages(pages, read, includes)) yield { tenantId, rentals: keys };
}

/** Marks one page of a company's late rentals; its figures. Throws (after the others) when one failed. */
export async function markOverdueUnit(unit: OverdueUnit, now: Date) {
  const counts = { scanned: 0, marked: 0, notYet: 0, stale: 0 };
  const { tenantId } = unit;
  const settings = await readRentalSettings(tenantId);
  await eachKey(unit.rentals, async ([rentalId, expectedReturnDate]) => {
    counts.scanned++;
    if (Date.parse(expectedReturnDate) + settings.gracePeriodHours * 3_600_000 >= now.getTime()) {
      counts.notYet++;
      return;
    }
    // One rental changed under us (a return in flight) or a failure: it throws, and the unit is retried.
    const rental = await getRentalItem(tenantId, rentalId);
    if (rental && (await markOverdue(tenantId, rental, now, settings.timezone))) counts.marked++;
    else counts.stale++;
  });
  return counts;
}

/**
 * Companies with an active rental expected back before `before` (the active-rental index): the alerts job's rental
 * work.
 */
export async function tenantsWithRentalsDue(before: Date): Promise<string[]> {
  return dueTenants(ACTIVE_RENTALS_GSI_PK, { before: before.toISOString() });
}

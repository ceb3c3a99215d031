import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { readRentalSettings, writeTrueCounters } from './deps';
import type { RentalItem } from './data';

/**
 * The customers' counters recomputed from every rental of the company and written where they
 * differ (customers/counters.ts decides what a rental counts for): the demo reset after its seeds
 * (the seeds write rentals directly), and the repair of a company the self-check reports drifted.
 * Reads every rental (a one-off, not a request path). Answers the customers corrected.
 */
export async function recountCustomers(tenantId: string): Promise<number> {
  const [settings, rentals] = await Promise.all([
    readRentalSettings(tenantId),
    queryAll<RentalItem>({ tenantId, pk: tenantPk(tenantId, 'RENTAL'), consistent: true, max: 1_000_000 }),
  ]);
  return writeTrueCounters(tenantId, rentals, settings.timezone);
}

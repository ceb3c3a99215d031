import { dueTenants } from '../lib/data/due-index';
import { startJobRun } from '../lib/jobs/run-record';
import { rootLogger } from '../lib/logger';
import { recomputeIfDue } from './compute';
import { FLEET_HEALTH_INDEX_PK } from './model';
import { tenantsWithRentalsDue } from './deps';

/**
 * The daily `fleet-health` job (DESIGN.md §15): the companies on the sparse index G#FLEET_HEALTH
 * (one item per company whose fleet health was stored once) and those with rentals due (the
 * active-rental index: a company renting cars gets its first stored computation here), each
 * recomputed once on its own calendar day. Idempotent: a company done today is skipped, and the
 * computation itself writes the same values and claims alert keys, so two runs at once do
 * nothing twice. `onlyTenants` limits a run (an operator, or a test).
 */
export async function runFleetHealth(now = new Date(), onlyTenants?: string[]) {
  const run = startJobRun('fleet-health');
  const result = { companies: 0, computed: 0, skipped: 0, errors: 0 };
  const tenants = new Set(await tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000)));
  for (const tenantId of await dueTenants(FLEET_HEALTH_INDEX_PK, {}, (it) => String(it.gsi2sk))) tenants.add(tenantId);
  for (const tenantId of tenants) {
    if (onlyTenants && !onlyTenants.includes(tenantId)) continue;
    result.companies++;
    try {
      if (await recomputeIfDue(tenantId, now)) result.computed++;
      else result.skipped++;
    } catch (err) {
      result.errors++;
      run.sample(`${tenantId}: ${(err as Error).name}`);
      rootLogger.warn('fleet-health job: a company failed; the next run retries it', {
        tenantId,
        error: (err as Error).name,
      });
    }
  }
  await run.finish(result);
  return result;
}

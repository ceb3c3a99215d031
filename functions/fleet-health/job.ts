import { dueTenants } from '../lib/data/due-index';
import { companyUnits } from '../lib/jobs/units';
import { recomputeIfDue } from './compute';
import { FLEET_HEALTH_INDEX_PK } from './model';
import { tenantsWithRentalsDue } from './deps';

/**
 * The daily `fleet-health` job (DESIGN.md §15): the companies on the sparse index G#FLEET_HEALTH
 * (one item per company whose fleet health was stored once) and those with rentals due (the
 * active-rental index: a company renting cars gets its first stored computation here), each
 * recomputed once on its own calendar day. Idempotent: a company done today is skipped, and the
 * computation itself writes the same values and claims alert keys, so two runs at once do
 * nothing twice. `includes` (onlyTenants) limits a run (an operator, or a test).
 *
 * It fans out (issue 30): a unit is one company (`fleetHealthUnits` reads the two indexes once).
 */
export function fleetHealthUnits(now: Date, includes: (tenantId: string) => boolean) {
  return companyUnits(
    [
      () => tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000)),
      () => dueTenants(FLEET_HEALTH_INDEX_PK, {}, (it) => String(it.gsi2sk)),
    ],
    includes,
  );
}

export async function fleetHealthUnit(unit: { tenantId: string }, now: Date) {
  const computed = await recomputeIfDue(unit.tenantId, now);
  return { computed: computed ? 1 : 0, skipped: computed ? 0 : 1 };
}

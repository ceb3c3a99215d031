import { migrationCompanies } from './all-companies';
import { defineJob } from '../lib/jobs/define-job';
import { rebuildMoneyIndexes } from '../rentals/api';

/**
 * One-off migration (events/schedules.ts 'money-indexes', never scheduled): gives the rentals of
 * companies that existed before issue 10 their deposit and open-balance index items, so
 * /deposits, outstanding balances and revenue protection see them (functions/rentals/
 * money-index-rebuild.ts). Idempotent: an indexed rental is marked and skipped. Like the other
 * one-off migrations it Scans the settings items to find the companies; `onlyTenants` limits a
 * run to some companies (an operator re-running one, or a test).
 */
export const job = defineJob({
  name: 'money-indexes',
  reads: [],
  run: async (ctx) => {
    const tenants = await migrationCompanies(ctx);
    let rebuilt = 0;
    let rentals = 0;
    for (const tenantId of tenants) {
      const r = await rebuildMoneyIndexes(tenantId);
      rebuilt += r.rebuilt;
      rentals += r.rentals;
    }
    const result = { companies: tenants.length, rentals, rebuilt };
    return result;
  },
});
export const handler = job.handler;

import { migrationCompanies } from './all-companies';
import { defineJob } from '../lib/jobs/define-job';
import { rootLogger } from '../lib/logger';
import { localiseBooks } from '../accounting/api';

/**
 * One-off migration (events/schedules.ts 'localise-books', never scheduled; issue 26): repairs the
 * books of companies whose chart of accounts, tax codes or VAT return layout disagree with their
 * region — companies created as US by a sign-up that did not send the region, then moved to the
 * UAE or Saudi Arabia in settings (US chart: "Sales tax payable", no VAT input; US codes; the
 * sales tax summary instead of the VAT 201). Localisation itself is functions/accounting/
 * localise.ts: the missing accounts added, the tax accounts named for the region, accounts the
 * region has no use for deactivated (never one that has lines), and the books' region (codes and
 * return) set — in one transaction conditioned on the books' version.
 *
 * Idempotent and safe twice at once: a company that agrees is left alone; two runs racing on one
 * company both read, one transaction wins, the other fails its version condition, re-reads and
 * finds nothing left to do. Entries already posted keep their codes (the journal is
 * append-only); the self-check names any other region's codes still in the books. Like the other
 * one-off migrations it Scans the settings items to find the companies; `onlyTenants` limits a
 * run (an operator re-running one company, or a test).
 */
export const job = defineJob({
  name: 'localise-books',
  reads: [],
  run: async (ctx) => {
    const tenants = await migrationCompanies(ctx);
    let localised = 0;
    const failed: { tenantId: string; error: string }[] = [];
    for (const tenantId of tenants) {
      try {
        const r = await localiseBooks(tenantId);
        if (r.changed) {
          localised += 1;
          rootLogger.info('books localised', { tenantId, from: r.from, to: r.to });
        }
      } catch (err) {
        // One company's failure does not stop the others; the run reports it (and a re-run retries it).
        failed.push({ tenantId, error: String(err) });
      }
    }
    const result = { companies: tenants.length, localised, failed };
    return result;
  },
});
export const handler = job.handler;

/**
 * The nightly insights run across companies (events/schedules.ts 'insights'; DESIGN.md §15). No
 * Scan: the companies come from the sparse work indexes other areas keep — companies with a rental
 * out or booked (the active-rental index) and with invoices past due (the invoices work index);
 * a company with neither has no new figures to speak of. Each company's run is claimed once a day
 * (AI_JOB_DAY marker written before the run), so a re-run or two runs at once do nothing twice; a
 * run that throws releases its claim so the next one retries. Each run records its ai_job.
 */
import { deleteItem, putNew } from '../lib/data/repo';
import { startJobRun } from '../lib/jobs/run-record';
import { isConditionFailure } from '../lib/errors';
import { rootLogger } from '../lib/logger';
import { companyToday, readCompanySettings } from '../lib/company-settings';
import { tenantsWithInvoicesDue, tenantsWithRentalsDue } from './deps';
import { runInsights } from './engine';
import { jobDayKey } from './model';

export async function runScheduledInsights(event?: { time?: string; onlyTenants?: string[] }) {
  const parsed = event?.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  const run = startJobRun('insights');
  const found = new Set([
    ...(await tenantsWithRentalsDue(new Date(now.getTime() + 3650 * 86_400_000))),
    ...(await tenantsWithInvoicesDue(now)),
  ]);
  const tenants = event?.onlyTenants ? [...found].filter((id) => event.onlyTenants!.includes(id)) : [...found];
  const result = { companies: tenants.length, ran: 0, skipped: 0, errors: 0 };
  for (const tenantId of tenants) {
    const day = companyToday(await readCompanySettings(tenantId, ''), now);
    try {
      await putNew({
        ...jobDayKey(tenantId, day),
        entityType: 'AI_JOB_DAY',
        claimedAt: new Date().toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + 30 * 86_400,
      });
    } catch (err) {
      if (isConditionFailure(err)) {
        result.skipped++;
        continue;
      }
      throw err;
    }
    try {
      await runInsights(tenantId, { trigger: 'schedule', by: 'system', now });
      result.ran++;
    } catch (err) {
      result.errors++;
      run.sample(`${tenantId}: ${(err as Error).name}`);
      await deleteItem(jobDayKey(tenantId, day));
      rootLogger.warn('insights job: a company failed; the next run retries it', {
        tenantId,
        error: (err as Error).name,
      });
    }
  }
  await run.finish(result);
  return result;
}

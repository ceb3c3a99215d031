/**
 * The nightly insights run across companies (events/schedules.ts 'insights'; DESIGN.md §15). No
 * Scan: the companies come from the sparse work indexes other areas keep — companies with a rental
 * out or booked (the active-rental index) and with invoices past due (the invoices work index);
 * a company with neither has no new figures to speak of. Each company's run is claimed once a day
 * (AI_JOB_DAY marker written before the run), so a re-run or two runs at once do nothing twice; a
 * run that throws releases its claim so the next one (or the unit's retry) runs it. Each run records its ai_job.
 *
 * It fans out (issue 30): a unit is one company (`insightUnits` reads the two indexes once).
 */
import { deleteItem, putNew } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import { companyUnits } from '../lib/jobs/units';
import { companyToday, readCompanySettings } from '../lib/company-settings';
import { tenantsWithInvoicesDue, tenantsWithRentalsDue } from './deps';
import { runInsights } from './engine';
import { jobDayKey } from './model';

export function insightUnits(now: Date, includes: (tenantId: string) => boolean) {
  return companyUnits(
    [() => tenantsWithRentalsDue(new Date(now.getTime() + 3650 * 86_400_000)), () => tenantsWithInvoicesDue(now)],
    includes,
  );
}

export async function insightUnit({ tenantId }: { tenantId: string }, now: Date) {
  const day = companyToday(await readCompanySettings(tenantId, ''), now);
  try {
    await putNew({
      ...jobDayKey(tenantId, day),
      entityType: 'AI_JOB_DAY',
      claimedAt: new Date().toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + 30 * 86_400,
    });
  } catch (err) {
    if (isConditionFailure(err)) return { ran: 0, skipped: 1 };
    throw err;
  }
  try {
    await runInsights(tenantId, { trigger: 'schedule', by: 'system', now });
    return { ran: 1, skipped: 0 };
  } catch (err) {
    await deleteItem(jobDayKey(tenantId, day));
    throw err;
  }
}

import { rootLogger } from '../lib/logger';
import { tenantsWithRentalsDue } from '../rentals/api';
import { tenantsWithQueueWork } from '../tickets/api';
import { generateAlerts } from '../alert-rules/job';
import { tenantsWithDocumentsDue } from '../documents/api';
import { tenantsWithServicePrograms } from '../maintenance/api';
import { tenantsWithInvoicesDue } from '../invoices/api';
import { tenantsWithDepositsDue } from '../collections/api';
import { recordCompanyJobRun } from '../security/api';

/**
 * Scheduled job (events/schedules.ts 'alerts', hourly): raises alerts for the companies that have
 * work — rentals expected back by the end of tomorrow or overdue (the active-rental index), and
 * fines or tolls added in the last 30 days (the tickets work index), documents in their reminder
 * window, vehicles with a service program, invoices past their due date — never all companies
 * (DESIGN.md §15). Each company's generator claims one condition key per alert, so a re-run, or
 * two runs at once, create nothing twice.
 */
export async function handler(event?: { time?: string; onlyTenants?: string[] }) {
  const parsed = event?.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  const day = now.toISOString().slice(0, 10);
  const found = new Set([
    ...await tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000)), ...await tenantsWithQueueWork(now),
    ...await tenantsWithDocumentsDue(day), ...await tenantsWithServicePrograms(), ...await tenantsWithInvoicesDue(now),
    ...await tenantsWithDepositsDue(now),
  ]);
  // `onlyTenants` (an operator re-running some companies, or a test) limits the run to those of
  // the companies the indexes found: a run on another clock must not touch everyone's alerts.
  const tenants = event?.onlyTenants ? new Set([...found].filter((id) => event.onlyTenants!.includes(id))) : found;
  let created = 0;
  let errors = 0;
  for (const tenantId of tenants) {
    const startedAt = new Date().toISOString();
    try {
      const made = (await generateAlerts(tenantId, now)).created;
      created += made;
      // The company's own job log (GET /api/v1/jobs/runs, functions/security/job-runs.ts).
      await recordCompanyJobRun(tenantId, 'alerts', { startedAt, counts: { created: made } });
    } catch (err) {
      errors++;
      await recordCompanyJobRun(tenantId, 'alerts', { startedAt, counts: { created: 0 }, errors: 1, errorSamples: [(err as Error).name] }).catch(() => undefined);
      rootLogger.warn('alerts job: a company failed; the next run retries it', { tenantId, error: (err as Error).name });
    }
  }
  const result = { companies: tenants.size, created, errors };
  rootLogger.info('alerts finished', result);
  return result;
}

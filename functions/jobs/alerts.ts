import { defineJob, eachCompany } from '../lib/jobs/define-job';
import { tenantsWithRentalsDue } from '../rentals/api';
import { tenantsWithQueueWork } from '../tickets/api';
import { generateAlerts } from '../alert-rules/job';
import { tenantsWithDocumentsDue } from '../documents/api';
import { tenantsWithServicePrograms } from '../maintenance/api';
import { tenantsWithInvoicesDue } from '../invoices/api';
import { tenantsWithDepositsDue } from '../collections/api';

/**
 * Scheduled job (events/schedules.ts 'alerts', hourly): raises alerts for the companies that have
 * work — rentals expected back by the end of tomorrow or overdue (the active-rental index), and
 * fines or tolls added in the last 30 days (the tickets work index), documents in their reminder
 * window, vehicles with a service program, invoices past their due date — never all companies
 * (DESIGN.md §15). Each company's generator claims one condition key per alert, so a re-run, or
 * two runs at once, create nothing twice.
 */
export const job = defineJob({
  name: 'alerts',
  reads: [
    'G#ACTIVE_RENTALS',
    'G#TICKET_WORK',
    'G#DOC_REMINDERS',
    'G#SERVICE_PROGRAMS',
    'G#INVOICE_DUE',
    'G#DEPOSIT_RELEASE',
  ],
  async run(ctx) {
    const { now } = ctx;
    const day = now.toISOString().slice(0, 10);
    const found = new Set([
      ...(await tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000))),
      ...(await tenantsWithQueueWork(now)),
      ...(await tenantsWithDocumentsDue(day)),
      ...(await tenantsWithServicePrograms()),
      ...(await tenantsWithInvoicesDue(now)),
      ...(await tenantsWithDepositsDue(now)),
    ]);
    // `onlyTenants` (an operator re-running some companies, or a test) limits the run to those of
    // the companies the indexes found: a run on another clock must not touch everyone's alerts.
    // Each company writes its line of the company's job log (GET /api/v1/jobs/runs).
    const run = await eachCompany(
      'alerts',
      [...found].filter(ctx.includes),
      async (tenantId) => ({
        created: (await generateAlerts(tenantId, now)).created,
      }),
      { created: 0 },
    );
    return { companies: run.companies, created: run.totals.created ?? 0, errors: run.errors };
  },
});
export const handler = job.handler;

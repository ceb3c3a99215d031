import { defineFanOutJob } from '../lib/jobs/fan-out';
import { companyUnits } from '../lib/jobs/units';
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
export const job = defineFanOutJob({
  name: 'alerts',
  reads: [
    'G#ACTIVE_RENTALS',
    'G#TICKET_WORK',
    'G#DOC_REMINDERS',
    'G#SERVICE_PROGRAMS',
    'G#INVOICE_DUE',
    'G#DEPOSIT_RELEASE',
  ],
  // A unit is a company (issue 30), each once however many indexes found it. `onlyTenants` (an operator
  // re-running some companies, or a test) limits the run to those of the companies the indexes found: a run on
  // another clock must not touch everyone's alerts.
  units: ({ now, includes }) =>
    companyUnits(
      [
        () => tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000)),
        () => tenantsWithQueueWork(now),
        () => tenantsWithDocumentsDue(now.toISOString().slice(0, 10)),
        () => tenantsWithServicePrograms(),
        () => tenantsWithInvoicesDue(now),
        () => tenantsWithDepositsDue(now),
      ],
      includes,
    ),
  unit: async (ctx, { tenantId }) => ({ created: (await generateAlerts(tenantId, ctx.now)).created }),
  failed: { created: 0 },
});
export const handler = job.handler;

import { defineJob } from '../lib/jobs/define-job';
import { runInvoicing } from '../finance/api';

/**
 * Scheduled job (events/schedules.ts 'invoice-long-rentals', hourly): issues the invoice of each
 * ended billing period of active open-ended rentals with autoGenerateInvoice (functions/finance/invoicing.ts).
 */
export const job = defineJob({
  name: 'invoice-long-rentals',
  reads: ['G#INVOICING_DUE'],
  run: (ctx) => runInvoicing(ctx.now, { onlyTenants: ctx.onlyTenants }),
});
export const handler = job.handler;

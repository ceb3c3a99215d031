import { defineJob, eventOf } from '../lib/jobs/define-job';
import { runScheduledInsights } from '../insights/api';

/**
 * Scheduled job (events/schedules.ts 'insights', nightly): the insights engine for companies with work (see
 * functions/insights/scheduled.ts).
 */
export const job = defineJob({
  name: 'insights',
  reads: ['G#ACTIVE_RENTALS', 'G#INVOICE_DUE'],
  run: (ctx) => runScheduledInsights(eventOf(ctx)),
});
export const handler = job.handler;

import { defineJob } from '../lib/jobs/define-job';
import { runOverdueRentals } from '../rentals/api';

/**
 * Scheduled job (events/schedules.ts 'overdue-rentals', every 15 minutes): marks active rentals
 * past their expected return plus the grace period as overdue. Logic in functions/rentals/overdue.ts.
 */
export const job = defineJob({
  name: 'overdue-rentals',
  reads: ['G#ACTIVE_RENTALS'],
  run: (ctx) => runOverdueRentals(ctx.now),
});
export const handler = job.handler;

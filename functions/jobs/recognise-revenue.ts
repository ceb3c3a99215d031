import { defineJob } from '../lib/jobs/define-job';
import { runRevenueRecognition } from '../accounting/api';

/**
 * Scheduled job (events/schedules.ts 'recognise-revenue', hourly so that each company's night is
 * met): moves each elapsed rental day's rent from 2170 unearned rental revenue to 4110 rental
 * income, exactly once per rental and day. Logic in functions/accounting/recognition.ts.
 */
export const job = defineJob({
  name: 'recognise-revenue',
  reads: ['G#REVENUE_DUE'],
  run: (ctx) => runRevenueRecognition(ctx.now),
});
export const handler = job.handler;

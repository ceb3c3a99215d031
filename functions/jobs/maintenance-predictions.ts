import { defineJob } from '../lib/jobs/define-job';
import { runDailyPredictions } from '../maintenance/api';

/**
 * Scheduled job (events/schedules.ts 'maintenance-predictions', daily): recomputes the service
 * predictions of every vehicle with a service program, once per vehicle and company day (DESIGN.md
 * §15: sparse index, marker in the same transaction, never a Scan). Logic in
 * functions/maintenance/predictions.ts.
 */
export const job = defineJob({
  name: 'maintenance-predictions',
  reads: ['G#SERVICE_PROGRAMS'],
  run: (ctx) => runDailyPredictions(ctx.now),
});
export const handler = job.handler;

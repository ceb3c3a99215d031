import { defineJob } from '../lib/jobs/define-job';
import { runFleetHealth } from '../fleet-health/api';

/** Scheduled job (events/schedules.ts 'fleet-health', daily): see functions/fleet-health/job.ts. */
export const job = defineJob({
  name: 'fleet-health',
  reads: ['G#FLEET_HEALTH', 'G#ACTIVE_RENTALS'],
  run: (ctx) => runFleetHealth(ctx.now, ctx.onlyTenants && [...ctx.onlyTenants]),
});
export const handler = job.handler;

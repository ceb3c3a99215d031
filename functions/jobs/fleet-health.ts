import { defineFanOutJob } from '../lib/jobs/fan-out';
import { fleetHealthUnit, fleetHealthUnits } from '../fleet-health/api';

/** Scheduled job (events/schedules.ts "fleet-health", daily): functions/fleet-health/job.ts. A unit is a company. */
export const job = defineFanOutJob({
  name: 'fleet-health',
  reads: ['G#FLEET_HEALTH', 'G#ACTIVE_RENTALS'],
  units: (ctx) => fleetHealthUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => fleetHealthUnit(unit, ctx.now),
  failed: { computed: 0 },
});
export const handler = job.handler;

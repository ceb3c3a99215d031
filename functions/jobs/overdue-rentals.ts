import { defineFanOutJob } from '../lib/jobs/fan-out';
import { markOverdueUnit, overdueUnits, type OverdueUnit } from '../rentals/api';

/**
 * Scheduled job (events/schedules.ts 'overdue-rentals', every 15 minutes): marks active rentals
 * past their expected return plus the grace period as overdue. Logic in functions/rentals/overdue.ts.
 * Fans out (issue 30): a unit is a page (≤ 25) of one company's late rentals.
 */
export const job = defineFanOutJob<OverdueUnit>({
  name: 'overdue-rentals',
  reads: ['G#ACTIVE_RENTALS'],
  units: (ctx) => overdueUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => markOverdueUnit(unit, ctx.now),
});
export const handler = job.handler;

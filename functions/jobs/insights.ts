import { defineFanOutJob } from '../lib/jobs/fan-out';
import { insightUnit, insightUnits } from '../insights/api';

/**
 * Scheduled job (events/schedules.ts 'insights', nightly): the insights engine for companies with work (see
 * functions/insights/scheduled.ts). A unit is a company.
 */
export const job = defineFanOutJob({
  name: 'insights',
  reads: ['G#ACTIVE_RENTALS', 'G#INVOICE_DUE'],
  units: (ctx) => insightUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => insightUnit(unit, ctx.now),
  failed: { ran: 0 },
});
export const handler = job.handler;

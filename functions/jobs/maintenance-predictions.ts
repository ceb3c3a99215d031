import { defineFanOutJob } from '../lib/jobs/fan-out';
import { predictionUnit, predictionUnits, type PredictionUnit } from '../maintenance/api';

/**
 * Scheduled job (events/schedules.ts 'maintenance-predictions', daily): recomputes the service
 * predictions of every vehicle with a service program, once per vehicle and company day (DESIGN.md
 * §15: sparse index, marker in the same transaction, never a Scan). Logic in
 * functions/maintenance/predictions.ts. Fans out (issue 30): a unit is a page (≤ 25) of one company's vehicles.
 */
export const job = defineFanOutJob<PredictionUnit>({
  name: 'maintenance-predictions',
  reads: ['G#SERVICE_PROGRAMS'],
  units: (ctx) => predictionUnits(ctx.includes),
  unit: (ctx, unit) => predictionUnit(unit, ctx.now),
});
export const handler = job.handler;

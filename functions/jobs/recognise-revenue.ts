import { defineFanOutJob } from '../lib/jobs/fan-out';
import { recogniseRevenueUnit, revenueUnits, type RevenueUnit } from '../accounting/api';

/**
 * Scheduled job (events/schedules.ts 'recognise-revenue', hourly so that each company's night is
 * met): moves each elapsed rental day's rent from 2170 unearned rental revenue to 4110 rental
 * income, exactly once per rental and day. Logic in functions/accounting/recognition.ts.
 * A unit is a page (≤ 25) of one company's due rentals.
 */
export const job = defineFanOutJob<RevenueUnit>({
  name: 'recognise-revenue',
  reads: ['G#REVENUE_DUE'],
  units: (ctx) => revenueUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => recogniseRevenueUnit(unit, ctx.now),
  failed: { recognised: 0 },
});
export const handler = job.handler;

import { defineFanOutJob } from '../lib/jobs/fan-out';
import { submitUnit, submitUnits, type SubmitUnit } from '../einvoicing/api';

/**
 * Scheduled job (events/schedules.ts 'einvoicing-submit', every 5 minutes): submits the e-invoice documents
 * due on the G#EDOC_DUE index, each once (functions/einvoicing/submit-job.ts, submit.ts). A unit is a page
 * (≤ 25) of one company's due documents.
 */
export const job = defineFanOutJob<SubmitUnit>({
  name: 'einvoicing-submit',
  reads: ['G#EDOC_DUE'],
  units: (ctx) => submitUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => submitUnit(unit, ctx.now),
  failed: { due: 0, submitted: 0 },
});
export const handler = job.handler;

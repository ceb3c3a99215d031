import { defineJob } from '../lib/jobs/define-job';
import { runSubmissions } from '../einvoicing/api';

/**
 * Scheduled job (events/schedules.ts 'einvoicing-submit', every 5 minutes): submits the e-invoice documents
 * due on the G#EDOC_DUE index, each once (functions/einvoicing/submit-job.ts, submit.ts).
 */
export const job = defineJob({
  name: 'einvoicing-submit',
  reads: ['G#EDOC_DUE'],
  run: (ctx) => runSubmissions(ctx),
});
export const handler = job.handler;

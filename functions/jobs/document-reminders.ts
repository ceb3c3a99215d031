import { defineJob } from '../lib/jobs/define-job';
import { runDocumentReminders } from '../documents/job';

/**
 * Scheduled job (events/schedules.ts 'document-reminders', daily 04:00 UTC): emails document
 * expiry reminders. Logic in functions/documents/reminders.ts.
 */
export const job = defineJob({
  name: 'document-reminders',
  reads: ['G#DOC_REMINDERS_PENDING', 'G#DOC_REMINDERS'],
  run: (ctx) => runDocumentReminders(ctx.now),
});
export const handler = job.handler;

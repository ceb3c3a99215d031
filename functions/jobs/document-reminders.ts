import { defineFanOutJob } from '../lib/jobs/fan-out';
import { reminderUnit, reminderUnits, type ReminderUnit } from '../documents/job';

/**
 * Scheduled job (events/schedules.ts 'document-reminders', daily 04:00 UTC): emails document
 * expiry reminders. Logic in functions/documents/reminders.ts. A unit is a page (≤ 25) of one company's
 * unsent claimed reminders or of its documents due a reminder.
 */
export const job = defineFanOutJob<ReminderUnit>({
  name: 'document-reminders',
  reads: ['G#DOC_REMINDERS_PENDING', 'G#DOC_REMINDERS'],
  units: (ctx) => reminderUnits(ctx.now, ctx.includes),
  unit: (ctx, unit) => reminderUnit(unit, ctx.now, { trigger: 'schedule' }),
  failed: { sent: 0 },
});
export const handler = job.handler;

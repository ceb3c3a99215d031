import { rootLogger } from '../lib/logger';
import { runDocumentReminders } from '../documents/job';

/**
 * Scheduled job (events/schedules.ts 'document-reminders', daily 04:00 UTC): emails document
 * expiry reminders. Logic in functions/documents/reminders.ts.
 */
export async function handler(event?: { time?: string }) {
  const now = event?.time ? new Date(event.time) : new Date();
  const result = await runDocumentReminders(Number.isNaN(now.getTime()) ? new Date() : now);
  rootLogger.info('document-reminders finished', { ...result });
  return result;
}

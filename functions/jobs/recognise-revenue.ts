import { rootLogger } from '../lib/logger';
import { runRevenueRecognition } from '../accounting/api';

/**
 * Scheduled job (events/schedules.ts 'recognise-revenue', hourly so that each company's night is
 * met): moves each elapsed rental day's rent from 2170 unearned rental revenue to 4110 rental
 * income, exactly once per rental and day. Logic in functions/accounting/recognition.ts.
 */
export async function handler(event?: { time?: string }) {
  const now = event?.time ? new Date(event.time) : new Date();
  const result = await runRevenueRecognition(Number.isNaN(now.getTime()) ? new Date() : now);
  rootLogger.info('recognise-revenue finished', { ...result });
  return result;
}

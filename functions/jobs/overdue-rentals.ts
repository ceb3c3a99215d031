import { rootLogger } from '../lib/logger';
import { runOverdueRentals } from '../rentals/api';

/**
 * Scheduled job (events/schedules.ts 'overdue-rentals', every 15 minutes): marks active rentals
 * past their expected return plus the grace period as overdue. Logic in functions/rentals/overdue.ts.
 */
export async function handler(event?: { time?: string }) {
  const now = event?.time ? new Date(event.time) : new Date();
  const result = await runOverdueRentals(Number.isNaN(now.getTime()) ? new Date() : now);
  rootLogger.info('overdue-rentals finished', { ...result });
  return result;
}

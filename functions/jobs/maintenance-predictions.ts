import { rootLogger } from '../lib/logger';
import { runDailyPredictions } from '../maintenance/api';

/**
 * Scheduled job (events/schedules.ts 'maintenance-predictions', daily): recomputes the service
 * predictions of every vehicle with a service program, once per vehicle and company day (DESIGN.md
 * §15: sparse index, marker in the same transaction, never a Scan). Logic in
 * functions/maintenance/predictions.ts.
 */
export async function handler(event?: { time?: string }) {
  const now = event?.time ? new Date(event.time) : new Date();
  const result = await runDailyPredictions(Number.isNaN(now.getTime()) ? new Date() : now);
  rootLogger.info('maintenance-predictions finished', { ...result });
  return result;
}

import { rootLogger } from '../lib/logger';
import { runFleetHealth } from '../fleet-health/api';

/** Scheduled job (events/schedules.ts 'fleet-health', daily): see functions/fleet-health/job.ts. */
export async function handler(event?: { time?: string; onlyTenants?: string[] }) {
  const parsed = event?.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  const result = await runFleetHealth(now, event?.onlyTenants);
  rootLogger.info('fleet-health finished', result);
  return result;
}

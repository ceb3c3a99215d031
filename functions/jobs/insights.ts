import { runScheduledInsights } from '../insights/api';

/** Scheduled job (events/schedules.ts 'insights', nightly): the insights engine for companies with work (see functions/insights/scheduled.ts). */
export const handler = (event?: { time?: string; onlyTenants?: string[] }) => runScheduledInsights(event);

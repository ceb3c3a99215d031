import { defineJob } from '../lib/jobs/define-job';
import { fixCompanyTimeZones } from '../settings/api';

/**
 * Migration job (events/schedules.ts 'company-timezones'; also run by demo-reset, so a fresh
 * `npm start` applies it): gives every company whose time zone contradicts its region the
 * region's zone. Idempotent. Logic in functions/settings/timezone-migration.ts.
 */
export const job = defineJob({ name: 'company-timezones', reads: [], run: () => fixCompanyTimeZones() });
export const handler = job.handler;

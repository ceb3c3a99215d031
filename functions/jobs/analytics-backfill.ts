import { defineJob } from '../lib/jobs/define-job';
import { backfillAllCompanies } from '../analytics/api';

/**
 * One-off migration (events/schedules.ts 'analytics-backfill', no schedule): recomputes every
 * company's dashboard/report aggregates from its rentals, ledgers and maintenance records
 * (functions/analytics/backfill.ts). Idempotent (replaces, never adds); run once after upgrading,
 * in a quiet hour. The only other job allowed to Scan (settings items, to find the companies).
 */
export const job = defineJob({ name: 'analytics-backfill', reads: [], run: () => backfillAllCompanies() });
export const handler = job.handler;

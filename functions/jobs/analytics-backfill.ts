import { rootLogger } from '../lib/logger';
import { backfillAllCompanies } from '../analytics/api';

/**
 * One-off migration (events/schedules.ts 'analytics-backfill', no schedule): recomputes every
 * company's dashboard/report aggregates from its rentals, ledgers and maintenance records
 * (functions/analytics/backfill.ts). Idempotent (replaces, never adds); run once after upgrading,
 * in a quiet hour. The only other job allowed to Scan (settings items, to find the companies).
 */
export async function handler() {
  const result = await backfillAllCompanies();
  rootLogger.info('analytics-backfill finished', { ...result });
  return result;
}

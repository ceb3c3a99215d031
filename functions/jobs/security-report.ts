import { rootLogger } from '../lib/logger';
import { runSecurityReports } from '../security-report/job';

/**
 * Scheduled job (events/schedules.ts 'security-report', Mondays 05:00 UTC): last week's security
 * report for every active company of the tenant directory, emailed to its OWNERs (SES) and kept
 * for the Security Monitoring page. Idempotent per company and ISO week (functions/security-report/report.ts).
 */
export async function handler(event?: { time?: string; onlyTenants?: string[] }) {
  const result = await runSecurityReports(event);
  rootLogger.info('security report finished', result);
  return result;
}

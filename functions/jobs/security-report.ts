import { defineJob, eventOf } from '../lib/jobs/define-job';
import { runSecurityReports } from '../security-report/job';

/**
 * Scheduled job (events/schedules.ts 'security-report', Mondays 05:00 UTC): last week's security
 * report for every active company of the tenant directory, emailed to its OWNERs (SES) and kept
 * for the Security Monitoring page. Idempotent per company and ISO week (functions/security-report/report.ts).
 */
export const job = defineJob({
  name: 'security-report',
  reads: [], // the tenant directory (one partition of the active companies), not a due index
  run: (ctx) => runSecurityReports(eventOf(ctx)),
});
export const handler = job.handler;

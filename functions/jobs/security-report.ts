import { defineFanOutJob } from '../lib/jobs/fan-out';
import { securityReportUnit, securityReportUnits } from '../security-report/job';

/**
 * Scheduled job (events/schedules.ts 'security-report', Mondays 05:00 UTC): last week's security
 * report for every active company of the tenant directory, emailed to its OWNERs (SES) and kept
 * for the Security Monitoring page. Idempotent per company and ISO week (functions/security-report/report.ts).
 * A unit is a company.
 */
export const job = defineFanOutJob({
  name: 'security-report',
  reads: [], // the tenant directory (one partition of the active companies), not a due index
  units: (ctx) => securityReportUnits(ctx.includes),
  unit: (ctx, unit) => securityReportUnit(unit, ctx.now),
  failed: { reports: 0 },
});
export const handler = job.handler;

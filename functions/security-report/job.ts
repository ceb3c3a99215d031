/**
 * What only the scheduled security-report job (functions/jobs/security-report.ts) runs: the weekly
 * report. Not in api.ts, so the domains reaching security (rentals' risky actions, auth's sign-in
 * scoring) do not bundle it nor the tenant directory it reads through auth.
 */
export { securityReportUnit, securityReportUnits } from './report';

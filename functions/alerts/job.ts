/**
 * What the scheduled alerts job (functions/jobs/alerts.ts) runs for each company with work: the
 * generator. Not in api.ts, so a domain that only raises alerts does not bundle the generator and
 * the six domains it reads (functions/lib/boundaries.test.ts lets jobs import a domain's job.ts).
 */
export { generateAlerts } from './generate';

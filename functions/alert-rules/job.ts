/**
 * What the scheduled alerts job (functions/jobs/alerts.ts) runs for each company with work: the
 * generator. The alert rules (tier 7) are their own folder, so a domain that only raises alerts
 * (alerts/api.ts, tier 1) bundles neither the generator nor the six domains it reads.
 */
export { generateAlerts } from './generate';

/**
 * What other domains may use from alerts: raise alerts for their own conditions (GPS geofence and
 * speed events, security events, documents…) — one alert per condition key, ever.
 *
 * Only the thin raising path (raise.ts and the item's shape) is here: security, auth (through
 * security's risk scoring), GPS, fleet health and collections bundle it. The generator, which reads
 * six other domains (rentals, tickets, documents, maintenance, invoices, collections), is reached
 * by the scheduled alerts job through job.ts and by the demo reset through seed.ts.
 */
export { raiseAlerts } from './raise';
export type { NewAlert } from './model';

/**
 * What other domains may use from alerts: raise alerts for their own conditions (GPS geofence and
 * speed events, security events, documents…) — one alert per condition key, ever.
 *
 * Only the thin raising path (raise.ts and the item's shape) is here: security, auth (through
 * security's risk scoring), GPS, fleet health and collections bundle it. The alerts inbox is tier 1
 * (DESIGN.md §17); the rules, which read six other domains (rentals, tickets, documents,
 * maintenance, invoices, collections), are functions/alert-rules (tier 7) and raise through here.
 */
export { raiseAlerts } from './raise';
export type { NewAlert } from './model';

/**
 * What other domains (and jobs) may use from alerts: raise alerts for their own conditions
 * (GPS geofence and speed events, security events, documents…) — one alert per condition key,
 * ever — and run the generator for a company.
 */
export { raiseAlerts, generateAlerts } from './generate';
export type { NewAlert } from './model';
export { seedAlerts } from './seed';

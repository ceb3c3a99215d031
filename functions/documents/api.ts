/**
 * What other domains may use from documents: the documents that lapse or expire, and a vehicle's
 * compliance dates (functions/lib/boundaries.test.ts allows only this module).
 *
 * Rentals (and through them most domains), fleet health and alerts bundle this file, so what only
 * a job runs is not here: the reminder job and the one-off documents move are in job.ts (with the
 * reminder emails' wording, both languages of the documents catalog), the demo seed in seed.ts.
 */
export { lapsingDocuments, type LapsingDocument } from './lapsing';
export { expiringDocuments, tenantsWithDocumentsDue, type ExpiringDocument } from './expiring';
export { vehicleComplianceDates, type VehicleCompliance } from './compliance';
/**
 * Maintenance's "schedule from documents" reads the vehicle document it schedules from. Loaded on
 * first use: read.ts words its refusals from the documents' schemas, which the domains bundling
 * this file (rentals…) do not load at cold start.
 */
export const vehicleDocument = async (...args: Parameters<typeof import('./read').vehicleDocument>) =>
  (await import('./read')).vehicleDocument(...args);

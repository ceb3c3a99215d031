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
/** Maintenance's "schedule from documents" reads the vehicle document it schedules from. */
export { vehicleDocument } from './read';

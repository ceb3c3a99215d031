/**
 * What other domains and jobs may use from documents: the reminder job's entry point and the
 * seed of the demo company (functions/lib/boundaries.test.ts allows only this module).
 */
export { runDocumentReminders } from './reminders';
export { seedDocuments } from './seed';
export { lapsingDocuments, type LapsingDocument } from './lapsing';
export { expiringDocuments, tenantsWithDocumentsDue, type ExpiringDocument } from './expiring';
export { vehicleComplianceDates, type VehicleCompliance } from './compliance';
export { moveLegacyDocuments } from './legacy-move';

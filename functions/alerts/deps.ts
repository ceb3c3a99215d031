/** What the alerts generator reads from other domains (through their api.ts only). */
export { queueCounts, queueSample } from '../tickets/api';
export { listRentalsPage } from '../rentals/api';
export { expiringDocuments } from '../documents/api';
export { maintenanceDue } from '../maintenance/api';
export { overdueInvoices } from '../invoices/api';
export { depositReleaseConditions } from '../collections/api';

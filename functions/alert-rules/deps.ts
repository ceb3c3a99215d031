/** What the alert rules read from other domains (through their api.ts only), and the inbox they raise into. */
export { raiseAlerts, type NewAlert } from '../alerts/api';
export { queueCounts, queueSample } from '../tickets/api';
export { listRentalsPage } from '../rentals/api';
export { expiringDocuments } from '../documents/api';
export { maintenanceDue } from '../maintenance/api';
export { overdueInvoices } from '../invoices/api';
export { depositReleaseConditions } from '../collections/api';

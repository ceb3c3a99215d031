/** What the alerts generator reads from other domains (through their api.ts only). */
export { queueCounts, queueSample } from '../tickets/api';
export { listRentalsPage } from '../rentals/api';

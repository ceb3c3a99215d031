/**
 * What other domains (and jobs) may use from rentals. The only rentals module imported from
 * outside functions/rentals/ (functions/lib/boundaries.test.ts enforces it).
 */
export { listRentalsForCustomer } from './data';
export { runOverdueRentals, tenantsWithRentalsDue } from './overdue';
export { getRentalItem as readRentalItem, type RentalItem } from './data';
export { postExternalCharges, type ExternalChargePlan } from './ledger';
export { listRentals as listRentalsPage } from './data';

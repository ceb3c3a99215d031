/**
 * What other domains (and jobs) may use from customers: the customer item's key and loyalty
 * fields (rentals keep the counters in their own transactions), and blacklist matching (bookings
 * check it). The only customers module imported from outside functions/customers/
 * (functions/lib/boundaries.test.ts enforces it).
 */
export { customerKey, loyaltyFields } from './model';
export { blacklistMatchesFor } from './blacklist-data';
export type { SeededCustomer } from './seed';

/**
 * What other domains (and jobs) may use from rentals. The only rentals module imported from
 * outside functions/rentals/ (functions/lib/boundaries.test.ts enforces it).
 */
export { listRentalsForCustomer } from './data';
export { runOverdueRentals } from './overdue';
/** Payments (invoices paid, refunds): the rental ledger + journal items of a payment for the caller's own transaction. */
export { rentalMoneyChange, type RentalMoneyChange } from './ledger';
/** The invoices domain: a rental and its ledger (consistent reads), its key, and reversals in one transaction with the credit note. */
export { getRentalItem, readLedger, rentalKey, type RentalItem, type LedgerItem } from './data';
export { reverseChargesWith } from './ledger';

/**
 * What other domains (and jobs) may use from rentals. The only rentals module imported from
 * outside functions/rentals/ (functions/lib/boundaries.test.ts enforces it).
 */
export { listRentalsForCustomer } from './data';
import { getRentalItem, readLedger } from './data';
export { runOverdueRentals } from './overdue';
/** Payments (invoices paid, refunds): the rental ledger + journal items of a payment for the caller's own transaction. */
export { rentalMoneyChange, type RentalMoneyChange } from './ledger';
/** The invoices domain: a rental and its ledger (consistent reads), its key, and reversals in one transaction with the credit note. */
export { getRentalItem, readLedger, rentalKey, type RentalItem, type LedgerItem } from './data';
export { billingPeriodChange, billingPeriodPreview, reverseChargesWith } from './ledger';
/** A rental's reference and balance (payments' answer shows the rental settled), or undefined. */
export async function rentalBalance(tenantId: string, rentalId: string): Promise<{ referenceNumber: string; balanceMinor: number } | undefined> {
  const r = await getRentalItem(tenantId, rentalId, false);
  return r ? { referenceNumber: r.referenceNumber, balanceMinor: r.balanceMinor } : undefined;
}
/** A rental and its ledger (posting order), for the final settlement document (payments), or undefined. */
export async function rentalWithLedger(tenantId: string, rentalId: string) {
  const rental = await getRentalItem(tenantId, rentalId, true);
  return rental ? { rental, ledger: await readLedger(tenantId, rentalId) } : undefined;
}

export { invoicingIndexKey, INVOICING_DUE_GSI_PK, invoicingNext, type InvoicingIndexItem } from './data';

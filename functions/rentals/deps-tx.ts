/**
 * What the rentals write paths add to their own transactions from other domains: the journal
 * items (accounting), the analytics aggregates, the payment receipt and the invoice pieces (the
 * tx faces of analytics, payments and invoices). Apart from ./deps.ts, which the handler's read
 * routes import, so a cold start loads these only with the write path that uses them (a lazy
 * chunk; DESIGN.md §10 bundles, `npm run bench`).
 */
import { rentalAnalyticsItems } from '../analytics/tx';
import { pointRevenueMinor } from '../../shared/analytics/kpi';
import { ledgerTotals, type LedgerEntryLike } from '../../shared/rentals/ledger';
import type { RentalItem } from './data';

/** An early return's credit note of invoiced rent (invoices' transaction face: ./return-credit.ts). */
export { creditNoteItems, creditable, eDocumentInput, invoiceNow } from '../invoices/tx';

/** E-invoicing (issue 29): the credit note's e-document, in the return's own transaction. */
export { eDocumentItems } from '../einvoicing/tx';

/** Payments: the REC- receipt of money received on a rental, for the rental's own transaction. */
export { rentalPaymentReceipt } from '../payments/tx';

/**
 * Invoices (tier 5) through their tx face only: a desk payment pays the rental's open invoices and
 * a refund reopens them, in the rental's own transaction (issue 26).
 */
export {
  allocateOldestFirst,
  invoicePaymentUpdate,
  releaseNewestFirst,
  rentalInvoicesForPayment,
  type InvoiceAllocation,
} from '../invoices/tx';

/** Accounting: the journal items that post a rental change in the rental's own transaction (DESIGN.md §14). */
export { rentalJournalItems } from '../accounting/api';

/**
 * The analytics aggregates of one rental change (analytics domain): its contribution before and
 * after, and the money of the entries posted on `day`, written in the same transaction.
 */
export function rentalAggregateItems(
  tenantId: string,
  before: RentalItem | null,
  after: RentalItem,
  timeZone: string,
  day: string,
  entries: readonly LedgerEntryLike[] = [],
) {
  const t = entries.length ? ledgerTotals(entries) : null;
  return rentalAnalyticsItems(tenantId, {
    rentalId: after.id,
    vehicleId: after.vehicleId,
    before,
    after,
    timeZone,
    postedDay: day,
    money: t
      ? { chargesMinor: pointRevenueMinor(entries), paymentsMinor: t.paymentsMinor, refundsMinor: t.refundsMinor }
      : undefined,
  });
}

/**
 * What the collections domain reads and moves in other domains, each through its api.ts: the
 * rentals' money indexes and deposit movements (rental ledger + journal + REC- receipt in one
 * transaction), open invoices and their PDFs, the invoicing index of long rentals, fines and
 * tolls not recharged, the customer's email, and the company settings (the one reader).
 */
export {
  DEPOSIT_RELEASE_GSI_PK,
  flowsOf,
  rentalsByIds,
  applyDeposit,
  depositIndexKey,
  depositStatePk,
  openBalanceKey,
  usageShortfallKey,
  refundRental,
  readRentalItem,
  invoicingIndexOf,
  invoicingNext,
  type DepositSettlement,
} from '../rentals/api';
export {
  getInvoice,
  invoicePaymentUpdate,
  openInvoices,
  openInvoicesOldestFirst,
  invoicePdfAttachment,
} from '../invoices/api';
export { notRecharged, queueCounts } from '../tickets/api';
export { customerKey } from '../customers/api';
export { companyRegion, companyTimezone, companyToday, readCompanySettings } from '../lib/company-settings';

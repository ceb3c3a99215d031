/**
 * What the payments domain uses from other domains, each through its api.ts (DESIGN.md §13):
 * invoices (read, allocation order, the invoice's paid-amount update), rentals (the payment's
 * rental ledger + journal items), accounting (customer credit postings), settings (the
 * write-only gateway secrets), customers (the receipt's customer name).
 */
export { getInvoice, invoicePaymentUpdate, openInvoicesOldestFirst, type InvoiceForPayment } from '../invoices/api';
export { rentalBalance, rentalWithLedger, rentalMoneyChange, type RentalMoneyChange } from '../rentals/api';
export { customerCreditJournalItems } from '../accounting/api';
export { gatewaySecretsWrite, readGatewaySecrets } from '../settings/api';
export { customerKey } from '../customers/api';

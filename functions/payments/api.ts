/**
 * What other domains (invoices' detail answer, jobs, demo reset) may use from payments: the only
 * payments module imported from outside functions/payments/ (boundaries.test.ts enforces it).
 */
export { listInvoicePayments } from './record';
export { rentalPaymentReceipt } from './rental-receipt';

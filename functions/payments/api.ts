/**
 * What other domains may call in payments (the only payments modules imported from outside
 * functions/payments/ are this file and tx.ts; boundaries.test.ts enforces it): the payments
 * applied to an invoice, with their receipts and the customer's credit. The invoices domain does
 * not call it (payments sit above invoices, DESIGN.md §17): the web reads GET /invoices/{id}/payments.
 */
export { listInvoicePayments } from './record';

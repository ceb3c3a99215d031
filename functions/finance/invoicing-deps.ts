/**
 * What the invoicing runs (./invoicing.ts) use of rentals and invoices (their api.ts). Apart from
 * ./deps.ts, so the finance Lambda loads the rentals and invoices code only with an invoicing
 * route (a lazy chunk), not at a cold start (`npm run bench`).
 */
export { INVOICING_DUE_GSI_PK, invoicingIndexKey, invoicingNext, type InvoicingIndexItem } from '../rentals/api';
export { issueBillingPeriod } from '../invoices/api';

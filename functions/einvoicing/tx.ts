/**
 * E-invoicing's transaction face (DESIGN.md §17 "tx.ts"): the items that create an issued document's e-document,
 * for the CALLER's transaction. Imports no other domain, so a lower tier reaches it without loading e-invoicing's
 * use cases: the invoices domain through api.ts, and a rental's early return, whose credit note is issued in the
 * return's own transaction (rentals/return-credit.ts).
 */
export { eDocumentItems, type EDocumentInput, type EDocumentPlan } from './issue';

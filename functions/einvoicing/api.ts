/**
 * E-invoicing's API to other domains (issue 29). The Saudi onboarding slice exposes only the status reader;
 * submission (reporting and clearance of issued invoices) is wired by the invoices domain next round.
 */
export { readStatus as readEInvoicingStatus } from './status';
export { eDocumentItems, type EDocumentInput, type EDocumentPlan } from './tx';
export { submitDocument } from './submit';
export type { EDocItem } from './model';
export { edocSummaryOf, isReleased, readEDocumentXml, readEDocuments } from './read';

/**
 * E-invoicing's API to other domains (issue 29): the status reader, submission of an issued document (the
 * invoice issue route clears a standard Saudi invoice at once), a document's summary, and the submission job.
 */
export { readStatus as readEInvoicingStatus } from './status';
export { eDocumentItems, type EDocumentInput, type EDocumentPlan } from './tx';
export { submitDocument } from './submit';
export type { EDocItem } from './model';
export { edocSummaryOf, isReleased, readEDocumentXml, readEDocuments } from './read';
export { runSubmissions } from './submit-job';

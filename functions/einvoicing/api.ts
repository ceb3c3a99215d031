/**
 * E-invoicing's API to other domains (issue 29): the status reader, submission of an issued document (the
 * invoice issue route clears a standard Saudi invoice at once), a document's summary, and the submission job.
 */
export { readStatus as readEInvoicingStatus } from './status';
export { submitDocument } from './submit';
export { edocSummary, isReleased } from './documents';
export { runSubmissions } from './submit-job';

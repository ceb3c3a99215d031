/** What jobs and other domains may use from finance (issue 10). */
export { runInvoicing, INVOICING_JOB, type InvoicingRunResult } from './invoicing';

/** What jobs and other domains may use from finance (issue 10). */
export {
  runInvoicing,
  invoicingUnits,
  invoiceUnit,
  INVOICING_JOB,
  type InvoicingRunResult,
  type InvoicingUnit,
} from './invoicing';

/**
 * E-invoicing's API to other domains (issue 29): the status reader, submission of an issued document (the
 * invoice issue route clears a standard Saudi invoice at once), a document's summary, and the submission job.
 */
export { readStatus as readEInvoicingStatus } from './status';
export { eDocumentItems, type EDocumentInput, type EDocumentPlan } from './tx';
import type { SubmitOptions } from './submit';
import type { EDocItem } from './model';
export type { EDocItem } from './model';
export { edocSummaryOf, isReleased, readEDocumentXml, readEDocuments } from './read';

/**
 * Submitting loads the network clients (ZATCA's with the certificate parser, the UAE and Jordan adapters): a lazy
 * chunk, so the many Lambdas that reach e-invoicing only to issue documents (invoices, rentals, payments…) keep
 * it out of their cold start (test/infra/lambda-bundles.test.ts).
 */
export async function submitDocument(tenantId: string, documentId: string, opts?: SubmitOptions): Promise<EDocItem> {
  const submit = await import('./submit');
  return submit.submitDocument(tenantId, documentId, opts);
}

/** The submission job's units (functions/jobs/einvoicing-submit.ts), behind the same lazy chunk. */
export type { SubmitUnit } from './submit-job';
export async function* submitUnits(now: Date, includes: (tenantId: string) => boolean) {
  yield* (await import('./submit-job')).submitUnits(now, includes);
}
export async function submitUnit(unit: import('./submit-job').SubmitUnit, now: Date) {
  return (await import('./submit-job')).submitUnit(unit, now);
}

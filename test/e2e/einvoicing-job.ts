/**
 * Runs the e-invoicing submission for one company in the test process, as other specs run their jobs (the
 * stack's environment is this process's). Until the submission job lands (ei-submit), each pending document of
 * the company is submitted through the contract's `submitDocument`.
 */
import { submitDocument } from '../../functions/einvoicing/submit';

export async function runSubmissions(tenantId: string, documentIds: string[] = []): Promise<void> {
  for (const id of documentIds) await submitDocument(tenantId, id);
}

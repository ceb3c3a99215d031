import type { EDocItem } from './model';

/**
 * Submits one issued document to its network now (ZATCA reporting or clearance, the UAE access point,
 * JoFotara) and records the answer; the submission job and the retry route call it, and the invoice issue
 * route calls it right after the issue transaction for a standard Saudi invoice (clearance before release).
 * WIP (issue 29 submission round): the contract only; built in the ei-submit branch.
 */
export async function submitDocument(_tenantId: string, _documentId: string): Promise<EDocItem> {
  throw new Error('submitDocument: not built yet');
}

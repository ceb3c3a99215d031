import { EDOC_MESSAGES, type EDocStatus, type EDocSummary } from '../../shared/schemas/einvoicing';
import type { AuditActor } from '../lib/actor';
import { writeAudit } from '../lib/data/audit';
import { type Page, queryPage } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import { type EDocItem, edocKeys } from './model';
import { edocSummaryOf } from './read';
import { readDocument, submitDocument } from './submit';

/**
 * The issued documents (GET /api/v1/einvoicing/documents) and the retry route (POST …/documents/{id}/retry).
 * The list is one Query page: of one status through the status index (gsi2, newest issue first), else the EDOC
 * partition read backwards (ULID ids: newest first).
 */
// The summary is read.ts's (one shape for the invoice's block and this list: money in decimals, as every answer).
const edocSummary = edocSummaryOf;

export async function listDocuments(
  tenantId: string,
  q: { status?: EDocStatus; limit: number; cursor?: string },
): Promise<Page<EDocSummary>> {
  const page = await queryPage<EDocItem>(
    q.status
      ? { tenantId, pk: edocKeys.statusPk(tenantId, q.status), index: 'gsi2', forward: false, ...paging(q) }
      : { tenantId, pk: edocKeys.documentsPk(tenantId), forward: false, ...paging(q) },
  );
  return { items: page.items.map(edocSummary), nextCursor: page.nextCursor };
}

const paging = (q: { limit: number; cursor?: string }) => ({ limit: q.limit, cursor: q.cursor ?? null });

const RETRYABLE: readonly EDocStatus[] = ['pending', 'unsent'];

/**
 * Sends a pending or unsent document now (the job would later), answering its state afterwards: a final answer,
 * still pending with the next attempt (network down), or unsent (UAE/Jordan, no network connected: nothing to
 * send to; decided: answered as it is rather than refused, the page says to connect). A rejected, reported,
 * cleared or accepted document → 409 (a rejection is fixed by a credit note and a new invoice).
 */
export async function retryDocument(tenantId: string, id: string, actor: AuditActor): Promise<EDocSummary> {
  const before = await readDocument(tenantId, id);
  if (!before) throw notFound('E-invoice document not found');
  if (!RETRYABLE.includes(before.status)) throw conflict(EDOC_MESSAGES.notRetryable);
  const after = await submitDocument(tenantId, id, { force: true });
  await writeAudit(actor, 'einvoicing.document.retry', 'edoc', id, {
    before: { status: before.status, attempts: before.attempts },
    after: { status: after.status, attempts: after.attempts },
  });
  return edocSummary(after);
}

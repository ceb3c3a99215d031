import { systemActor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { transact, tx, type Item } from '../lib/data/repo';
import type { DocumentScope } from '../../shared/schemas/documents';
import { DOCUMENT_TYPES, type DocumentType } from '../../shared/schemas/documents-constants';
import { legacyCustomerDocuments, legacyVehicleDocuments } from './deps';
import { newDocumentItem, newDocumentWrites } from './writes';

/**
 * One-off move of the older vehicle and customer documents into DOC items (issue 11: "the
 * documents already attached to vehicles and customers move into this one module"), run by the
 * 'documents-move' job (functions/jobs/documents-move.ts).
 *
 * - Each older item (VEHICLE_DOC / CUSTOMER_DOC) becomes a DOC item with the SAME id, title,
 *   type, dates, uploader and S3 object (fileKey unchanged: no copy, no re-upload; downloads,
 *   ZIPs, analysis and deletion read any key of the company), version 1 of its own chain, with
 *   the owner pointer the vehicle's and customer's pages read, and an audit item.
 * - In the SAME transaction the older item is marked `movedToDocumentId` under the condition that
 *   it is not marked yet, and the DOC item is created only if absent: a second run skips marked
 *   items and writes nothing; two runs at once cannot both move one item (the loser's
 *   transaction is cancelled and counted as skipped).
 * - The older items stay (marked) for the record; nothing reads them any more.
 * - Decisions: a customer's 'id_document' (passport / ID card, not a type of the spec's list)
 *   becomes 'other' tagged 'id_document' (searchable); an unknown type becomes 'other'. The older
 *   items had no review: they arrive as drafts (their stored status when they had one).
 */
export async function moveLegacyDocuments(
  tenantId: string,
): Promise<{ found: number; moved: number; skipped: number }> {
  const legacy = [
    ...(await legacyVehicleDocuments(tenantId)).map((it) => ({ it, scope: 'vehicle' as const })),
    ...(await legacyCustomerDocuments(tenantId)).map((it) => ({ it, scope: 'customer' as const })),
  ];
  let moved = 0;
  let skipped = 0;
  for (const { it, scope } of legacy) {
    if (it.movedToDocumentId) {
      skipped++;
      continue;
    }
    try {
      await transact(moveItems(tenantId, it, scope));
      moved++;
    } catch (err) {
      if ((err as { name?: string }).name !== 'TransactionCanceledException') throw err;
      skipped++; // moved by a concurrent run in the meantime
    }
  }
  return { found: legacy.length, moved, skipped };
}

const STATUSES = new Set(['draft', 'under_review', 'approved', 'rejected']);

function moveItems(tenantId: string, it: Item, scope: DocumentScope) {
  const rawType = String(it.documentType ?? 'other');
  const documentType: DocumentType = (DOCUMENT_TYPES as readonly string[]).includes(rawType)
    ? (rawType as DocumentType)
    : 'other';
  const tags = rawType === documentType ? [] : [rawType];
  const doc = newDocumentItem(
    tenantId,
    {
      scope,
      vehicleId: scope === 'vehicle' ? String(it.vehicleId) : undefined,
      customerId: scope === 'customer' ? String(it.customerId) : undefined,
      title: String(it.title || it.fileName),
      description: (it.description as string | undefined) || undefined,
      documentType,
      expiryDate: (it.expiryDate as string | undefined) || undefined,
      reminderThreshold: typeof it.reminderThreshold === 'number' ? it.reminderThreshold : undefined,
      tags,
    },
    {
      fileKey: String(it.fileKey),
      fileName: String(it.fileName),
      fileType: String(it.fileType),
      fileSize: Number(it.fileSize),
    },
    {
      id: String(it.id),
      createdAt: String(it.createdAt),
      uploadedBy: (it.uploadedBy as string | null) ?? undefined,
      status: STATUSES.has(String(it.status)) ? (it.status as 'draft') : 'draft',
    },
  );
  return [
    ...newDocumentWrites(tenantId, doc),
    tx.raw('Update', {
      Key: { pk: it.pk, sk: it.sk },
      UpdateExpression: 'SET movedToDocumentId = :id, movedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(movedToDocumentId)',
      ExpressionAttributeValues: { ':id': doc.id, ':now': new Date().toISOString() },
    }),
    tx.putNew(
      auditItem(systemActor(tenantId), 'document.move', 'document', doc.id, {
        note: `moved from the ${scope}'s older documents`,
        after: { scope, documentType, title: doc.title },
      }),
    ),
  ];
}

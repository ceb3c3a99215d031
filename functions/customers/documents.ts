import { ulid } from 'ulid';
import type { CustomerDocumentType } from '../../shared/schemas/customers';
import { badRequest } from '../lib/errors';
import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { sortKey, tenantPk } from '../lib/data/keys';
import { queryPage, toEntity, transact, tx, type Item } from '../lib/data/repo';
import { deleteObject, getObjectBytes, headObject, isKeyInPrefix, newObjectKey, presignDownload, presignUpload, tenantPrefix } from '../lib/storage';
import { customerKey, type CustomerItem } from './model';

/**
 * Customer documents (licence, passport/ID, signed agreements…): files in S3 under
 * `tenants/{tenantId}/customers/{customerId}/` (lib/storage), one record item each at
 * pk `T#{t}#CUSTOMER_DOC#{customerId}`, sk `{ulid}`.
 *
 * Flow: POST …/documents/upload-url (type and size checked by the schema: PDF/JPG/PNG ≤ 10 MB) →
 * the browser PUTs the file to the presigned URL (with progress) → POST …/documents records it;
 * the record is refused unless the object exists in this customer's prefix with the declared size.
 * Recording a 'license' or 'id_document' also points the customer's licenseDocumentUrl /
 * idDocumentUrl at it (the object key; downloads always go through a fresh presigned link).
 */
export const documentsPk = (tenantId: string, customerId: string) => tenantPk(tenantId, 'CUSTOMER_DOC', customerId);
export const customerDocumentPrefix = (tenantId: string, customerId: string) => tenantPrefix(tenantId, 'customers', customerId);

export const DOCUMENT_MESSAGES = {
  notUploaded: 'The file was not uploaded yet. Upload it, then try again.',
  sizeMismatch: 'The uploaded file does not match the declared size',
  badKey: 'This file does not belong to this customer',
} as const;


interface UploadRequest {
  fileName: string;
  contentType: string;
  size: number;
}

/** ID scans uploaded for reading only: deleted right after the scan (PII is not kept). */
export const idScanPrefix = (tenantId: string) => tenantPrefix(tenantId, 'id-scans');

export const idScanUploadUrl = (tenantId: string, file: UploadRequest) =>
  presignUpload(newObjectKey(idScanPrefix(tenantId), file.fileName), file.contentType, { size: file.size });

export const isIdScanKey = (tenantId: string, key: string) => isKeyInPrefix(idScanPrefix(tenantId), key);

/** The uploaded scan's bytes and type, or undefined when it is not there; deleted after reading. */
export async function takeIdScan(key: string, maxBytes: number): Promise<{ body: Buffer; contentType?: string } | 'too_large' | undefined> {
  const head = await headObject(key);
  if (!head) return undefined;
  try {
    if (head.size > maxBytes) return 'too_large';
    return await getObjectBytes(key);
  } finally {
    await deleteObject(key).catch(() => undefined);
  }
}

export const customerUploadUrl = (tenantId: string, customerId: string, file: UploadRequest) =>
  presignUpload(newObjectKey(customerDocumentPrefix(tenantId, customerId), file.fileName), file.contentType, { size: file.size });

export async function recordDocument(
  actor: Actor,
  customer: CustomerItem,
  input: { key: string; fileName: string; fileType: string; fileSize: number; documentType: CustomerDocumentType; title?: string | null; expiryDate?: string | null },
) {
  if (!isKeyInPrefix(customerDocumentPrefix(actor.tenantId, customer.id), input.key)) throw badRequest(DOCUMENT_MESSAGES.badKey, { key: DOCUMENT_MESSAGES.badKey });
  const head = await headObject(input.key);
  if (!head) throw badRequest(DOCUMENT_MESSAGES.notUploaded, { key: DOCUMENT_MESSAGES.notUploaded });
  if (head.size !== input.fileSize) throw badRequest(DOCUMENT_MESSAGES.sizeMismatch, { fileSize: DOCUMENT_MESSAGES.sizeMismatch });
  const id = ulid();
  const now = new Date().toISOString();
  const item: Item = {
    pk: documentsPk(actor.tenantId, customer.id),
    sk: sortKey(id),
    entityType: 'CUSTOMER_DOC',
    id,
    scope: 'customer',
    customerId: customer.id,
    title: input.title || input.fileName,
    documentType: input.documentType,
    fileKey: input.key,
    fileName: input.fileName,
    fileType: input.fileType,
    fileSize: input.fileSize,
    expiryDate: input.expiryDate ?? undefined,
    uploadedBy: actor.username ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const pointer = input.documentType === 'license' ? 'licenseDocumentUrl' : input.documentType === 'id_document' ? 'idDocumentUrl' : undefined;
  await transact([
    tx.putNew(item),
    ...(pointer ? [tx.update(customerKey(actor.tenantId, customer.id), customer.version, { [pointer]: input.key }, now)] : []),
    tx.putNew(auditItem(actor, 'customer.document.add', 'customer', customer.id, { note: `${input.documentType}: ${input.fileName}` })),
  ]);
  return toDocumentApi(item, await presignDownload(input.key, { fileName: input.fileName }));
}

function toDocumentApi(item: Item, downloadUrl: string) {
  const e = toEntity<Record<string, unknown>>(item)!;
  return {
    id: String(e.id),
    customerId: String(e.customerId),
    title: String(e.title),
    documentType: e.documentType as CustomerDocumentType,
    fileName: String(e.fileName),
    fileType: String(e.fileType),
    fileSize: Number(e.fileSize),
    expiryDate: (e.expiryDate as string) ?? null,
    uploadedBy: (e.uploadedBy as string) ?? null,
    createdAt: String(e.createdAt),
    downloadUrl,
  };
}

export async function listDocuments(tenantId: string, customerId: string, q: { limit: number; cursor?: string }) {
  const page = await queryPage<Item>({ tenantId, pk: documentsPk(tenantId, customerId), forward: false, limit: q.limit, cursor: q.cursor, signature: ['docs'] });
  const items = await Promise.all(page.items.map(async (it) => toDocumentApi(it, await presignDownload(String(it.fileKey), { fileName: String(it.fileName) }))));
  return { items, nextCursor: page.nextCursor };
}

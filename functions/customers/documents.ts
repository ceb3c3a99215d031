import { ulid } from 'ulid';
import type { CustomerDocumentType } from '../../shared/schemas/customers';
import { badRequest } from '../lib/errors';
import { auditItem, type AuditActor } from '../lib/data/audit';
import { sortKey, tenantPk } from '../lib/data/keys';
import { queryPage, toEntity, transact, tx, type Item } from '../lib/data/repo';
// The S3 helpers (presigning for the browser-reachable endpoint, HEAD) are the vehicles domain's;
// shared rather than copied so both document flows behave the same.
import { UPLOAD_URL_TTL_SECONDS, headObject, presignDownload, presignUpload, safeFileName } from '../vehicles/documents';
import { loadS3 } from '../lib/clients/s3-lazy';
import { config } from '../lib/config';
import { customerKey, type CustomerItem } from './data';

/**
 * Customer documents (licence, passport/ID, signed agreements…): files in S3 under
 * `tenants/{tenantId}/customers/{customerId}/`, one record item each at
 * pk `T#{t}#CUSTOMER_DOC#{customerId}`, sk `{ulid}`.
 *
 * Flow: POST …/documents/upload-url (type and size checked: PDF/JPG/PNG ≤ 10 MB) → the browser
 * PUTs the file to the presigned URL (with progress) → POST …/documents records it; the record is
 * refused unless the object exists in this customer's prefix with the declared size.
 * Recording a 'license' or 'id_document' also points the customer's licenseDocumentUrl /
 * idDocumentUrl at it (the object key; downloads always go through a fresh presigned link).
 */
export const documentsPk = (tenantId: string, customerId: string) => tenantPk(tenantId, 'CUSTOMER_DOC', customerId);
export const customerDocumentPrefix = (tenantId: string, customerId: string) => `tenants/${tenantId}/customers/${customerId}/`;

export const DOCUMENT_MESSAGES = {
  notUploaded: 'The file was not uploaded yet. Upload it, then try again.',
  sizeMismatch: 'The uploaded file does not match the declared size',
  badKey: 'This file does not belong to this customer',
} as const;

/** ID scans uploaded for reading only: deleted right after the scan (PII is not kept). */
export const idScanPrefix = (tenantId: string) => `tenants/${tenantId}/id-scans/`;

export async function idScanUploadUrl(tenantId: string, file: { fileName: string; fileType: string; fileSize: number }) {
  const key = `${idScanPrefix(tenantId)}${ulid()}-${safeFileName(file.fileName)}`;
  const uploadUrl = await presignUpload(key, file.fileType, file.fileSize);
  return { uploadUrl, key, headers: { 'content-type': file.fileType }, expiresIn: UPLOAD_URL_TTL_SECONDS };
}

export function isIdScanKey(tenantId: string, key: string): boolean {
  const prefix = idScanPrefix(tenantId);
  return key.startsWith(prefix) && key.length > prefix.length && !key.slice(prefix.length).includes('/') && !key.includes('..');
}

/** The uploaded scan's bytes and type, or undefined when it is not there; deleted after reading. */
export async function takeIdScan(key: string, maxBytes: number): Promise<{ body: Buffer; contentType?: string } | 'too_large' | undefined> {
  const head = await headObject(key);
  if (!head) return undefined;
  const { s3Client, GetObjectCommand, DeleteObjectCommand } = await loadS3();
  try {
    if (head.size > maxBytes) return 'too_large';
    const res = await s3Client().send(new GetObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    const body = Buffer.from(await res.Body!.transformToByteArray());
    return { body, contentType: res.ContentType };
  } finally {
    await s3Client().send(new DeleteObjectCommand({ Bucket: config().documentsBucket, Key: key })).catch(() => undefined);
  }
}

export async function customerUploadUrl(tenantId: string, customerId: string, file: { fileName: string; fileType: string; fileSize: number }) {
  const key = `${customerDocumentPrefix(tenantId, customerId)}${ulid()}-${safeFileName(file.fileName)}`;
  const uploadUrl = await presignUpload(key, file.fileType, file.fileSize);
  return { uploadUrl, key, headers: { 'content-type': file.fileType }, expiresIn: UPLOAD_URL_TTL_SECONDS };
}

function isOwnKey(tenantId: string, customerId: string, key: string) {
  const prefix = customerDocumentPrefix(tenantId, customerId);
  return key.startsWith(prefix) && key.length > prefix.length && !key.slice(prefix.length).includes('/') && !key.includes('..');
}

export async function recordDocument(
  actor: AuditActor,
  customer: CustomerItem,
  input: { key: string; fileName: string; fileType: string; fileSize: number; documentType: CustomerDocumentType; title?: string | null; expiryDate?: string | null },
) {
  if (!isOwnKey(actor.tenantId, customer.id, input.key)) throw badRequest(DOCUMENT_MESSAGES.badKey, { key: DOCUMENT_MESSAGES.badKey });
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
  return toDocumentApi(item, await presignDownload(input.key, input.fileName));
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
  const items = await Promise.all(page.items.map(async (it) => toDocumentApi(it, await presignDownload(String(it.fileKey), String(it.fileName)))));
  return { items, nextCursor: page.nextCursor };
}

import { tenantPk } from '../lib/data/keys';
import { queryAll, type Item } from '../lib/data/repo';
import {
  deleteObject,
  getObjectBytes,
  headObject,
  isKeyInPrefix,
  newObjectKey,
  presignUpload,
  tenantPrefix,
} from '../lib/storage';

/**
 * Customer documents moved into the documents module (issue 11: one data model, one API, one
 * screen): the profile lists, uploads and deletes them through /api/v1/documents (scope customer
 * + customerId); the former routes under /api/v1/customers/{id}/documents are gone.
 *
 * What stays here: the ID-scan upload (read once, then deleted) and the reader of the older
 * items, pk `T#{t}#CUSTOMER_DOC#{customerId}`, sk `{ulid}` (files under
 * tenants/{t}/customers/{customerId}/), for the one-off move into DOC items
 * (functions/documents/legacy-move.ts, job 'documents-move').
 */
export const documentsPk = (tenantId: string, customerId: string) => tenantPk(tenantId, 'CUSTOMER_DOC', customerId);

export const DOCUMENT_MESSAGES = {
  notUploaded: 'The file was not uploaded yet. Upload it, then try again.',
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
export async function takeIdScan(
  key: string,
  maxBytes: number,
): Promise<{ body: Buffer; contentType?: string } | 'too_large' | undefined> {
  const head = await headObject(key);
  if (!head) return undefined;
  try {
    if (head.size > maxBytes) return 'too_large';
    return await getObjectBytes(key);
  } finally {
    await deleteObject(key).catch(() => undefined);
  }
}

/** Every customer's older document items (one Query per customer; a one-off, bounded by the directory). */
export async function legacyCustomerDocuments(tenantId: string): Promise<Item[]> {
  const customers = await queryAll<{ id: string }>({ tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), max: 50_000 });
  const out: Item[] = [];
  for (const c of customers)
    out.push(...(await queryAll<Item>({ tenantId, pk: documentsPk(tenantId, c.id), max: 1_000 })));
  return out;
}

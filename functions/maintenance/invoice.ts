import type { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../../shared/constants';
import { MAINTENANCE_MESSAGES, type maintenanceUploadUrlSchema } from '../../shared/schemas/maintenance';
import { validationFailed } from '../lib/errors';
import {
  checkUpload,
  headObject,
  isKeyInPrefix,
  newObjectKey,
  presignDownload,
  presignUpload,
  tenantPrefix,
  type UploadLimits,
} from '../lib/storage';

/**
 * The workshop's invoice or receipt (business-data §3: "invoice or receipt file (PDF, JPG or
 * PNG)"), stored under tenants/{tenantId}/maintenance/ through lib/storage: presigned PUT, then the
 * record names the key; the key must be this company's uploaded file within the limits (400).
 */
export const INVOICE_LIMITS: UploadLimits = {
  contentTypes: DOCUMENT_MIME_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: MAINTENANCE_MESSAGES.invoiceType, tooLarge: MAINTENANCE_MESSAGES.invoiceTooLarge },
};

const prefix = (tenantId: string) => tenantPrefix(tenantId, 'maintenance');

export async function invoiceUploadUrl(tenantId: string, body: z.output<typeof maintenanceUploadUrlSchema>) {
  checkUpload(INVOICE_LIMITS, body);
  const upload = await presignUpload(newObjectKey(prefix(tenantId), body.fileName), body.contentType, {
    size: body.size,
  });
  return { uploadUrl: upload.uploadUrl, key: upload.key, method: upload.method, headers: upload.headers };
}

export async function checkInvoiceFile(tenantId: string, file: { key: string; contentType: string }): Promise<void> {
  if (!isKeyInPrefix(prefix(tenantId), file.key))
    throw validationFailed({ invoiceFile: MAINTENANCE_MESSAGES.invoiceInvalid });
  const head = await headObject(file.key);
  if (!head) throw validationFailed({ invoiceFile: MAINTENANCE_MESSAGES.invoiceMissing });
  if (!INVOICE_LIMITS.contentTypes.includes((head.contentType ?? '').toLowerCase()))
    throw validationFailed({ invoiceFile: MAINTENANCE_MESSAGES.invoiceType });
  checkUpload(INVOICE_LIMITS, { contentType: head.contentType ?? '', size: head.size });
}

export const presignInvoice = (file: { key: string; fileName: string }) =>
  presignDownload(file.key, { fileName: file.fileName });

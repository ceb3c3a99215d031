/**
 * The fine notice file (traffic_tickets file fields): PDF, JPG or PNG up to 10 MB under
 * tenants/{tenantId}/tickets/ through lib/storage. Flow: upload-url (type and size checked) →
 * the browser PUTs the file → the ticket refuses a key outside this company's prefix or an
 * object that is not there. Answers carry a short-lived download URL.
 */
import type { z } from 'zod';
import type { vehicleUploadUrlSchema } from '../../shared/schemas/vehicle-upload';
import { VEHICLE_MESSAGES } from '../../shared/schemas/vehicles-constants';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../../shared/constants';
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
import { validationFailed } from '../lib/errors';

const LIMITS: UploadLimits = {
  contentTypes: DOCUMENT_MIME_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: VEHICLE_MESSAGES.fileTypeInvalid, tooLarge: VEHICLE_MESSAGES.fileTooLarge },
};
const prefix = (tenantId: string) => tenantPrefix(tenantId, 'tickets');

export async function noticeUploadUrl(tenantId: string, body: z.output<typeof vehicleUploadUrlSchema>) {
  checkUpload(LIMITS, body);
  const upload = await presignUpload(newObjectKey(prefix(tenantId), body.fileName), body.contentType, {
    size: body.size,
  });
  return { uploadUrl: upload.uploadUrl, key: upload.key, method: upload.method, headers: upload.headers };
}

/** 400 unless the key is this company's and the file was uploaded. */
export async function checkNotice(tenantId: string, key: string | undefined): Promise<void> {
  if (!key) return;
  if (!isKeyInPrefix(prefix(tenantId), key) || !(await headObject(key)))
    throw validationFailed({ fileKey: VEHICLE_MESSAGES.fileMissing });
}

export const noticeUrl = async (item: { fileKey?: string | null; fileName?: string | null }) =>
  item.fileKey ? presignDownload(item.fileKey, { fileName: item.fileName ?? undefined }) : null;

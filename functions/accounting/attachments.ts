import type { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../../shared/constants';
import {
  ACCOUNTING_MESSAGES,
  type CreateJournalEntryBody,
  type journalAttachmentUploadSchema,
} from '../../shared/schemas/accounting';
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
 * Files on manual journal entries (issue 18: "attachments (S3)"): the supplier's invoice behind an
 * expense, the lease behind rent. Stored under tenants/{tenantId}/journal/ through lib/storage:
 * the browser asks for a presigned PUT, uploads, then posts the entry with the returned keys; the
 * entry is refused unless every key is a file in this company's journal prefix that exists.
 * Posted entries are immutable, so are their attachments (a correction is a reversal).
 */
export const JOURNAL_ATTACHMENT_LIMITS: UploadLimits = {
  contentTypes: DOCUMENT_MIME_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: ACCOUNTING_MESSAGES.attachmentType, tooLarge: ACCOUNTING_MESSAGES.attachmentTooLarge },
};

const journalPrefix = (tenantId: string) => tenantPrefix(tenantId, 'journal');

export async function attachmentUploadUrl(tenantId: string, body: z.output<typeof journalAttachmentUploadSchema>) {
  checkUpload(JOURNAL_ATTACHMENT_LIMITS, body);
  const upload = await presignUpload(newObjectKey(journalPrefix(tenantId), body.fileName), body.contentType, {
    size: body.size,
  });
  return { uploadUrl: upload.uploadUrl, key: upload.key, method: upload.method, headers: upload.headers };
}

/** 400 (field `attachments`) unless each key is an uploaded file of this company within the limits. */
export async function checkAttachments(
  tenantId: string,
  attachments: CreateJournalEntryBody['attachments'],
): Promise<void> {
  if (!attachments?.length) return;
  if (attachments.some((a) => !isKeyInPrefix(journalPrefix(tenantId), a.key)))
    throw validationFailed({ attachments: ACCOUNTING_MESSAGES.attachmentInvalid });
  const heads = await Promise.all(attachments.map((a) => headObject(a.key)));
  if (heads.some((h) => !h)) throw validationFailed({ attachments: ACCOUNTING_MESSAGES.attachmentMissing });
  for (const h of heads) checkUpload(JOURNAL_ATTACHMENT_LIMITS, { contentType: h!.contentType ?? '', size: h!.size });
}

/** The attachments with short-lived download links (signing is local: no S3 call). */
export function withDownloadUrls(attachments: { key: string; name: string }[]) {
  return Promise.all(attachments.map(async (a) => ({ ...a, url: await presignDownload(a.key, { fileName: a.name }) })));
}

import { badRequest, HttpError, tooLarge, unsupportedMediaType } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { parseWith } from '../lib/validation';
import {
  DOCUMENT_MAX_BYTES,
  ID_SCAN_CONTENT_TYPES,
  ID_SCAN_MESSAGES,
  idScanFromKeySchema,
} from '../../shared/schemas/customers';
import { DOCUMENT_MESSAGES, isIdScanKey, takeIdScan } from './documents';
import { IdScanError, scanIdDocument, sniffType, type ScanContentType } from './id-scan/extract';
import { ocrImage, repairMrzText } from '../lib/ocr';

export const scanFailed = (reason: string) =>
  new HttpError(422, 'ID_SCAN_FAILED', ID_SCAN_MESSAGES.failed, { file: reason });

/**
 * Reads customer fields from an ID document: the raw file as the body, or JSON `{ key }` of a scan
 * uploaded to S3 first (large files; deleted right after reading). The declared type must match
 * the file's own signature (PDF, JPG or PNG, at most 10 MB).
 */
export async function scanCustomerId(
  tenantId: string,
  rawBody: Buffer | undefined,
  contentType: string | undefined,
  log: Logger,
) {
  let file = rawBody;
  let declared = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (declared === 'application/json') {
    // A scan uploaded to S3 first (large files): { "key": "tenants/{t}/id-scans/…" }.
    let parsed: unknown;
    try {
      parsed = JSON.parse((file ?? Buffer.alloc(0)).toString('utf8'));
    } catch {
      throw badRequest('Request body must be valid JSON');
    }
    const { key } = parseWith(idScanFromKeySchema, parsed, 'body');
    if (!isIdScanKey(tenantId, key)) throw badRequest(DOCUMENT_MESSAGES.badKey, { key: DOCUMENT_MESSAGES.badKey });
    const taken = await takeIdScan(key, DOCUMENT_MAX_BYTES);
    if (!taken) throw badRequest(DOCUMENT_MESSAGES.notUploaded, { key: DOCUMENT_MESSAGES.notUploaded });
    if (taken === 'too_large') throw tooLarge(ID_SCAN_MESSAGES.tooLarge);
    file = taken.body;
    declared = sniffType(file) ?? (taken.contentType ?? '').toLowerCase();
  }
  if (!file || file.length === 0) throw scanFailed(ID_SCAN_MESSAGES.empty);
  if (file.length > DOCUMENT_MAX_BYTES) throw tooLarge(ID_SCAN_MESSAGES.tooLarge);
  const actual = sniffType(file);
  if (!(ID_SCAN_CONTENT_TYPES as readonly string[]).includes(declared) || !actual || actual !== declared) {
    throw unsupportedMediaType(ID_SCAN_MESSAGES.unsupportedType, { file: ID_SCAN_MESSAGES.unsupportedType });
  }
  try {
    // A photo without embedded text: OCR of its pixels (tesseract.js, English model from npm).
    // OCR reads every photo; text in the image's metadata is only a hint beside it (extract.ts).
    const ocr =
      actual !== 'application/pdf'
        ? await ocrImage(file).then(
            (r) => repairMrzText(r.text),
            () => '',
          )
        : undefined;
    const result = await scanIdDocument(file, actual as ScanContentType, new Date(), ocr);
    // Log what kind of document was read, never its contents (DESIGN.md §6).
    log.info('id scan', {
      source: result.source,
      documentType: result.documentType,
      confidence: result.confidence,
      bytes: file.length,
    });
    return result;
  } catch (err) {
    if (err instanceof IdScanError) {
      log.info('id scan found nothing', { type: actual, bytes: file.length });
      throw scanFailed(err.reason);
    }
    throw err;
  }
}

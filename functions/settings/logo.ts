import { badRequest, tooLarge, validationFailed } from '../lib/errors';
import { deleteObject, headObject, isKeyInPrefix, presignDownload, presignUpload, tenantPrefix } from '../lib/storage';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  SETTINGS_MESSAGES,
  type LogoContentType,
  type LogoUploadRequest,
} from '../../shared/schemas/settings';
import { ulid } from 'ulid';

/**
 * Company logos, through lib/storage. The bucket stays private: the logo is shown through a signed
 * GET URL made on each settings read. Signing is local computation (no S3 call). To let browsers
 * cache the image, the signature time is rounded down to the hour and the URL lives two hours, so
 * every read within the same hour answers the SAME URL and it is still valid for at least an hour.
 */
export const LOGO_UPLOAD_TTL_SECONDS = 5 * 60;
export const LOGO_VIEW_TTL_SECONDS = 2 * 60 * 60;
const HOUR_MS = 3_600_000;

export const logoPrefix = (tenantId: string) => tenantPrefix(tenantId, 'branding');

/** True when `key` is a logo object of this tenant (the schema already checked its form). */
export const isOwnLogoKey = (tenantId: string, key: string) => isKeyInPrefix(logoPrefix(tenantId), key);

export const presignLogoView = (key: string, now = Date.now()) =>
  presignDownload(key, {
    expiresIn: LOGO_VIEW_TTL_SECONDS,
    signingDate: new Date(Math.floor(now / HOUR_MS) * HOUR_MS),
  });

export const deleteLogo = (key: string) => deleteObject(key);

/**
 * Presigned PUT for a logo. Wrong type → 400, more than 2 MB → 413 (spec: "PNG or JPG only, at
 * most 2 MB"). The extension of the key follows the content type, never the file name.
 */
export async function createLogoUpload(tenantId: string, { fileName, contentType, size }: LogoUploadRequest) {
  const type = contentType.toLowerCase();
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!(type in LOGO_CONTENT_TYPES) || !['png', 'jpg', 'jpeg'].includes(ext)) {
    throw badRequest(SETTINGS_MESSAGES.logoType, { contentType: SETTINGS_MESSAGES.logoType });
  }
  if (size > LOGO_MAX_BYTES) throw tooLarge(SETTINGS_MESSAGES.logoSize);
  const key = `${logoPrefix(tenantId)}logo-${ulid()}.${LOGO_CONTENT_TYPES[type as LogoContentType]}`;
  const [upload, fileUrl] = await Promise.all([
    presignUpload(key, type, { expiresIn: LOGO_UPLOAD_TTL_SECONDS }),
    presignLogoView(key),
  ]);
  return { uploadUrl: upload.uploadUrl, fileUrl, key, headers: upload.headers, expiresIn: upload.expiresIn };
}

/**
 * A newly chosen logo must be this tenant's uploaded PNG/JPG of at most 2 MB: a presigned PUT
 * cannot cap the size, so the stored object is checked before it is used (and removed if wrong).
 */
export async function checkUploadedLogo(tenantId: string, key: string): Promise<void> {
  if (!isOwnLogoKey(tenantId, key)) throw validationFailed({ logoKey: SETTINGS_MESSAGES.logoKeyInvalid });
  const head = await headObject(key);
  if (!head) throw validationFailed({ logoKey: SETTINGS_MESSAGES.logoKeyInvalid });
  if (head.size > LOGO_MAX_BYTES) {
    await deleteLogo(key).catch(() => undefined);
    throw tooLarge(SETTINGS_MESSAGES.logoSize);
  }
  if (head.contentType && !(head.contentType in LOGO_CONTENT_TYPES)) {
    await deleteLogo(key).catch(() => undefined);
    throw validationFailed({ logoKey: SETTINGS_MESSAGES.logoType });
  }
}

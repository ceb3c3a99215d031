import { loadS3 } from '../lib/clients/s3-lazy';
import { config } from '../lib/config';

/**
 * S3 side of vehicle documents. Objects live under tenants/{tenantId}/vehicles/{vehicleId}/, so a
 * recorded key is checked to lie in the caller's own prefix before anything trusts it.
 *
 * Presigned URLs are signed for the endpoint the browser will call: locally S3_PUBLIC_ENDPOINT
 * (s3rver reached as localhost), in AWS the regional endpoint (unset → SDK default).
 */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;


export function vehicleDocumentPrefix(tenantId: string, vehicleId: string): string {
  return `tenants/${tenantId}/vehicles/${vehicleId}/`;
}

/** A file name safe in a key and a Content-Disposition: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-100);
  return cleaned || 'file';
}

/** True when `key` is a plain object key inside this vehicle's prefix. */
export function isVehicleDocumentKey(tenantId: string, vehicleId: string, key: string): boolean {
  const prefix = vehicleDocumentPrefix(tenantId, vehicleId);
  return key.startsWith(prefix) && key.length > prefix.length && !key.slice(prefix.length).includes('/') && !key.includes('..');
}

export async function presignUpload(key: string, contentType: string, size: number): Promise<string> {
  const { getSignedUrl, s3PresignClient, PutObjectCommand } = await loadS3();
  return getSignedUrl(
    s3PresignClient(),
    new PutObjectCommand({ Bucket: config().documentsBucket, Key: key, ContentType: contentType, ContentLength: size }),
    { expiresIn: UPLOAD_URL_TTL_SECONDS },
  );
}

export async function presignDownload(key: string, fileName: string): Promise<string> {
  const { getSignedUrl, s3PresignClient, GetObjectCommand } = await loadS3();
  return getSignedUrl(
    s3PresignClient(),
    new GetObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      ResponseContentDisposition: `inline; filename="${safeFileName(fileName)}"`,
    }),
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
  );
}

/** Size and type of an uploaded object, or undefined when it is not there. */
export async function headObject(key: string): Promise<{ size: number; contentType?: string } | undefined> {
  const { s3Client, HeadObjectCommand } = await loadS3();
  try {
    const res = await s3Client().send(new HeadObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    return { size: res.ContentLength ?? 0, contentType: res.ContentType };
  } catch (err) {
    const name = (err as { name?: string }).name;
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (name === 'NotFound' || name === 'NoSuchKey' || status === 404) return undefined;
    throw err;
  }
}

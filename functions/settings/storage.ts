import { loadS3 } from '../lib/clients/s3-lazy';
import { config } from '../lib/config';

/**
 * S3 side of company logos. The bucket stays private: the logo is shown through a signed GET URL
 * made on each settings read. Signing is local computation (no S3 call). To let browsers cache
 * the image, the signature time is rounded down to the hour and the URL lives two hours, so every
 * read within the same hour answers the SAME URL and it is still valid for at least an hour.
 *
 * URLs are signed for the endpoint the browser calls: locally S3_PUBLIC_ENDPOINT (s3rver as
 * localhost), else S3_ENDPOINT, in AWS the SDK's regional endpoint.
 */
export const LOGO_UPLOAD_TTL_SECONDS = 5 * 60;
export const LOGO_VIEW_TTL_SECONDS = 2 * 60 * 60;
const HOUR_MS = 3_600_000;


export function logoPrefix(tenantId: string): string {
  return `tenants/${tenantId}/branding/`;
}

/** True when `key` is a logo object of this tenant (the schema already checked its form). */
export function isOwnLogoKey(tenantId: string, key: string): boolean {
  const prefix = logoPrefix(tenantId);
  return key.startsWith(prefix) && !key.slice(prefix.length).includes('/') && !key.includes('..');
}

export async function presignLogoUpload(key: string, contentType: string): Promise<string> {
  const { getSignedUrl, s3PresignClient, PutObjectCommand } = await loadS3();
  return getSignedUrl(
    s3PresignClient(),
    new PutObjectCommand({ Bucket: config().documentsBucket, Key: key, ContentType: contentType }),
    { expiresIn: LOGO_UPLOAD_TTL_SECONDS },
  );
}

export async function presignLogoView(key: string, now = Date.now()): Promise<string> {
  const { getSignedUrl, s3PresignClient, GetObjectCommand } = await loadS3();
  return getSignedUrl(s3PresignClient(), new GetObjectCommand({ Bucket: config().documentsBucket, Key: key }), {
    expiresIn: LOGO_VIEW_TTL_SECONDS,
    signingDate: new Date(Math.floor(now / HOUR_MS) * HOUR_MS),
  });
}

/** Size and type of an uploaded object, or undefined when it is not there. */
export async function headLogo(key: string): Promise<{ size: number; contentType?: string } | undefined> {
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

export async function deleteLogo(key: string): Promise<void> {
  const { s3Client, DeleteObjectCommand } = await loadS3();
  await s3Client().send(new DeleteObjectCommand({ Bucket: config().documentsBucket, Key: key }));
}

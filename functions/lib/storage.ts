import { ulid } from 'ulid';
import { BUCKET_RETENTION } from '../../infra/table-definition';
// The S3 SDK loads on first use (clients/s3-lazy): most requests never touch S3 and the SDK is
// ~120 KB of every cold start otherwise (npm run bench, bundle lines).
import { loadS3 } from './clients/s3-lazy';
import { config } from './config';
import { conflict, tooLarge, validationFailed } from './errors';

/**
 * The one storage module (DESIGN.md §13): every domain keeps its files in the documents bucket
 * under `tenants/{tenantId}/{area}/…` and reaches S3 only through here.
 *
 * - Presigned URLs are signed for the endpoint the browser calls (locally S3_PUBLIC_ENDPOINT, the
 *   emulator as localhost; in AWS the regional endpoint): signing is local, no S3 call.
 * - A key a client sends back is trusted only when `isKeyInPrefix` says it is a plain object
 *   directly inside the caller's own prefix (no sub-folders, no `..`), so one tenant can never
 *   record, read or delete another's file.
 * - A presigned PUT is signed with the declared size where the flow knows it, and the recording
 *   step checks the stored object with `headObject` (a browser could still send something else).
 */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

/** The prefix of one tenant's files in one area: `tenants/{tenantId}/{...parts}/`. */
export function tenantPrefix(tenantId: string, ...parts: string[]): string {
  return ['tenants', tenantId, ...parts].join('/') + '/';
}

/** True when `key` is a plain object key directly inside `prefix` (the caller's own files). */
export function isKeyInPrefix(prefix: string, key: string): boolean {
  return (
    key.startsWith(prefix) &&
    key.length > prefix.length &&
    !key.slice(prefix.length).includes('/') &&
    !key.includes('..')
  );
}

/** A file name safe in a key and a Content-Disposition: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/** A fresh, unguessable key for an uploaded file inside `prefix`, keeping a safe form of its name. */
export const newObjectKey = (prefix: string, fileName: string) => `${prefix}${ulid()}-${safeFileName(fileName)}`;

/** Type and size rules of one kind of upload (documents: PDF/JPG/PNG ≤ 10 MB; logos: PNG/JPG ≤ 2 MB). */
export interface UploadLimits {
  contentTypes: readonly string[];
  maxBytes: number;
  /** Messages for the field errors (from the domain's message catalogue). */
  messages: { type: string; tooLarge: string };
}

/** 400 on a type outside the list (field `contentType`), 413 over the size limit. */
export function checkUpload(limits: UploadLimits, file: { contentType: string; size: number }): void {
  if (!limits.contentTypes.includes(file.contentType.toLowerCase()))
    throw validationFailed({ contentType: limits.messages.type });
  if (file.size > limits.maxBytes) throw tooLarge(limits.messages.tooLarge);
}

export interface PresignedUpload {
  uploadUrl: string;
  key: string;
  method: 'PUT';
  /** Headers the browser must send with the PUT (the signature covers them). */
  headers: Record<string, string>;
  expiresIn: number;
}

/** A presigned PUT for `key`; with `size` the signature also pins Content-Length. */
export async function presignUpload(
  key: string,
  contentType: string,
  opts: { size?: number; expiresIn?: number } = {},
): Promise<PresignedUpload> {
  const expiresIn = opts.expiresIn ?? UPLOAD_URL_TTL_SECONDS;
  const { getSignedUrl, s3PresignClient, PutObjectCommand } = await loadS3();
  const uploadUrl = await getSignedUrl(
    s3PresignClient(),
    new PutObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      ContentType: contentType,
      ...(opts.size !== undefined ? { ContentLength: opts.size } : {}),
    }),
    { expiresIn },
  );
  return { uploadUrl, key, method: 'PUT', headers: { 'content-type': contentType }, expiresIn };
}

/**
 * A presigned GET. `fileName` sets an inline Content-Disposition (`attachment`: a download); `signingDate` lets a
 * caller
 * hand out the same URL for a while (logos: rounded to the hour so browsers can cache them).
 */
export async function presignDownload(
  key: string,
  opts: { fileName?: string; attachment?: boolean; expiresIn?: number; signingDate?: Date } = {},
): Promise<string> {
  const { getSignedUrl, s3PresignClient, GetObjectCommand } = await loadS3();
  return getSignedUrl(
    s3PresignClient(),
    new GetObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      ...(opts.fileName
        ? {
            ResponseContentDisposition: `${opts.attachment ? 'attachment' : 'inline'}; filename="${safeFileName(opts.fileName)}"`,
          }
        : {}),
    }),
    {
      expiresIn: opts.expiresIn ?? DOWNLOAD_URL_TTL_SECONDS,
      ...(opts.signingDate ? { signingDate: opts.signingDate } : {}),
    },
  );
}

export interface ObjectHead {
  size: number;
  contentType?: string;
  metadata: Record<string, string>;
}

const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
};

/** Size, type and metadata of a stored object, or undefined when it is not there. */
export async function headObject(key: string): Promise<ObjectHead | undefined> {
  const { scopedS3, HeadObjectCommand } = await loadS3();
  try {
    const res = await scopedS3().send(new HeadObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    return { size: res.ContentLength ?? 0, contentType: res.ContentType, metadata: res.Metadata ?? {} };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** The object's bytes and type, or undefined when it is not there. */
export async function getObjectBytes(key: string): Promise<{ body: Buffer; contentType?: string } | undefined> {
  const { scopedS3, GetObjectCommand } = await loadS3();
  try {
    const res = await scopedS3().send(new GetObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    return { body: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

export async function putObject(
  key: string,
  body: Uint8Array,
  contentType: string,
  metadata?: Record<string, string>,
): Promise<void> {
  const { scopedS3, PutObjectCommand } = await loadS3();
  await scopedS3().send(
    new PutObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      Metadata: metadata,
    }),
  );
}

/** Server-side copy inside the documents bucket (no bytes through the Lambda): a template's file for a new document. */
export async function copyObject(fromKey: string, toKey: string): Promise<void> {
  const { scopedS3, CopyObjectCommand } = await loadS3();
  await scopedS3().send(
    new CopyObjectCommand({
      Bucket: config().documentsBucket,
      Key: toKey,
      CopySource: `${config().documentsBucket}/${encodeURIComponent(fromKey).replace(/%2F/g, '/')}`,
    }),
  );
}

/**
 * Writes an object that must never be overwritten (signed contracts): a conditional PUT
 * (`If-None-Match: *`), so S3 refuses with 412 when the key already holds an object, answered here
 * as 409. Callers also choose keys that are new by construction (an id and a time in the key):
 * the local emulator (s3rver) ignores the condition.
 */
export async function putObjectIfAbsent(
  key: string,
  body: Uint8Array,
  contentType: string,
  metadata?: Record<string, string>,
): Promise<void> {
  const { scopedS3, PutObjectCommand } = await loadS3();
  try {
    await scopedS3().send(
      new PutObjectCommand({
        Bucket: config().documentsBucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        Metadata: metadata,
        IfNoneMatch: '*',
      }),
    );
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 412 || (err as { name?: string }).name === 'PreconditionFailed')
      throw conflict('This file is already stored and cannot be replaced', undefined, 'CONFLICT');
    throw err;
  }
}

export async function deleteObject(key: string): Promise<void> {
  const { scopedS3, DeleteObjectCommand } = await loadS3();
  await scopedS3().send(new DeleteObjectCommand({ Bucket: config().documentsBucket, Key: key }));
}

/**
 * Multipart upload (issue 30: exports written in parts, never one body in memory). S3 takes parts of 5 MiB and
 * more, but the last; uploading a part number again replaces it, so a part re-done after a crash is idempotent.
 */
export async function startMultipart(key: string, contentType: string): Promise<string> {
  const { scopedS3, CreateMultipartUploadCommand } = await loadS3();
  // An export is tagged so the bucket's lifecycle rule expires it (a prefix rule cannot reach
  // tenants/{id}/exports/: lifecycle prefixes take no wildcard; infra/table-definition.ts BUCKET_RETENTION).
  const { key: tagKey, value: tagValue } = BUCKET_RETENTION.exportTag;
  const tagging = key.includes(`/${BUCKET_RETENTION.exportPrefix}`) ? `${tagKey}=${tagValue}` : undefined;
  const res = await scopedS3().send(
    new CreateMultipartUploadCommand({
      Bucket: config().documentsBucket,
      Key: key,
      ContentType: contentType,
      ...(tagging ? { Tagging: tagging } : {}),
    }),
  );
  return res.UploadId!;
}

export async function uploadPart(key: string, uploadId: string, partNumber: number, body: Uint8Array) {
  const { scopedS3, UploadPartCommand } = await loadS3();
  const res = await scopedS3().send(
    new UploadPartCommand({
      Bucket: config().documentsBucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      Body: body,
    }),
  );
  return { PartNumber: partNumber, ETag: res.ETag! };
}

export async function completeMultipart(
  key: string,
  uploadId: string,
  parts: { PartNumber: number; ETag: string }[],
): Promise<void> {
  const { scopedS3, CompleteMultipartUploadCommand } = await loadS3();
  await scopedS3().send(
    new CompleteMultipartUploadCommand({
      Bucket: config().documentsBucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { clientConfig, configured } from './client-config';
import { currentTenant, lazyTenantCredentials, scopeMiddleware, TenantScopeError } from './tenant-scope';

/**
 * S3 clients. Locally s3rver insists on the access key S3RVER, path-style addressing, and no
 * flexible checksums (it stores a streamed body corrupted when the SDK adds them).
 */
let client: S3Client | undefined;
let presigner: S3Client | undefined;

function make(endpoint: string | undefined, credentials?: ReturnType<typeof lazyTenantCredentials>): S3Client {
  const base = clientConfig(endpoint, 'S3RVER');
  const s3 = new S3Client({
    ...base,
    credentials: credentials ?? base.credentials,
    forcePathStyle: !!endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return configured(s3, 's3');
}

/** Throws as IAM would when an S3 call names an object outside the company's prefix. */
/** (Here, not in ./tenant-scope: it loads with the S3 SDK, outside every handler's cold start.) */
export function assertObjectKey(tenantId: string, command: string, input: Record<string, unknown>): void {
  const inside = (key: unknown) =>
    typeof key === 'string' && key.startsWith(`tenants/${tenantId}/`) && !key.includes('..');
  // A copy reads its source (`bucket/key`, URL-encoded) with the same rights: s3:GetObject on the source's ARN.
  const source =
    typeof input.CopySource === 'string' ? decodeURIComponent(input.CopySource).split('/').slice(1).join('/') : null;
  if (!inside(input.Key) || (source !== null && !inside(source))) {
    throw new TenantScopeError(`${command} on an object outside the company`);
  }
}

/**
 * For server-side calls (put, get, head, delete): inside a tenant scope the company's scoped client
 * (./tenant-scope: the tenant-scoped role in AWS, its `tenants/{tenantId}/` prefix only), else the Lambda's own.
 */
export function scopedS3(): S3Client {
  const tenantId = currentTenant();
  return tenantId ? tenantS3(tenantId) : s3Client();
}

const scoped = new Map<string, S3Client>();
const scopedTenant = new WeakMap<object, string>();

export function tenantS3(tenantId: string): S3Client {
  let c = scoped.get(tenantId);
  if (!c) {
    const roleArn = process.env.TENANT_ROLE_ARN;
    c = make(config().endpoints.s3, roleArn ? lazyTenantCredentials(roleArn, tenantId) : undefined);
    const wall = scopeMiddleware((command, input) => assertObjectKey(tenantId, command, input));
    c.middlewareStack.add(wall.middleware as never, wall.options);
    if (scoped.size >= 200) scoped.delete(scoped.keys().next().value as string);
    scoped.set(tenantId, c);
    scopedTenant.set(c, tenantId);
  }
  return c;
}

export const scopedS3TenantOf = (c: object): string | undefined => scopedTenant.get(c);

/** The Lambda's own client: the health check's HeadBucket, and work outside a tenant scope. */
export function s3Client(): S3Client {
  client ??= make(config().endpoints.s3);
  return client;
}

/**
 * Presigned URLs are signed with the Lambda's own role, never a tenant session: a URL signed with an STS session
 * stops working when the session ends (an hour), whatever its own expiry, and logo and export links outlive that.
 * Signing is local (no S3 call); the key signed is checked by the caller (`isKeyInPrefix`, tenantPrefix).
 *
 * For presigned URLs handed to a browser: signed for the endpoint the browser calls. In AWS that
 * is the regular S3 endpoint; locally S3_PUBLIC_ENDPOINT (localhost) rather than the address the
 * Lambda code uses.
 */
export function s3PresignClient(): S3Client {
  const publicEndpoint = process.env.S3_PUBLIC_ENDPOINT;
  if (!publicEndpoint) return s3Client();
  presigner ??= make(publicEndpoint);
  return presigner;
}

/**
 * The single table's shape, defined once: read by the CDK data stack and by the local bootstrap.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

/** Cognito settings shared by the auth stack and the local user pool. */
export const USER_POOL = {
  passwordMinLength: 6,
  tenantAttribute: 'tenant_id',
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const;

/** Browser origins allowed to upload to the documents bucket with presigned URLs, locally. */
export const DOCUMENT_UPLOAD_METHODS = ['PUT', 'GET', 'HEAD'] as const;

/**
 * How long the buckets keep what versioning and uploads leave behind (infra/stacks storage + web):
 * an overwritten or deleted object's previous version expires after NONCURRENT_VERSION_DAYS (the
 * window to recover a bad overwrite, beside the table's 35 days of point-in-time recovery); an
 * upload that never completed is aborted after INCOMPLETE_UPLOAD_DAYS.
 */
export const BUCKET_RETENTION = {
  noncurrentVersionDays: 90,
  logNoncurrentVersionDays: 30,
  incompleteUploadDays: 1,
  /**
   * Large exports (tenants/{tenantId}/exports/…, written by the export job) expire after this many
   * days. S3 lifecycle prefixes cannot hold a wildcard (the tenant id sits before `exports/`), so
   * the rule matches the object tag below, which the export writer puts with each object
   * (`Tagging: 'sayyara-retention=export'`); a top-level `exports/` prefix expires too.
   */
  exportDays: 7,
  exportTag: { key: 'sayyara-retention', value: 'export' },
  exportPrefix: 'exports/',
} as const;

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

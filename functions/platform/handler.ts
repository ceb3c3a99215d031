import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createDomainHandler, reply } from '../lib/http';
import { platformRoutes } from '../../shared/routes/platform';
import { cognitoClient } from '../lib/clients/cognito';
import { dynamo } from '../lib/clients/dynamo';
import { loadS3 } from '../lib/clients/s3-lazy';
import { config } from '../lib/config';
import { unavailable } from '../lib/errors';

/**
 * Health: ok only once DynamoDB, Cognito and S3 all answer. A missing health item is a
 * successful answer; what matters is that the service responded.
 */
async function health() {
  const c = config();
  const { s3Client, HeadBucketCommand } = await loadS3();
  const checks = await Promise.allSettled([
    dynamo().send(new GetCommand({ TableName: c.tableName, Key: { pk: 'G#HEALTH', sk: 'G' } })),
    cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: c.userPoolId })),
    s3Client().send(new HeadBucketCommand({ Bucket: c.documentsBucket })),
  ]);
  const failed = ['dynamodb', 'cognito', 's3'].filter((_, i) => checks[i].status === 'rejected');
  if (failed.length) throw unavailable(`Not ready: ${failed.join(', ')}`);
  return reply.ok({ status: 'ok' });
}

let openapiCache: unknown;

export const handler = createDomainHandler('platform', platformRoutes, {
  health,
  // The OpenAPI document is built from every route's schemas: loaded on its first request only.
  openapi: async () => reply.ok((openapiCache ??= (await import('../../shared/openapi')).buildOpenApi())),
});

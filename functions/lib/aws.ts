import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from './config';

/**
 * One client per service per process (Lambda containers reuse them across invocations).
 * Locally the emulators accept any credentials; s3rver insists on the key S3RVER.
 */
const localCredentials = (id = 'local') => ({ accessKeyId: id, secretAccessKey: id });

let ddb: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let ses: SESv2Client | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!ddb) {
    const c = config();
    const base = new DynamoDBClient({
      region: c.region,
      endpoint: c.endpoints.dynamodb,
      credentials: c.endpoints.dynamodb ? localCredentials() : undefined,
      maxAttempts: 3,
    });
    ddb = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return ddb;
}

export function s3Client(): S3Client {
  if (!s3) {
    const c = config();
    s3 = new S3Client({
      region: c.region,
      endpoint: c.endpoints.s3,
      forcePathStyle: !!c.endpoints.s3,
      credentials: c.endpoints.s3 ? localCredentials('S3RVER') : undefined,
      // s3rver stores streamed bodies corrupted when the SDK adds flexible checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const c = config();
    cognito = new CognitoIdentityProviderClient({
      region: c.region,
      endpoint: c.endpoints.cognito,
      credentials: c.endpoints.cognito ? localCredentials() : undefined,
    });
  }
  return cognito;
}

export function sesClient(): SESv2Client {
  if (!ses) {
    const c = config();
    ses = new SESv2Client({
      region: c.region,
      endpoint: c.endpoints.ses,
      credentials: c.endpoints.ses ? localCredentials() : undefined,
    });
  }
  return ses;
}

/** For tests that swap endpoints between runs. */
export function resetClients(): void {
  ddb = undefined;
  s3 = undefined;
  cognito = undefined;
  ses = undefined;
}

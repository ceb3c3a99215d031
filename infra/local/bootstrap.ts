import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { TABLE, USER_POOL, DOCUMENT_UPLOAD_METHODS } from '../table-definition';
import type { EmulatorPorts } from './emulators';

/**
 * Idempotent creation of what the CDK stacks create in AWS: the table with its GSIs and TTL, the
 * user pool and app client, the documents bucket with CORS, and the SES identity. Ids of the
 * user pool and client are kept in `state.json` beside the emulators' data, so a second start
 * finds the first one's users.
 */
export interface LocalResources {
  tableName: string;
  documentsBucket: string;
  userPoolId: string;
  userPoolClientId: string;
  sesFromAddress: string;
}

const creds = (id = 'local') => ({ accessKeyId: id, secretAccessKey: id });
const REGION = 'us-east-1';

export async function bootstrap(ports: EmulatorPorts, dataDir: string, webOrigins: string[]): Promise<LocalResources> {
  const tableName = 'sayyara';
  const documentsBucket = 'sayyara-documents';
  const sesFromAddress = 'no-reply@sayyara.local';

  const ddb = new DynamoDBClient({
    region: REGION,
    endpoint: `http://127.0.0.1:${ports.dynamodb}`,
    credentials: creds(),
  });
  try {
    await ddb.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    await ddb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE.sortKey, AttributeType: 'S' },
          ...TABLE.globalIndexes.flatMap((g) => [
            { AttributeName: g.partitionKey, AttributeType: 'S' as const },
            { AttributeName: g.sortKey, AttributeType: 'S' as const },
          ]),
        ],
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.globalIndexes.map((g) => ({
          IndexName: g.name,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await waitUntilTableExists({ client: ddb, maxWaitTime: 30 }, { TableName: tableName });
    await ddb.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  }
  ddb.destroy();

  const statePath = join(dataDir, 'state.json');
  const state = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as Partial<LocalResources>) : {};
  const cognito = new CognitoIdentityProviderClient({
    region: REGION,
    endpoint: `http://127.0.0.1:${ports.cognito}`,
    credentials: creds(),
  });
  let { userPoolId, userPoolClientId } = state;
  if (userPoolId) {
    try {
      const described = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
      // A pool made before emulators.ts pinned cognito-local's defaults takes e-mails as usernames
      // and refuses every sign-up: replace it (its users could never have been created anyway).
      if (described.UserPool?.UsernameAttributes?.includes('email')) throw new Error('e-mail username pool');
    } catch {
      userPoolId = undefined;
      userPoolClientId = undefined;
    }
  }
  if (!userPoolId) {
    const pool = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: 'sayyara-users',
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL.passwordMinLength,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: [{ Name: USER_POOL.tenantAttribute, AttributeDataType: 'String', Mutable: false }],
      }),
    );
    userPoolId = pool.UserPool!.Id!;
    userPoolClientId = undefined;
  }
  if (!userPoolClientId) {
    const client = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'sayyara-web',
        // As in the cloud (infra/stacks/auth-stack.ts): no USER_PASSWORD_AUTH.
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
      }),
    );
    userPoolClientId = client.UserPoolClient!.ClientId!;
  }
  cognito.destroy();

  const s3 = new S3Client({
    region: REGION,
    endpoint: `http://127.0.0.1:${ports.s3}`,
    forcePathStyle: true,
    credentials: creds('S3RVER'),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await s3.send(new HeadBucketCommand({ Bucket: documentsBucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: documentsBucket }));
  }
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: documentsBucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: webOrigins,
            AllowedMethods: [...DOCUMENT_UPLOAD_METHODS],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
  s3.destroy();

  const ses = new SESv2Client({ region: REGION, endpoint: `http://127.0.0.1:${ports.ses}`, credentials: creds() });
  try {
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: sesFromAddress }));
  } catch {
    // aws-ses-v2-local sends from any address and does not implement identities; AWS needs one (email stack).
  }
  ses.destroy();

  const resources: LocalResources = {
    tableName,
    documentsBucket,
    userPoolId: userPoolId!,
    userPoolClientId: userPoolClientId!,
    sesFromAddress,
  };
  writeFileSync(statePath, JSON.stringify(resources, null, 2));
  return resources;
}

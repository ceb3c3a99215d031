import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InternalErrorException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ApiEvent } from '../lib/http';
import { keys } from '../lib/data/keys';
import { handler } from './handler';

/**
 * Sign-up's all-or-nothing paths with the SDK mocked (the happy path runs against the emulators
 * in auth.int.test.ts): a duplicate found first creates nothing; a Cognito failure writes
 * nothing; a failed transaction deletes the Cognito user it had just created.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const body = {
  tenantName: 'Falcon Rentals',
  fullNameEnglish: 'Sara Ali',
  username: 'sara',
  email: 'sara@example.test',
  password: 'secret-1',
};

function event(): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/register',
    rawPath: '/api/register',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      accountId: 't',
      apiId: 't',
      domainName: 'x',
      domainPrefix: 'x',
      requestId: 'r',
      routeKey: 'POST /api/register',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method: 'POST', path: '/api/register', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    },
  } as ApiEvent;
}

const run = async () => {
  const res = await handler(event(), {} as never);
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined };
};

beforeEach(() => {
  ddb.reset();
  cognito.reset();
  ddb.on(BatchGetCommand).resolves({ Responses: { sayyara: [] } });
  cognito
    .on(AdminCreateUserCommand)
    .resolves({ User: { Username: 'sara', Attributes: [{ Name: 'sub', Value: 'sub-1' }] } });
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
});

describe('POST /api/register, all or nothing', () => {
  it('refuses a taken username before creating anything', async () => {
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { sayyara: [{ ...keys.global.username('sara'), tenantId: 'x', userId: 'y' }] } });
    const res = await run();
    expect(res.status).toBe(409);
    expect(res.json.error.fields).toEqual({ username: 'Username is already taken' });
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('writes nothing when Cognito fails', async () => {
    cognito.on(AdminCreateUserCommand).rejects(new InternalErrorException({ message: 'down', $metadata: {} }));
    const res = await run();
    expect(res.status).toBe(503);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('deletes the new Cognito user when the transaction fails, and names the field that clashed', async () => {
    ddb
      .on(TransactWriteCommand)
      .callsFake((input: { TransactItems: { Put?: { Item: { entityType?: string } } }[] }) => {
        const reasons = input.TransactItems.map((it) => ({
          Code: it.Put?.Item.entityType === 'EMAIL' ? 'ConditionalCheckFailed' : 'None',
        }));
        throw new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons });
      });
    const res = await run();
    expect(res.status).toBe(409);
    expect(res.json.error.fields).toEqual({ email: 'An account with this email already exists' });
    const deleted = cognito.commandCalls(AdminDeleteUserCommand);
    expect(deleted).toHaveLength(1);
    expect(deleted[0].args[0].input.Username).toBe('sara');
    expect(cognito.commandCalls(AdminInitiateAuthCommand)).toHaveLength(0);
  });

  it('puts tenant, settings, slug, user, uniqueness, sub pointer and audit in ONE transaction, each guarded', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    cognito
      .on(AdminInitiateAuthCommand)
      .resolves({ AuthenticationResult: { AccessToken: 'a.eyJleHAiOjk5OTk5OTk5OTl9.s', RefreshToken: 'r' } });
    const res = await run();
    expect(res.status).toBe(201);
    const calls = ddb.commandCalls(TransactWriteCommand);
    // The sign-up's one transaction, then the new sign-in session's (functions/auth/sessions.ts).
    expect(calls).toHaveLength(2);
    const items = calls[0].args[0].input.TransactItems!;
    const types = items.map((i) => (i.Put!.Item as { entityType: string }).entityType).sort();
    expect(types).toEqual([
      'AUDIT',
      'EMAIL',
      'SETTINGS',
      'SLUG',
      'SUB',
      'TENANT',
      'TENANT_DIRECTORY',
      'USER',
      'USERNAME',
    ]);
    const session = calls[1].args[0].input
      .TransactItems!.map((i) => (i.Put!.Item as { entityType: string }).entityType)
      .sort();
    expect(session).toEqual(['REFRESH_TOKEN', 'SESSION']);
    for (const i of items) expect(i.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(JSON.stringify(items)).not.toContain('secret-1');
  });
});

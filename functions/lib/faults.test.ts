import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoDBClient, GetItemCommand, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { armFault, clearFaults, crashPoint, FAULTS_ENV, faultError, listFaults, withFaults } from './faults';
import { SDK_RETRY } from './clients/client-config';
import { dynamo } from './clients/dynamo';
import { mapAwsError } from './errors';
import { createDomainHandler, type ApiEvent } from './http';
import { routeMaker } from '../../shared/routes/types';

/**
 * The fault layer (lib/faults.ts) and the error mapping of what survives the SDK's retries. The SDK client runs
 * its real middleware stack (standard retry mode included) over a request handler that answers an empty item,
 * so a fault is retried exactly as in AWS; aws-sdk-client-mock is used for the handler stack's error paths only.
 */
const okHandler = {
  handle: async () => ({ response: { statusCode: 200, headers: {}, body: Readable.from([Buffer.from('{}')]) } }),
};
const client = () =>
  withFaults(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      requestHandler: okHandler as never,
      ...SDK_RETRY,
      retryStrategy: undefined,
    }),
    'dynamodb',
  );
const get = (c: DynamoDBClient, table = 'T1') =>
  c.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' }, sk: { S: 'b' } } }));

beforeEach(() => {
  process.env[FAULTS_ENV] = '1';
});
afterEach(() => {
  clearFaults();
  delete process.env[FAULTS_ENV];
});

describe('SDK faults', () => {
  it('uses the standard retry mode with 3 attempts, set once for every client', () => {
    expect(SDK_RETRY).toEqual({ retryMode: 'standard', maxAttempts: 3 });
  });

  it('a throttle fewer times than the attempts is absorbed by the retries; always reaches the caller', async () => {
    const c = client();
    armFault({ service: 'dynamodb', command: 'GetItem', kind: 'throttle', times: 2 });
    await expect(get(c)).resolves.toBeDefined();
    expect(listFaults().faults[0].hits).toBe(2);
    clearFaults();
    armFault({ service: 'dynamodb', kind: 'throttle' });
    const err = await get(c).catch((e) => e);
    expect(err.name).toBe('ProvisionedThroughputExceededException');
    expect(err.$metadata.attempts).toBe(3);
    expect(mapAwsError(err)?.status).toBe(503);
  });

  it('matches by service, command and input text; inactive without the switch', async () => {
    const c = client();
    armFault({ service: 's3', kind: '5xx' });
    armFault({ service: 'dynamodb', command: 'PutItem', kind: '5xx' });
    armFault({ service: 'dynamodb', kind: '5xx', match: 'T2' });
    await expect(get(c, 'T1')).resolves.toBeDefined();
    await expect(get(c, 'T2')).rejects.toMatchObject({ name: 'InternalServerError' });
    delete process.env[FAULTS_ENV];
    const plain = client();
    await expect(get(plain, 'T2')).resolves.toBeDefined();
    expect(() => armFault({ service: 'dynamodb', kind: 'throttle' })).toThrow(/SAYYARA_FAULTS/);
  });

  it('each fault maps to 503 SERVICE_UNAVAILABLE with Retry-After; a failed condition stays 409', () => {
    for (const kind of ['throttle', 'conflict', 'timeout', '5xx'] as const)
      for (const service of ['dynamodb', 's3', 'ses', 'cognito'] as const) {
        const mapped = mapAwsError(faultError(service, kind, { TransactItems: [{}, {}] }));
        expect(mapped?.status, `${service} ${kind}`).toBe(503);
        expect(mapped?.code).toBe('SERVICE_UNAVAILABLE');
        expect(mapped?.headers?.['Retry-After']).toBe('2');
      }
    const failed = new TransactionCanceledException({
      message: 'x',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(mapAwsError(failed)?.status).toBe(409);
  });
});

describe('crash points', () => {
  it('are no-ops unless armed, then fire N times for the named point and tenant', () => {
    expect(() => crashPoint('booking:after-counter', 'A')).not.toThrow();
    armFault({ crash: 'booking:after-counter', times: 1, tenantId: 'A' });
    expect(() => crashPoint('booking:after-counter', 'B')).not.toThrow();
    expect(() => crashPoint('invoice-issue:before-transaction', 'A')).not.toThrow();
    expect(() => crashPoint('booking:after-counter', 'A')).toThrow(/Simulated crash/);
    expect(() => crashPoint('booking:after-counter', 'A')).not.toThrow();
  });
});

describe('the handler stack', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  const route = routeMaker('vehicles');
  const routes = [route({ operationId: 'open', method: 'POST', path: '/api/v1/t', auth: 'public', summary: 't' })];
  const event = {
    version: '2.0',
    routeKey: 'POST /api/v1/t',
    rawPath: '/api/v1/t',
    headers: {},
    requestContext: { requestId: 'r', http: { method: 'POST', path: '/api/v1/t' } },
    isBase64Encoded: false,
  } as unknown as ApiEvent;
  const handler = (impl: () => Promise<unknown>) => createDomainHandler('vehicles', routes, { open: impl });

  it('answers 503 with Retry-After and no stack when a dependency fails past its retries', async () => {
    ddb.on(PutCommand).rejects(faultError('dynamodb', 'timeout'));
    const h = handler(async () => dynamo().send(new PutCommand({ TableName: 't', Item: { pk: 'a' } })));
    const res = await h(event, {} as never);
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['Retry-After']).toBe('2');
    expect(res.headers?.['access-control-expose-headers']).toContain('retry-after');
    expect(JSON.parse(res.body ?? '{}').error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body).not.toMatch(/\.ts:\d+|injected/);
    ddb.reset();
  });

  it('lets a simulated crash through (the process died: the gateway answers for it)', async () => {
    armFault({ crash: 'x:y' });
    const h = handler(async () => crashPoint('x:y'));
    await expect(h(event, {} as never)).rejects.toMatchObject({ name: 'SimulatedCrash' });
  });
});

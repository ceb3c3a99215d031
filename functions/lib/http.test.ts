import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { ulid } from 'ulid';
import { createDomainHandler, errorBody, reply, type ApiEvent, type RouteImpl } from './http';
import { routeMaker } from '../../shared/routes/types';
import { conflict } from './errors';
import { keys } from './data/keys';

/**
 * Error paths of the handler stack with the AWS SDK mocked (aws-sdk-client-mock is for these
 * only; the happy paths run against the real emulators in the integration tests).
 */
const ddb = mockClient(DynamoDBDocumentClient);

const route = routeMaker('vehicles');
const routes = [
  route({
    operationId: 'open',
    method: 'POST',
    path: '/api/v1/test/open',
    auth: 'public',
    summary: 't',
    request: { body: z.object({ vin: z.string().length(17, 'VIN must be exactly 17 alphanumeric characters') }) },
  }),
  route({ operationId: 'closed', method: 'GET', path: '/api/v1/test/{id}', ability: 'vehiclesEdit', summary: 't' }),
  route({
    operationId: 'staffOnly',
    method: 'POST',
    path: '/api/v1/test/staff',
    ability: 'staffEdit',
    blockDemo: true,
    summary: 't',
  }),
];

function event(routeKey: string, opts: { body?: string; sub?: string; path?: Record<string, string> } = {}): ApiEvent {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: opts.path,
    body: opts.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'x',
      domainPrefix: 'x',
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      ...(opts.sub ? { authorizer: { jwt: { claims: { sub: opts.sub, token_use: 'access' }, scopes: [] } } } : {}),
    },
  } as ApiEvent;
}

function make(impl: RouteImpl) {
  return createDomainHandler('vehicles', routes, { open: impl, closed: impl, staffOnly: impl });
}

const call = async (h: ReturnType<typeof make>, e: ApiEvent) => {
  const res = await h(e, {} as never);
  return { ...res, json: res.body ? JSON.parse(res.body) : undefined };
};

const tenantId = ulid();
const userId = ulid();
/** Path ids must be well-formed (functions/lib/request-guards.ts). */
const anId = ulid();
function signedIn(role: string, extra: Record<string, unknown> = {}, tenant: Record<string, unknown> = {}) {
  const sub = `sub-${role}-${Math.random()}`;
  ddb.on(GetCommand, { Key: keys.global.sub(sub) }).resolves({ Item: { ...keys.global.sub(sub), tenantId, userId } });
  ddb.on(BatchGetCommand).resolves({
    Responses: {
      sayyara: [
        { ...keys.user(tenantId, userId), id: userId, tenantId, sub, username: 'u', role, status: 'active', ...extra },
        { ...keys.tenant(tenantId), name: 'Co', status: 'active', ...tenant },
      ],
    },
  });
  return sub;
}

beforeEach(() => ddb.reset());

describe('handler stack error paths', () => {
  it('maps a failed condition to 409 with the error shape and no stack trace', async () => {
    const h = make(async () => {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    });
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: '1HGCM82633A004352' }) }));
    expect(res.statusCode).toBe(409);
    expect(res.json.error.code).toBe('VERSION_CONFLICT');
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('maps a cancelled transaction to 409 (nothing was written)', async () => {
    const h = make(async () => {
      throw new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      });
    });
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: '1HGCM82633A004352' }) }));
    expect(res.statusCode).toBe(409);
    expect(res.json.error.code).toBe('TRANSACTION_CONFLICT');
  });

  it('maps throttling to 503', async () => {
    const h = make(async () => {
      throw new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} });
    });
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: '1HGCM82633A004352' }) }));
    expect(res.statusCode).toBe(503);
    expect(res.json.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const h = make(async () => {
      throw new Error('secret internals at /var/task/index.js:1');
    });
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: '1HGCM82633A004352' }) }));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
  });

  it('answers 400 with field messages from the shared schema, before the implementation runs', async () => {
    let ran = false;
    const h = make(async () => {
      ran = true;
      return reply.ok({});
    });
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: 'short' }) }));
    expect(res.statusCode).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { vin: 'VIN must be exactly 17 alphanumeric characters' },
    });
    expect(ran).toBe(false);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const h = make(async () => reply.ok({}));
    const res = await call(h, event('POST /api/v1/test/open', { body: '{not json' }));
    expect(res.statusCode).toBe(400);
  });

  it('adds security headers, CORS and the request id to every answer', async () => {
    const h = make(async () => reply.ok({ fine: true }));
    const res = await call(h, event('POST /api/v1/test/open', { body: JSON.stringify({ vin: '1HGCM82633A004352' }) }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': 'req-1',
    });
    expect(res.headers!['access-control-allow-origin']).toBeTruthy();
  });

  it('refuses an authenticated route without verified claims (401)', async () => {
    const h = make(async () => reply.ok({}));
    const res = await call(h, event('GET /api/v1/test/{id}', { path: { id: anId } }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a role outside the matrix (403) and lets a permitted role through', async () => {
    const h = make(async (ctx) => reply.ok({ tenant: ctx.auth.tenantId }));
    const staff = await call(h, event('GET /api/v1/test/{id}', { sub: signedIn('STAFF'), path: { id: anId } }));
    expect(staff.statusCode).toBe(403);
    const owner = await call(h, event('GET /api/v1/test/{id}', { sub: signedIn('OWNER'), path: { id: anId } }));
    expect(owner.statusCode).toBe(200);
    expect(owner.json.tenant).toBe(tenantId);
  });

  it('refuses a suspended user and a suspended tenant on their very next request', async () => {
    const h = make(async () => reply.ok({}));
    expect(
      (
        await call(
          h,
          event('GET /api/v1/test/{id}', { sub: signedIn('OWNER', { status: 'suspended' }), path: { id: anId } }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          h,
          event('GET /api/v1/test/{id}', { sub: signedIn('OWNER', {}, { status: 'suspended' }), path: { id: anId } }),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('keeps the shared demo account out of blocked routes', async () => {
    const h = make(async () => reply.ok({}));
    const res = await call(
      h,
      event('POST /api/v1/test/staff', { sub: signedIn('OWNER', { isDemo: true }), body: '{}' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json.error.message).toMatch(/demo/i);
  });

  it('answers 503, not 500, when DynamoDB is throttling while loading the caller', async () => {
    ddb.on(GetCommand).rejects(new ProvisionedThroughputExceededException({ message: 'slow', $metadata: {} }));
    const h = make(async () => reply.ok({}));
    const res = await call(h, event('GET /api/v1/test/{id}', { sub: `new-sub-${Math.random()}`, path: { id: anId } }));
    expect(res.statusCode).toBe(503);
  });
});

describe('typed routes and structured error details', () => {
  it("types each implementation's ctx from its route's schemas (no any)", () => {
    const typed = [
      route({
        operationId: 'withSchemas',
        method: 'POST',
        path: '/api/v1/test/{id}/typed',
        summary: 't',
        request: {
          params: z.object({ id: z.string() }),
          query: z.object({ limit: z.coerce.number().default(5) }),
          body: z.object({ n: z.number() }),
        },
      }),
      route({ operationId: 'bare', method: 'GET', path: '/api/v1/test/bare', summary: 't' }),
    ];
    const h = createDomainHandler('vehicles', typed, {
      withSchemas: async (ctx) => {
        expectTypeOf(ctx.body).toEqualTypeOf<{ n: number }>();
        expectTypeOf(ctx.query).toEqualTypeOf<{ limit: number }>();
        expectTypeOf(ctx.params).toEqualTypeOf<{ id: string }>();
        return reply.ok(ctx.body.n);
      },
      bare: async (ctx) => {
        expectTypeOf(ctx.body).toBeUnknown();
        return reply.noContent();
      },
    });
    expect(typeof h).toBe('function');
  });

  it('refuses a table with an operation that has no implementation', () => {
    const impls = { open: async () => reply.noContent(), closed: async () => reply.noContent() };
    // @ts-expect-error staffOnly is missing: the compiler refuses it, and so does the runtime check.
    expect(() => createDomainHandler('vehicles', routes, impls)).toThrow(/staffOnly/);
  });

  it('serialises structured details (booking conflicts, blacklist matches) inside error, next to code and fields', () => {
    const err = conflict('Booking Conflict', { vehicleId: 'Booking Conflict' }, 'BOOKING_CONFLICT', {
      conflicts: [{ refId: 'r1' }],
    });
    expect(errorBody(err)).toEqual({
      error: {
        code: 'BOOKING_CONFLICT',
        message: 'Booking Conflict',
        fields: { vehicleId: 'Booking Conflict' },
        conflicts: [{ refId: 'r1' }],
      },
    });
    expect(errorBody(conflict('x'))).toEqual({ error: { code: 'CONFLICT', message: 'x' } });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createDomainHandler, reply, type ApiEvent } from './http';
import { DEFAULT_JSON_BODY_BYTES, DEFAULT_RAW_BODY_BYTES, type RouteDef } from '../../shared/routes';
import { entityId } from '../../shared/schemas/fields';
import { resetConfigCache } from './config';
import { NOT_THROUGH_APP_MESSAGE } from './request-guards';

/** The checks every request gets before a handler runs: body size (413) and path ids (404). */
const routes: RouteDef[] = [
  {
    operationId: 'json',
    method: 'POST',
    path: '/api/v1/guard/json',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
    request: { body: z.object({ a: z.string().optional() }).passthrough() },
  },
  {
    operationId: 'small',
    method: 'POST',
    path: '/api/v1/guard/small',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
    maxBodyBytes: 10,
  },
  {
    operationId: 'raw',
    method: 'POST',
    path: '/api/v1/guard/raw',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
    rawBody: true,
  },
  {
    operationId: 'bySchema',
    method: 'GET',
    path: '/api/v1/guard/{id}/entries/{entryId}',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
    request: { params: z.object({ id: entityId(), entryId: entityId() }) },
  },
  {
    operationId: 'byRule',
    method: 'GET',
    path: '/api/v1/guard/{id}',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
  },
  {
    operationId: 'noBody',
    method: 'POST',
    path: '/api/v1/guard/no-body',
    domain: 'vehicles',
    auth: 'public',
    summary: 't',
  },
];

let ran = 0;
const impl = async () => {
  ran++;
  return reply.ok({ ok: true });
};
const handler = createDomainHandler(
  'vehicles',
  routes,
  Object.fromEntries(routes.map((r) => [r.operationId, impl])) as never,
);

function event(
  routeKey: string,
  opts: { body?: string; base64?: boolean; path?: Record<string, string>; headers?: Record<string, string> } = {},
): ApiEvent {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...opts.headers },
    pathParameters: opts.path,
    body: opts.body,
    isBase64Encoded: !!opts.base64,
    requestContext: {
      accountId: 't',
      apiId: 't',
      domainName: 'x',
      domainPrefix: 'x',
      requestId: 'r',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    },
  } as ApiEvent;
}

async function send(e: ApiEvent) {
  const before = ran;
  const res = await handler(e, {} as never);
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined, handlerRan: ran > before };
}

const ID = '01JAAAAAAAAAAAAAAAAAAAAAAA';

describe('through the app only (the execute-api address bypasses CloudFront and its WAF)', () => {
  const SECRET = '4f7c2d0e-9a51-4b8e-8d3a-2c6f0b1e7a95';
  const setSecret = (value: string | undefined) => {
    if (value === undefined) delete process.env.ORIGIN_SECRET;
    else process.env.ORIGIN_SECRET = value;
    resetConfigCache();
  };
  afterEach(() => setSecret(undefined));

  it("answers 403 without CloudFront's value or with another, before the body is read or the handler runs", async () => {
    setSecret(SECRET);
    const body = JSON.stringify({ a: 'x' });
    const tries: Record<string, string>[] = [
      {},
      { 'x-sayyara-origin': '' },
      { 'x-sayyara-origin': SECRET.slice(0, -1) + '6' },
    ];
    for (const headers of tries) {
      const res = await send(event('POST /api/v1/guard/json', { body, headers }));
      expect(res, JSON.stringify(headers)).toMatchObject({
        status: 403,
        handlerRan: false,
        json: { error: { code: 'FORBIDDEN', message: NOT_THROUGH_APP_MESSAGE } },
      });
    }
    // Refused first: a body over the limit or a bad id does not get to say 413 or 404.
    const over = JSON.stringify({ a: 'x'.repeat(DEFAULT_JSON_BODY_BYTES) });
    expect((await send(event('POST /api/v1/guard/json', { body: over }))).status).toBe(403);
    expect((await send(event('GET /api/v1/guard/{id}', { path: { id: 'x#y' } }))).status).toBe(403);
  });

  it('serves a request that carries the value, whatever the letter case of the header name', async () => {
    setSecret(SECRET);
    const body = JSON.stringify({ a: 'x' });
    expect(
      (await send(event('POST /api/v1/guard/json', { body, headers: { 'x-sayyara-origin': SECRET } }))).status,
    ).toBe(200);
    expect(
      (await send(event('POST /api/v1/guard/json', { body, headers: { 'X-Sayyara-Origin': SECRET } }))).status,
    ).toBe(200);
  });

  it('checks nothing when no value is configured', async () => {
    setSecret(undefined);
    expect((await send(event('POST /api/v1/guard/json', { body: '{}' }))).status).toBe(200);
  });
});

describe('body size', () => {
  it('JSON routes accept up to 256 KB and answer 413 TOO_LARGE above, before parsing', async () => {
    const fits = JSON.stringify({ a: 'x'.repeat(DEFAULT_JSON_BODY_BYTES - 20) });
    expect((await send(event('POST /api/v1/guard/json', { body: fits }))).status).toBe(200);
    const over = await send(
      event('POST /api/v1/guard/json', { body: JSON.stringify({ a: 'x'.repeat(DEFAULT_JSON_BODY_BYTES) }) }),
    );
    expect(over).toMatchObject({ status: 413, handlerRan: false, json: { error: { code: 'TOO_LARGE' } } });
    // Multi-byte characters count as bytes, not characters.
    expect(
      (
        await send(
          event('POST /api/v1/guard/json', { body: JSON.stringify({ a: 'ع'.repeat(DEFAULT_JSON_BODY_BYTES / 2) }) }),
        )
      ).status,
    ).toBe(413);
  });
  it('a route can set its own limit', async () => {
    expect((await send(event('POST /api/v1/guard/small', { body: '{"a":"0123456789"}' }))).status).toBe(413);
  });
  it('raw routes default to the Lambda payload limit, counted after base64 decoding', async () => {
    const ok = Buffer.alloc(DEFAULT_JSON_BODY_BYTES * 2).toString('base64');
    expect((await send(event('POST /api/v1/guard/raw', { body: ok, base64: true }))).status).toBe(200);
    const over = Buffer.alloc(DEFAULT_RAW_BODY_BYTES + 1).toString('base64');
    expect((await send(event('POST /api/v1/guard/raw', { body: over, base64: true }))).status).toBe(413);
  });
});

describe('path ids', () => {
  it.each(['\u0000', 'a#b', 'x', `${ID}#X`, ID.toLowerCase().slice(0, 25), ''])(
    '%j answers 404 before any handler runs',
    async (bad) => {
      const byRule = await send(event('GET /api/v1/guard/{id}', { path: { id: bad } }));
      expect(byRule).toMatchObject({ status: 404, handlerRan: false, json: { error: { code: 'NOT_FOUND' } } });
      const bySchema = await send(
        event('GET /api/v1/guard/{id}/entries/{entryId}', { path: { id: ID, entryId: bad } }),
      );
      expect(bySchema).toMatchObject({ status: 404, handlerRan: false });
    },
  );
  it('a missing parameter is not found either', async () => {
    expect((await send(event('GET /api/v1/guard/{id}'))).status).toBe(404);
  });
  it('well-formed ids reach the handler', async () => {
    expect((await send(event('GET /api/v1/guard/{id}', { path: { id: ID } }))).handlerRan).toBe(true);
    expect(
      (await send(event('GET /api/v1/guard/{id}/entries/{entryId}', { path: { id: ID, entryId: ID } }))).handlerRan,
    ).toBe(true);
  });
});

describe('bodies the route does not take', () => {
  it.each(['null', '[]', '[{}]', '"text"', '42', '{"a":1}'])(
    '%s on a route without a body answers 400',
    async (body) => {
      expect(await send(event('POST /api/v1/guard/no-body', { body }))).toMatchObject({
        status: 400,
        handlerRan: false,
      });
    },
  );
  it('no body or {} is fine', async () => {
    expect((await send(event('POST /api/v1/guard/no-body'))).status).toBe(200);
    expect((await send(event('POST /api/v1/guard/no-body', { body: '{}' }))).status).toBe(200);
  });
  it('null and arrays are not an object body', async () => {
    for (const body of ['null', '[]', '[{"a":"b"}]'])
      expect((await send(event('POST /api/v1/guard/json', { body }))).status).toBe(400);
  });
});

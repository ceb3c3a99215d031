/**
 * The API answers only requests that came through the app's address (functions/lib/request-guards.ts
 * assertThroughApp): in the cloud CloudFront adds the origin header and its WAF has looked at the request; the
 * HTTP API's own execute-api address would otherwise answer anyone, around the WAF. Locally the gateway plays
 * CloudFront and the stack's Lambda environment carries a fresh ORIGIN_SECRET, as a deployed API Lambda does.
 *
 * Here a domain handler is called the way API Gateway would call it for a request sent straight to execute-api
 * (no header, or a guessed one), against the running stack's table and user pool.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ORIGIN_HEADER } from '../../shared/routes';
import type { ApiEvent } from '../../functions/lib/http';
import { call } from './client';
import { registerTenant } from './fixtures';

function loginEvent(username: string, password: string, headers: Record<string, string>): ApiEvent {
  const routeKey = 'POST /api/auth/login';
  return {
    version: '2.0',
    routeKey,
    rawPath: '/api/auth/login',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'direct',
      apiId: 'direct',
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      requestId: `direct-${Date.now()}`,
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      http: { method: 'POST', path: '/api/auth/login', protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 't' },
    },
  } as ApiEvent;
}

type Result = Exclude<APIGatewayProxyResultV2, string>;

describe('the API answers only through the app', () => {
  it('the local stack runs with the check on, as a deployed API Lambda does', () => {
    expect(process.env.ORIGIN_SECRET ?? '').toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a sign-in sent around the app is refused with 403 and signs nobody in; with the value it is served', async () => {
    const owner = await registerTenant();
    const { handler } = await import('../../functions/auth/handler');
    const secret = process.env.ORIGIN_SECRET!;
    const tries: Record<string, string>[] = [
      {},
      { [ORIGIN_HEADER]: 'guessed' },
      { [ORIGIN_HEADER]: secret.toUpperCase() },
    ];
    for (const headers of tries) {
      const res = (await handler(loginEvent(owner.username, owner.password, headers), {} as never)) as Result;
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      const body = JSON.parse(String(res.body));
      expect(body.error).toMatchObject({ code: 'FORBIDDEN', message: "This API answers only at the app's address." });
      expect(res.headers?.['set-cookie']).toBeUndefined();
      expect(body.accessToken).toBeUndefined();
    }
    const served = (await handler(
      loginEvent(owner.username, owner.password, { [ORIGIN_HEADER]: secret }),
      {} as never,
    )) as Result;
    expect(served.statusCode).toBe(200);
  });

  it("through the gateway a caller's own header is overwritten, as CloudFront does, and the request is served", async () => {
    const owner = await registerTenant();
    const res = await call('/api/auth/login', {
      method: 'POST',
      body: { username: owner.username, password: owner.password },
      headers: { [ORIGIN_HEADER]: 'guessed' },
    });
    expect(res.status).toBe(200);
  });
});

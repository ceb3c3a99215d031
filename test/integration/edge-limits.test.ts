/**
 * Limits at the door on the running local stack (issue 31): the gateway enforces infra/edge/limits.ts as the WAF
 * rate-based rules do (429, Retry-After, the same body), and serves the CloudFront headers policy.
 *
 * The test stack counts only requests carrying the limit key (infra/local/rate-limiter.ts, 'keyed'): each test below
 * sends a fresh key and gets the whole per-minute budget of one address; the rest of the suite is never throttled.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EDGE_RATE_LIMITS, RATE_LIMITED_BODY } from '../../infra/edge/limits';
import { LIMIT_KEY_HEADER } from '../../infra/local/rate-limiter';
import { BASE_URL, call, type CallOptions } from './client';

const limitOf = (name: string) => {
  const limit = EDGE_RATE_LIMITS.find((l) => l.name === name);
  if (!limit) throw new Error(`no limit ${name}`);
  return limit.limit;
};

/** `n` requests with one fresh key, a few at a time; answers every status seen. */
async function burst(n: number, key: string, path: (i: number) => string, opts: (i: number) => CallOptions) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, (_, j) =>
      call(path(i + j), { ...opts(i + j), headers: { [LIMIT_KEY_HEADER]: key } }),
    );
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  return statuses;
}

async function expectRefused(path: string, opts: CallOptions, key: string) {
  const refused = await call(path, { ...opts, headers: { [LIMIT_KEY_HEADER]: key } });
  expect(refused.status).toBe(429);
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(refused.body).toEqual(RATE_LIMITED_BODY);
  // another address (key) is not affected, nor is a request without a key (the rest of the suite)
  expect((await call(path, { ...opts, headers: { [LIMIT_KEY_HEADER]: randomUUID() } })).status).not.toBe(429);
  expect((await call(path, opts)).status).not.toBe(429);
}

describe('rate limits at the local gateway', () => {
  it('sign-in: 30 a minute from one address (password and MFA steps together), then 429', async () => {
    const key = randomUUID();
    expect(limitOf('sign-in')).toBe(30);
    // distinct unknown usernames: each is a plain refusal (401), none reaches the per-username lockout
    const statuses = await burst(
      29,
      key,
      () => '/api/auth/login',
      (i) => ({ body: { username: `nobody-${key.slice(0, 8)}-${i}`, password: 'wrong-password' } }),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);
    const mfa = await call('/api/auth/login/mfa', {
      body: { challenge: 'not-a-challenge', code: '123456' },
      headers: { [LIMIT_KEY_HEADER]: key },
    });
    expect(mfa.status).not.toBe(429); // the 30th request of the minute
    await expectRefused('/api/auth/login', { body: { username: 'someone', password: 'wrong-password' } }, key);
  }, 120_000);

  it('sign-up: refused above its limit whatever the answers were (even 400s count, as in WAF)', async () => {
    const key = randomUUID();
    const n = limitOf('sign-up');
    const statuses = await burst(
      n,
      key,
      () => '/api/register',
      () => ({ body: { username: '' } }),
    );
    expect(statuses.every((s) => s === 400)).toBe(true);
    await expectRefused('/api/register', { body: { username: '' } }, key);
  });

  it('password change: refused above its limit, before the token is even checked', async () => {
    const key = randomUUID();
    const statuses = await burst(
      limitOf('password'),
      key,
      () => '/api/v1/auth/password',
      () => ({ body: {} }),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);
    await expectRefused('/api/v1/auth/password', { body: {} }, key);
  });

  it('payment return page: the status polling of a few customers fits, a token scan does not', async () => {
    const key = randomUUID();
    const statuses = await burst(
      limitOf('payment-return'),
      key,
      (i) => `/api/v1/payments/return/${'x'.repeat(20)}${i}`,
      () => ({}),
    );
    expect(statuses.every((s) => s === 404 || s === 400)).toBe(true);
    await expectRefused(`/api/v1/payments/return/${'y'.repeat(24)}`, {}, key);
  }, 120_000);

  it('tracker ingest: 300 a minute from one address, then 429', async () => {
    const key = randomUUID();
    const statuses = await burst(
      limitOf('tracker-ingest'),
      key,
      (i) => `/api/v1/gps/osmand?id=unknown-${i}&lat=25.2&lon=55.3&timestamp=1700000000`,
      () => ({}),
    );
    expect(statuses.every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    await expectRefused('/api/v1/gps/osmand?id=unknown&lat=25.2&lon=55.3', {}, key);
  }, 180_000);
});

describe('security headers at the local gateway', () => {
  it('pages and API answers carry the CloudFront policy: strict CSP, HSTS, nosniff, referrer, frames, permissions', async () => {
    const base = BASE_URL.replace('localhost', '127.0.0.1');
    for (const path of ['/', '/auth', '/payments/return?token=x', '/api/health', '/api/v1/vehicles']) {
      const res = await fetch(`${base}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      // presigned uploads and downloads go to the documents bucket (s3rver locally)
      expect(csp, path).toContain(process.env.S3_PUBLIC_ENDPOINT ?? 'http://localhost:');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=63072000');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), path).toContain('camera=(self)');
      await res.arrayBuffer();
    }
  });
});

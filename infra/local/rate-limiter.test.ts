import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from './gateway';
import { freePort } from './emulators';
import { LIMIT_KEY_HEADER, SlidingWindow, type EdgeLimitMode } from './rate-limiter';
import { EDGE_RATE_LIMITS, edgeLimitFor } from '../edge/limits';
import type { RouteDef } from '../../shared/routes';
import { ROUTES } from '../../shared/routes';

describe('sliding window', () => {
  it('allows the limit, refuses the next with the exact wait, and slides', () => {
    let now = 1_000_000;
    const w = new SlidingWindow(() => now);
    for (let i = 0; i < 3; i++) {
      expect(w.take('k', 3, 60_000)).toBeUndefined();
      now += 10_000; // requests at 0 s, 10 s, 20 s
    }
    // at 30 s: the first leaves the window at 60 s → 30 s to wait
    expect(w.take('k', 3, 60_000)).toBe(30);
    now += 29_000;
    expect(w.take('k', 3, 60_000)).toBe(1);
    // a refusal is not counted: once the first request has left, exactly one more fits
    now += 1_001;
    expect(w.take('k', 3, 60_000)).toBeUndefined();
    expect(w.take('k', 3, 60_000)).toBe(10);
    expect(w.take('other', 3, 60_000)).toBeUndefined();
  });
});

describe('the limits table', () => {
  it('names sign-in and sign-up at 30 a minute or less, and the other public doors', () => {
    expect(edgeLimitFor('POST', '/api/auth/login')?.limit).toBeLessThanOrEqual(30);
    expect(edgeLimitFor('POST', '/api/auth/login/mfa')?.name).toBe('sign-in');
    expect(edgeLimitFor('POST', '/api/register')?.limit).toBeLessThanOrEqual(30);
    expect(edgeLimitFor('POST', '/api/v1/auth/password')?.name).toBe('password');
    expect(edgeLimitFor('GET', '/api/v1/payments/return/abc')?.name).toBe('payment-return');
    expect(edgeLimitFor('POST', '/api/v1/payments/return/abc/retry')?.name).toBe('payment-return');
    expect(edgeLimitFor('GET', '/api/v1/gps/osmand')?.name).toBe('tracker-ingest');
    expect(edgeLimitFor('POST', '/api/v1/gps/positions')?.name).toBe('tracker-ingest');
    expect(edgeLimitFor('GET', '/api/auth/login')).toBeUndefined(); // POST only
    expect(edgeLimitFor('POST', '/api/v1/vehicles')).toBeUndefined();
    expect(edgeLimitFor('GET', '/api/v1/gps/positions/extra')).toBeUndefined();
  });

  it('every limited path is a real route (a renamed route would leave its door open)', () => {
    for (const limit of EDGE_RATE_LIMITS)
      for (const p of limit.paths) {
        if (p.path === '/api/auth/password') continue; // the reset route's place, kept for when it is added
        const hit = ROUTES.some((r) => (p.match === 'exact' ? r.path === p.path : r.path.startsWith(p.path)));
        expect(hit, `${limit.name}: ${p.path}`).toBe(true);
      }
    for (const l of EDGE_RATE_LIMITS) expect(l.why.length).toBeGreaterThan(40);
  });
});

const routes: RouteDef[] = [
  { operationId: 'login', method: 'POST', path: '/api/auth/login', domain: 'auth', auth: 'public', summary: '' },
  { operationId: 'health', method: 'GET', path: '/api/health', domain: 'platform', auth: 'public', summary: '' },
];

async function gatewayWith(mode: EdgeLimitMode, calls: { n: number }): Promise<{ server: Server; base: string }> {
  const web = mkdtempSync(join(tmpdir(), 'sayyara-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  const port = await freePort();
  const server = await startGateway({
    port,
    webDir: web,
    issuer: 'http://127.0.0.1:1/pool',
    jwksUrl: 'http://127.0.0.1:1/pool/.well-known/jwks.json',
    clientId: 'client',
    routes,
    edgeLimits: mode,
    csp: { documents: 'http://localhost:4569' },
    loadHandler: async () => async () => {
      calls.n++;
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
    },
  });
  return { server, base: `http://127.0.0.1:${port}` };
}

const signIn = (base: string, key?: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { [LIMIT_KEY_HEADER]: key } : {}) },
    body: '{"username":"a","password":"b"}',
  });

describe('local gateway: limits by address (npm start)', () => {
  const calls = { n: 0 };
  let g: { server: Server; base: string };
  beforeAll(async () => {
    g = await gatewayWith('per-address', calls);
  });
  afterAll(() => new Promise((r) => g.server.close(r)));

  it('30 sign-ins a minute pass, the 31st is 429 with Retry-After and never reaches the function', async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(g.base)).status).toBe(200);
    expect(calls.n).toBe(30);
    const refused = await signIn(g.base, 'a-fresh-key-buys-nothing-here');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: expect.stringContaining('Too many requests') },
    });
    expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(calls.n).toBe(30);
    // other routes are not limited
    expect((await fetch(`${g.base}/api/health`)).status).toBe(200);
  });

  it('serves the security headers on pages and API answers', async () => {
    for (const res of [await fetch(`${g.base}/dashboard`), await fetch(`${g.base}/api/health`)]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain('http://localhost:4569');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=63072000; includeSubDomains$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('local gateway: keyed limits (test stacks)', () => {
  const calls = { n: 0 };
  let g: { server: Server; base: string };
  beforeAll(async () => {
    g = await gatewayWith('keyed', calls);
  });
  afterAll(() => new Promise((r) => g.server.close(r)));

  it('requests without a key are not counted; each key has its own budget', async () => {
    for (let i = 0; i < 40; i++) expect((await signIn(g.base)).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await signIn(g.base, 'run-a')).status).toBe(200);
    expect((await signIn(g.base, 'run-a')).status).toBe(429);
    expect((await signIn(g.base, 'run-b')).status).toBe(200);
    expect((await signIn(g.base)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { matchRoute, startGateway } from './gateway';
import type { RouteDef } from '../../shared/routes';
import { freePort } from './emulators';

describe('route matching', () => {
  const routes: RouteDef[] = [
    {
      operationId: 'get',
      method: 'GET',
      path: '/api/v1/vehicles/{id}',
      domain: 'vehicles',
      auth: 'authenticated',
      summary: '',
    },
    {
      operationId: 'list',
      method: 'GET',
      path: '/api/v1/vehicles',
      domain: 'vehicles',
      auth: 'authenticated',
      summary: '',
    },
    {
      operationId: 'cal',
      method: 'GET',
      path: '/api/v1/vehicles/calendar',
      domain: 'vehicles',
      auth: 'authenticated',
      summary: '',
    },
  ];
  it('prefers static segments over parameters, like API Gateway', () => {
    expect(matchRoute('GET', '/api/v1/vehicles/calendar', routes)?.route.operationId).toBe('cal');
    expect(matchRoute('GET', '/api/v1/vehicles/01ABC', routes)).toMatchObject({
      route: { operationId: 'get' },
      params: { id: '01ABC' },
    });
    expect(matchRoute('GET', '/api/v1/vehicles', routes)?.route.operationId).toBe('list');
  });
  it('does not match other methods or deeper paths', () => {
    expect(matchRoute('POST', '/api/v1/vehicles/1', routes)).toBeUndefined();
    expect(matchRoute('GET', '/api/v1/vehicles/1/extra', routes)).toBeUndefined();
  });
  it('treats a malformed escape as no route (404), not a crash', () => {
    expect(matchRoute('GET', '/api/v1/vehicles/%E0%A4%A', routes)).toBeUndefined();
    expect(matchRoute('GET', '/api/v1/vehicles/a%23b', routes)?.params).toEqual({ id: 'a#b' });
  });
});

describe('local gateway authorizer', () => {
  let jwksServer: Server;
  let gateway: Server;
  let base: string;
  let privateKey: CryptoKey;
  let issuer: string;
  const seen: unknown[] = [];

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const jwksPort = await freePort();
    issuer = `http://127.0.0.1:${jwksPort}/pool_1`;
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(jwksPort, '127.0.0.1', () => r()));
    const web = mkdtempSync(join(tmpdir(), 'sayyara-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(web, 'assets', 'app-abcdef12.js'), 'console.log(1)');
    const port = await freePort();
    gateway = await startGateway({
      port,
      webDir: web,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      clientId: 'client-1',
      routes: [
        { operationId: 'health', method: 'GET', path: '/api/health', domain: 'platform', auth: 'public', summary: '' },
        { operationId: 'me', method: 'GET', path: '/api/auth/me', domain: 'auth', auth: 'authenticated', summary: '' },
        {
          operationId: 'small',
          method: 'POST',
          path: '/api/v1/small',
          domain: 'platform',
          auth: 'public',
          summary: '',
          maxBodyBytes: 100,
        },
      ],
      loadHandler: async () => async (event: any) => {
        seen.push(event);
        return {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ claims: event.requestContext.authorizer?.jwt?.claims ?? null }),
        };
      },
    });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((r) => gateway.close(r));
    await new Promise((r) => jwksServer.close(r));
  });

  const token = (claims: Record<string, unknown>, exp = '1h') =>
    new SignJWT({ token_use: 'access', client_id: 'client-1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setSubject('user-sub')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(privateKey);

  it('passes public routes through without claims', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).claims).toBeNull();
  });

  it('fills claims only after verifying signature, issuer, expiry, token use and client', async () => {
    const url = `${base}/api/auth/me`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${await token({}, '-1m')}` } })).status).toBe(401);
    expect(
      (await fetch(url, { headers: { authorization: `Bearer ${await token({ client_id: 'other' })}` } })).status,
    ).toBe(401);
    expect(
      (await fetch(url, { headers: { authorization: `Bearer ${await token({ token_use: 'id' })}` } })).status,
    ).toBe(401);
    const good = await fetch(url, { headers: { authorization: `Bearer ${await token({})}` } });
    expect(good.status).toBe(200);
    expect((await good.json()).claims).toMatchObject({ sub: 'user-sub', token_use: 'access' });
  });

  it('answers 413 TOO_LARGE above the route body limit without calling the handler', async () => {
    const before = seen.length;
    const over = await fetch(`${base}/api/v1/small`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(200) }),
    });
    expect(over.status).toBe(413);
    expect((await over.json()).error.code).toBe('TOO_LARGE');
    expect(seen.length).toBe(before);
    const fits = await fetch(`${base}/api/v1/small`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"b"}',
    });
    expect(fits.status).toBe(200);
  });

  it('compresses text files like CloudFront (brotli, else gzip), and not without Accept-Encoding', async () => {
    const br = await fetch(`${base}/assets/app-abcdef12.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('console.log(1)');
    const gz = await fetch(`${base}/assets/app-abcdef12.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('console.log(1)');
    const plain = await fetch(`${base}/assets/app-abcdef12.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('serves the SPA fallback, static files, the redirect table and 404 for missing assets', async () => {
    const spa = await fetch(`${base}/vehicles/123`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<title>app</title>');
    expect((await fetch(`${base}/assets/app-abcdef12.js`)).headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const redirect = await fetch(`${base}/branding`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/company-settings?tab=branding');
    const login = await fetch(`${base}/login?next=x`, { redirect: 'manual' });
    expect(login.headers.get('location')).toBe('/auth?next=x');
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { REDIRECTS } from '../../shared/redirects';
import { REDIRECT_STATUS, buildViewerRequestCode } from '../../infra/edge/viewer-request-code';

interface QueryValue {
  value: string;
  multiValue?: { value: string }[];
}
interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, QueryValue>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, { value: string }>;
}

const code = buildViewerRequestCode();
// A fresh context with no Node globals, close to what the CloudFront Functions runtime offers.
const handler = runInNewContext(`${code}\n;handler`, {}, { filename: 'viewer-request.js' }) as (
  event: unknown,
) => CfRequest | CfResponse;

/** Builds a viewer-request event the way CloudFront does: query values still percent-encoded. */
function run(uri: string, query: Record<string, string | string[]> = {}): CfRequest | CfResponse {
  const querystring: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    querystring[name] =
      values.length > 1 ? { value: values[0], multiValue: values.map((v) => ({ value: v })) } : { value: values[0] };
  }
  return handler({
    version: '1.0',
    context: { eventType: 'viewer-request', distributionDomainName: 'd111111abcdef8.cloudfront.net' },
    viewer: { ip: '198.51.100.7' },
    request: { method: 'GET', uri, querystring, headers: { host: { value: 'app.example.com' } }, cookies: {} },
  });
}

const isResponse = (r: CfRequest | CfResponse): r is CfResponse => 'statusCode' in r;
const locationOf = (r: CfRequest | CfResponse): string => {
  if (!isResponse(r)) throw new Error(`expected a redirect, got a request for ${r.uri}`);
  return r.headers.location.value;
};

describe('generated code', () => {
  it('embeds the redirect table of shared/redirects.ts and fits the 10 KB function limit', () => {
    expect(code).not.toContain('__REDIRECTS__');
    expect(code).toContain(JSON.stringify(REDIRECTS));
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
  });

  it('fills in whatever table it is given', () => {
    expect(() => buildViewerRequestCode({})).not.toThrow();
    expect(buildViewerRequestCode({ '/a': '/b' })).toContain('{"/a":"/b"}');
  });

  it('uses only ES5-style syntax the runtime parses (no import/export/require)', () => {
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toMatch(/\brequire\(/);
  });
});

describe('redirect table', () => {
  it.each(Object.entries(REDIRECTS))('%s redirects to %s', (from, to) => {
    const res = run(from);
    expect(isResponse(res)).toBe(true);
    expect((res as CfResponse).statusCode).toBe(REDIRECT_STATUS);
    expect([301, 302]).toContain(REDIRECT_STATUS);
    expect(locationOf(res)).toBe(to);
  });

  it('matches the spec table', () => {
    expect(locationOf(run('/ai/recommendations'))).toBe('/ai-insights');
    expect(locationOf(run('/ai/maintenance-predictions'))).toBe('/ai-insights');
    expect(locationOf(run('/fleet-health'))).toBe('/fleet-analytics');
    expect(locationOf(run('/branding'))).toBe('/company-settings?tab=branding');
    expect(locationOf(run('/profile'))).toBe('/company-settings?tab=profile');
    expect(locationOf(run('/settings'))).toBe('/company-settings?tab=preferences');
    expect(locationOf(run('/security'))).toBe('/company-settings?tab=security');
    expect(locationOf(run('/login'))).toBe('/auth');
    expect(locationOf(run('/company-registration'))).toBe('/auth');
  });

  it('keeps the query string on a target without one', () => {
    expect(locationOf(run('/login', { demo: 'true' }))).toBe('/auth?demo=true');
    expect(locationOf(run('/fleet-health', { from: '2025-01-01', to: '2025-02-01' }))).toBe(
      '/fleet-analytics?from=2025-01-01&to=2025-02-01',
    );
  });

  it("adds the viewer's other parameters after the target's own", () => {
    expect(locationOf(run('/branding', { ref: 'menu' }))).toBe('/company-settings?tab=branding&ref=menu');
  });

  it("lets the target's parameter win over the viewer's value for the same name", () => {
    expect(locationOf(run('/settings', { tab: 'billing', x: '1' }))).toBe('/company-settings?tab=preferences&x=1');
  });

  it('keeps repeated parameters and percent-encoding as they came', () => {
    expect(locationOf(run('/login', { next: '%2Fvehicles%3Fa%3Db', id: ['1', '2'] }))).toBe(
      '/auth?next=%2Fvehicles%3Fa%3Db&id=1&id=2',
    );
  });

  it('treats a trailing slash as the same path', () => {
    expect(locationOf(run('/login/'))).toBe('/auth');
  });

  it('does not redirect prefixes or look-alikes', () => {
    for (const uri of ['/login2', '/settings/extra', '/Login', '/ai', '/security.txt']) {
      expect(isResponse(run(uri)), uri).toBe(false);
    }
  });

  it('is not fooled by names inherited from Object.prototype', () => {
    for (const uri of ['/constructor', '/__proto__', '/toString']) {
      const res = run(uri);
      expect(isResponse(res), uri).toBe(false);
      expect((res as CfRequest).uri).toBe('/index.html');
    }
  });
});

describe('SPA fallback', () => {
  it.each(['/vehicles/123', '/dashboard', '/dashboard/accounting/trial-balance', '/auth', '/', '/vehicles/'])(
    '%s is served by /index.html',
    (uri) => {
      const res = run(uri, { demo: 'true' });
      expect(isResponse(res)).toBe(false);
      expect((res as CfRequest).uri).toBe('/index.html');
      // The query string still reaches the app.
      expect((res as CfRequest).querystring.demo.value).toBe('true');
    },
  );

  it.each([
    '/assets/app.js',
    '/assets/index-3f9a1c.css',
    '/service-worker.js',
    '/favicon.ico',
    '/manifest.webmanifest',
    '/index.html',
  ])('%s (a file) passes through unchanged', (uri) => {
    const res = run(uri);
    expect(isResponse(res)).toBe(false);
    expect((res as CfRequest).uri).toBe(uri);
  });

  it.each([
    '/api/health',
    '/api/v1/vehicles',
    '/api/v1/vehicles/01J0000000000000000000000',
    '/api/v1/openapi.json',
    '/api',
  ])('%s (API) is never rewritten', (uri) => {
    const res = run(uri);
    expect(isResponse(res)).toBe(false);
    expect((res as CfRequest).uri).toBe(uri);
  });
});

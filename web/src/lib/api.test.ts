import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  ApiError,
  REFRESH_TOKEN_KEY,
  TOKEN_DATA_KEY,
  apiRequest,
  fetcher,
  getTokenData,
  refreshTokens,
  storeTokens,
  tokensValid,
  uploadFile,
} from './api';

const MIN = 60_000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; init: RequestInit };
let calls: Call[];
function mockFetch(...responses: (Response | (() => Response))[]) {
  calls = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = queue.shift();
      if (!next) throw new Error(`unexpected fetch ${url}`);
      return typeof next === 'function' ? next() : next;
    }),
  );
}
const header = (c: Call, name: string) => (c.init.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('token validity', () => {
  it('needs both tokens', () => {
    expect(tokensValid()).toBe(false);
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 });
    expect(tokensValid()).toBe(true);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    expect(tokensValid()).toBe(false);
  });

  it('stores issuedAt with the tokens under sy_ keys', () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 }, 1_000);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('a');
    expect(JSON.parse(localStorage.getItem(TOKEN_DATA_KEY)!)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresIn: 3600,
      issuedAt: 1_000,
    });
  });

  it('counts tokens within 5 minutes of expiry as expiring', () => {
    const issuedAt = 1_000_000;
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 }, issuedAt);
    const expiry = issuedAt + 3600 * 1000;
    expect(tokensValid(expiry - 5 * MIN - 1)).toBe(true);
    expect(tokensValid(expiry - 5 * MIN)).toBe(false);
    expect(tokensValid(expiry - 4 * MIN)).toBe(false);
  });
});

describe('refresh', () => {
  it('refreshes before a request when the access token is expiring', async () => {
    storeTokens({ accessToken: 'old', refreshToken: 'r1', expiresIn: 60 }); // inside the 5-minute margin
    mockFetch(
      json(200, { success: true, tokens: { accessToken: 'new', refreshToken: 'r2', expiresIn: 3600 } }),
      json(200, { ok: 1 }),
    );
    await expect(apiRequest('GET', '/api/v1/vehicles')).resolves.toEqual({ ok: 1 });
    expect(calls[0].url).toBe('/api/v1/auth/refresh');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ refreshToken: 'r1' });
    expect(header(calls[1], 'Authorization')).toBe('Bearer new');
    expect(getTokenData()?.refreshToken).toBe('r2');
  });

  it('clears the tokens and reports false when refresh fails', async () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(json(200, { success: true })); // no tokens in the answer
    await expect(refreshTokens()).resolves.toBe(false);
    expect(getTokenData()).toBeNull();
  });

  it('on 401 refreshes once and retries once', async () => {
    storeTokens({ accessToken: 'a1', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(
      json(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' } }),
      json(200, { success: true, tokens: { accessToken: 'a2', refreshToken: 'r', expiresIn: 3600 } }),
      json(200, { items: [] }),
    );
    await expect(apiRequest('GET', '/api/v1/customers')).resolves.toEqual({ items: [] });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/customers', '/api/v1/auth/refresh', '/api/v1/customers']);
    expect(header(calls[2], 'Authorization')).toBe('Bearer a2');
  });

  it('does not loop: a second 401 after the retry is thrown', async () => {
    storeTokens({ accessToken: 'a1', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(
      json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }),
      json(200, { success: true, tokens: { accessToken: 'a2', refreshToken: 'r', expiresIn: 3600 } }),
      json(401, { error: { code: 'UNAUTHORIZED', message: 'still no' } }),
    );
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow(/^401: /);
    expect(calls).toHaveLength(3);
  });

  it('shares one refresh between concurrent callers', async () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(json(200, { success: true, tokens: { accessToken: 'b', refreshToken: 'r', expiresIn: 3600 } }));
    const [x, y] = await Promise.all([refreshTokens(), refreshTokens()]);
    expect([x, y]).toEqual([true, true]);
    expect(calls).toHaveLength(1);
  });

  it('does not refresh on 401 when no token was sent', async () => {
    mockFetch(json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } }));
    await expect(apiRequest('POST', '/api/auth/login', { username: 'u', password: 'p' })).rejects.toThrow('401: ');
    expect(calls).toHaveLength(1);
  });
});

describe('requests and errors', () => {
  it('sends JSON content type only with a body', async () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(json(200, {}), json(200, {}));
    await apiRequest('GET', '/api/a');
    await apiRequest('POST', '/api/b', { x: 1 });
    expect(header(calls[0], 'Content-Type')).toBeUndefined();
    expect(header(calls[1], 'Content-Type')).toBe('application/json');
    expect(header(calls[1], 'Authorization')).toBe('Bearer a');
  });

  it('uploads form data with the bearer header and no content type', async () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600 });
    mockFetch(json(200, { id: 'd1' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.pdf');
    await uploadFile('/api/v1/documents', form);
    expect(calls[0].init.body).toBe(form);
    expect(header(calls[0], 'Content-Type')).toBeUndefined();
    expect(header(calls[0], 'Authorization')).toBe('Bearer a');
  });

  it('treats an empty body as {} and a non-JSON body as text', async () => {
    mockFetch(new Response(null, { status: 204 }), new Response('plain words', { status: 200 }));
    await expect(apiRequest('POST', '/api/logout')).resolves.toEqual({});
    await expect(apiRequest('GET', '/api/text')).resolves.toBe('plain words');
  });

  it('throws `${status}: ${text}` with the server error parsed', async () => {
    const body = {
      error: { code: 'CONFLICT', message: 'Username already taken', fields: { username: 'Username already taken' } },
    };
    mockFetch(json(409, body));
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(e.status).toBe(409);
    expect(e.code).toBe('CONFLICT');
    expect(e.serverMessage).toBe('Username already taken');
    expect(e.fields).toEqual({ username: 'Username already taken' });
  });

  it('uses the status text when the error body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('the default fetcher GETs the first key string and yields null on 401', async () => {
    mockFetch(json(200, { items: [1] }), json(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await expect(fetcher(['/api/v1/vehicles', { status: 'available' }])).resolves.toEqual({ items: [1] });
    expect(calls[0].url).toBe('/api/v1/vehicles');
    await expect(fetcher('/api/v1/alerts')).resolves.toBeNull();
  });
});

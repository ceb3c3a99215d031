/**
 * API client (spec §4 session, §7 calls, §8 transport rules).
 *
 * - Tokens live in localStorage under `sy_` keys; they count as valid only when both exist and
 *   the access token is more than 5 minutes from expiry.
 * - Before a request with expiring tokens, a refresh is tried (failure clears the tokens).
 * - A 401 on a request sent with a token, when no refresh was just tried, refreshes once and
 *   retries once.
 * - Non-OK answers throw ApiError with message `${status}: ${text}` plus the parsed server error
 *   (`{ error: { code, message, fields? } }`) so forms can show field errors.
 */
import { TOKEN_REFRESH_MARGIN_MS } from '../../../shared/constants';

export const ACCESS_TOKEN_KEY = 'sy_access_token';
export const REFRESH_TOKEN_KEY = 'sy_refresh_token';
export const TOKEN_DATA_KEY = 'sy_token_data';
export const REFRESH_PATH = '/api/v1/auth/refresh';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires, counted from issuedAt. */
  expiresIn: number;
}
export interface TokenData extends Tokens {
  /** Millisecond timestamp added when the tokens were stored. */
  issuedAt: number;
}

export interface ServerErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  /** Raw response text (or status text when the body was empty). */
  readonly body: string;
  /** The server's `error.code`, when it sent one. */
  readonly code?: string;
  /** The server's human message (`error.message`), when it sent one. */
  readonly serverMessage?: string;
  /** Field errors keyed by field name (`error.fields`), for forms. */
  readonly fields?: Record<string, string>;

  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseServerError(body);
    this.code = parsed?.code;
    this.serverMessage = parsed?.message;
    this.fields = parsed?.fields;
  }
}

function parseServerError(text: string): ServerErrorBody | undefined {
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object') {
      const err = (json as { error?: unknown }).error;
      if (err && typeof err === 'object') return err as ServerErrorBody;
      // Some handlers answer { message } without the envelope.
      const message = (json as { message?: unknown }).message;
      if (typeof message === 'string') return { message };
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return undefined;
}

/** The server's message if it sent one, otherwise the fallback (for toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

/** 4xx errors are the caller's problem and are not retried (spec §8). */
export function isClientError(error: unknown): boolean {
  return error instanceof Error && /^4\d\d\b/.test(error.message);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401');
}

// ---------------------------------------------------------------------------------------------
// Token storage
// ---------------------------------------------------------------------------------------------

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const tokenListeners = new Set<() => void>();
/** Notified when tokens are stored or cleared (the session reacts to a failed refresh). */
export function onTokensChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}
function emitTokens(): void {
  for (const l of tokenListeners) l();
}

export function storeTokens(tokens: Tokens, now: number = Date.now()): void {
  const s = storage();
  if (!s) return;
  const data: TokenData = { ...tokens, issuedAt: now };
  s.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  s.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  s.setItem(TOKEN_DATA_KEY, JSON.stringify(data));
  emitTokens();
}

export function clearTokens(): void {
  const s = storage();
  if (!s) return;
  const had = !!s.getItem(ACCESS_TOKEN_KEY) || !!s.getItem(REFRESH_TOKEN_KEY);
  s.removeItem(ACCESS_TOKEN_KEY);
  s.removeItem(REFRESH_TOKEN_KEY);
  s.removeItem(TOKEN_DATA_KEY);
  if (had) emitTokens();
}

export function getTokenData(): TokenData | null {
  const s = storage();
  const accessToken = s?.getItem(ACCESS_TOKEN_KEY);
  const refreshToken = s?.getItem(REFRESH_TOKEN_KEY);
  if (!accessToken || !refreshToken) return null;
  try {
    const data = JSON.parse(s?.getItem(TOKEN_DATA_KEY) ?? 'null') as Partial<TokenData> | null;
    if (!data || typeof data.expiresIn !== 'number' || typeof data.issuedAt !== 'number') {
      // Unknown expiry: treat as expiring so the next request refreshes first.
      return { accessToken, refreshToken, expiresIn: 0, issuedAt: 0 };
    }
    return { accessToken, refreshToken, expiresIn: data.expiresIn, issuedAt: data.issuedAt };
  } catch {
    return { accessToken, refreshToken, expiresIn: 0, issuedAt: 0 };
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function hasStoredTokens(): boolean {
  return getTokenData() !== null;
}

/** Valid only when both tokens exist and the access token is not within 5 minutes of expiry. */
export function tokensValid(now: number = Date.now()): boolean {
  const data = getTokenData();
  if (!data) return false;
  return now < data.issuedAt + data.expiresIn * 1000 - TOKEN_REFRESH_MARGIN_MS;
}

// ---------------------------------------------------------------------------------------------
// Refresh
// ---------------------------------------------------------------------------------------------

let refreshing: Promise<boolean> | null = null;

/**
 * POST /api/v1/auth/refresh {refreshToken}. Resolves true when new tokens were stored; any
 * failure (non-OK, missing success or tokens, network error) clears the tokens and gives false.
 * Concurrent callers share one refresh so a burst of 401s sends a single request.
 */
export function refreshTokens(): Promise<boolean> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function doRefresh(): Promise<boolean> {
  const refreshToken = storage()?.getItem(REFRESH_TOKEN_KEY);
  if (!refreshToken) {
    clearTokens();
    return false;
  }
  try {
    const res = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ refreshToken }),
    });
    if (!res.ok) throw new Error(String(res.status));
    const json = (await res.json()) as { success?: boolean; tokens?: Partial<Tokens> };
    const t = json.tokens;
    if (!json.success || !t?.accessToken || typeof t.expiresIn !== 'number') throw new Error('bad refresh');
    // Cognito does not rotate refresh tokens: keep the old one when none is returned.
    storeTokens({ accessToken: t.accessToken, refreshToken: t.refreshToken || refreshToken, expiresIn: t.expiresIn });
    return true;
  } catch {
    clearTokens();
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false: send without the bearer token and without refresh/retry (sign-in and sign-up, where
   * a stale token must not turn a bad-password 401 into a refresh attempt).
   */
  auth?: boolean;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(
  method: HttpMethod,
  path: string,
  body: BodyInit | undefined,
  isJson: boolean,
  options: RequestOptions,
  allowRetry: boolean,
): Promise<unknown> {
  const useAuth = options.auth !== false;
  // Refresh first when the tokens are about to expire (only if we have some to refresh).
  if (useAuth && hasStoredTokens() && !tokensValid()) await refreshTokens();

  const token = useAuth ? getAccessToken() : null;
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (isJson && body !== undefined) headers['Content-Type'] = 'application/json';

  const res = await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });

  if (res.status === 401 && token && allowRetry) {
    if (await refreshTokens()) return send(method, path, body, isJson, options, false);
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new ApiError(res.status, text);
  }
  return parseBody(res);
}

/** JSON request. `data` is serialised when given; the answer is parsed JSON, text, or {} when empty. */
export function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const body = data === undefined ? undefined : JSON.stringify(data);
  return send(method, path, body, true, options, true) as Promise<T>;
}

/** Form-data upload: bearer header, no Content-Type (the browser sets the multipart boundary). */
export function uploadFile<T = unknown>(path: string, form: FormData, options: RequestOptions = {}): Promise<T> {
  return send('POST', path, form, false, options, true) as Promise<T>;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, data?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, data, options),
  put: <T = unknown>(path: string, data?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, data, options),
  patch: <T = unknown>(path: string, data?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, data, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
  upload: uploadFile,
};

/** Cache key → path: the first string of an array key, or the key itself. */
export function keyToPath(key: unknown): string {
  const first = Array.isArray(key) ? key[0] : key;
  if (typeof first !== 'string') throw new Error('Query key must start with a path string');
  return first;
}

/** Default SWR fetcher: GET the key's path; a 401 (after the refresh-retry) yields null. */
export async function fetcher<T = unknown>(key: unknown): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', keyToPath(key));
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

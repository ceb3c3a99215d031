import { checkResponse } from '../../shared/routes/response-contract';

/**
 * HTTP client for integration tests: every call goes through the local gateway (BASE_URL), as a
 * browser's would, and every successful answer is checked against its route's declared response
 * (shared/routes/response-contract.ts).
 */
export const BASE_URL = process.env.SAYYARA_URL ?? 'http://127.0.0.1:3000';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  raw?: BodyInit;
}

export async function call<T = any>(path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${BASE_URL.replace('localhost', '127.0.0.1')}${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    /* not JSON */
  }
  checkResponse(opts.method ?? (body ? 'POST' : 'GET'), path, res.status, res.headers.get('content-type'), parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const get = <T = any>(path: string, token?: string) => call<T>(path, { token });
export const post = <T = any>(path: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  call<T>(path, { method: 'POST', body, token, headers });
export const patch = <T = any>(path: string, body: unknown, token?: string) =>
  call<T>(path, { method: 'PATCH', body, token });
export const put = <T = any>(path: string, body: unknown, token?: string) =>
  call<T>(path, { method: 'PUT', body, token });
export const del = <T = any>(path: string, token?: string) => call<T>(path, { method: 'DELETE', token });

/** A short unique suffix for names that must be unique across the whole run. */
export function unique(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * The books' setup (POST /accounting/setup) answers 202 with a background task (issue 30): this starts it and
 * waits until it is done; answers the task's last GET (status 200, body the finished task).
 */
export async function setupBooks(token?: string): Promise<ApiResponse> {
  const started = await post('/api/v1/accounting/setup', {}, token);
  if (started.status !== 202) return started;
  return waitForTask(started.body.id, token);
}

/**
 * The books' self-check (issue 30: a background task over the whole history): POST /accounting/self-check starts a
 * run (or joins the one in progress), this waits until it is done and answers GET /accounting/self-check — the
 * same response as before the task (`status`, `body.checks`), plus `checkedAt` and `latestRun`. A refused POST
 * (403, 404) is answered as it is; a run that does not finish throws, so no test reads an older result as green.
 */
export async function checkBooks(token?: string): Promise<ApiResponse> {
  const started = await post('/api/v1/accounting/self-check', {}, token);
  if (started.status !== 202) return started;
  const task = await waitForTask(started.body.id, token);
  if (task.body?.status !== 'done') throw new Error(`self-check run did not finish: ${JSON.stringify(task.body)}`);
  return get('/api/v1/accounting/self-check', token);
}

/** Polls GET /accounting/tasks/{id} until the task is done or failed (150 s at most: a busy machine). */
export async function waitForTask(id: string, token?: string, timeoutMs = 150_000): Promise<ApiResponse> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(`/api/v1/accounting/tasks/${id}`, token);
    if (res.status !== 200 || ['done', 'failed'].includes(res.body.status) || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

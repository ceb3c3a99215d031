import type { IncomingMessage, ServerResponse } from 'node:http';
import { EDGE_WINDOW_SECONDS, RATE_LIMITED_BODY, edgeLimitFor } from '../edge/limits';

/**
 * The local stand-in for the WAF rate-based rules (infra/stacks/waf.ts): the same table (infra/edge/limits.ts), a
 * sliding window of the last minute per client, 429 with Retry-After (the seconds until the oldest counted request
 * leaves the window) and the same JSON body WAF's custom response sends.
 *
 * Who is a client:
 * - 'per-address' (`npm start`): the socket's address, as WAF aggregates by IP. A browser and a script on this
 *   machine share one budget, exactly as they would behind one public address.
 * - 'keyed' (the test harness and the bench): the integration and browser tests all come from 127.0.0.1 and sign
 *   in hundreds of times a minute, so one address would throttle the suite. There only requests carrying
 *   LIMIT_KEY_HEADER are counted, each key as its own client: a test of the limits sends a fresh key and sees the
 *   real limit, everything else passes. The header means nothing in 'per-address' mode (rotating it cannot buy a
 *   new budget), and nothing in the cloud: the gateway is local only.
 */
export type EdgeLimitMode = 'per-address' | 'keyed';
export const LIMIT_KEY_HEADER = 'x-sayyara-limit-key';

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request of `key`; undefined when it is allowed, else the seconds to wait (a refusal is not counted). */
  take(key: string, limit: number, windowMs: number): number | undefined {
    const t = this.now();
    if (++this.calls % 1000 === 0) this.sweep(t, windowMs);
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - windowMs);
    this.hits.set(key, recent);
    if (recent.length >= limit) return Math.max(1, Math.ceil((recent[0] + windowMs - t) / 1000));
    recent.push(t);
    return undefined;
  }

  /** Forgets clients with nothing left in the window, so a long `npm start` does not grow the map. */
  private sweep(t: number, windowMs: number) {
    for (const [key, list] of this.hits) if (!list.some((at) => at > t - windowMs)) this.hits.delete(key);
  }
}

/** Answers 429 and returns true when the request is over its limit; false lets it through. */
export function refuseOverLimit(
  window: SlidingWindow,
  mode: EdgeLimitMode,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  const limit = edgeLimitFor(req.method ?? 'GET', path);
  if (!limit) return false;
  const address = req.socket.remoteAddress ?? 'unknown';
  const header = req.headers[LIMIT_KEY_HEADER];
  const testKey = Array.isArray(header) ? header[0] : header;
  if (mode === 'keyed' && !testKey) return false;
  const client = mode === 'keyed' ? `${address}|${testKey}` : address;
  const wait = window.take(`${limit.name}|${client}`, limit.limit, EDGE_WINDOW_SECONDS * 1000);
  if (wait === undefined) return false;
  const text = JSON.stringify(RATE_LIMITED_BODY);
  res.writeHead(429, {
    'content-type': 'application/json',
    'retry-after': String(wait),
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
  return true;
}

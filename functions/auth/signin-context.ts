import { randomBytes } from 'node:crypto';
import type { RequestCtx } from '../lib/http';

/**
 * Where a sign-in comes from (issue 16). In the cloud, API Gateway sits behind CloudFront, so the
 * socket address API Gateway sees is an edge server's: the viewer's address and country come from
 * the headers CloudFront adds when the origin request policy forwards them —
 * `CloudFront-Viewer-Address` (`ip:port`) and `CloudFront-Viewer-Country` (ISO 3166-1 alpha-2).
 * CloudFront sets these itself, overwriting what a client sends.
 *
 * Locally there is no CloudFront and no GeoIP database: the local gateway passes request headers
 * through unchanged, so a run (or a test) states the country and address by sending the same two
 * headers; without them the IP is the socket's and the country is unknown (null).
 */
export interface SigninOrigin {
  ip: string;
  country: string | null;
  userAgent: string | null;
  /**
   * The browser's device id (cookie `sayyara_device`, set by the sign-in answer when missing): with the user agent, the
   * device fingerprint.
   */
  deviceCookie: string | null;
}

export const DEVICE_COOKIE = 'sayyara_device';
const DEVICE_COOKIE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The device-id cookie of the request (HTTP API v2 puts cookies in `event.cookies`; the local gateway in the header).
 */
export function deviceCookieOf(ctx: Partial<Pick<RequestCtx, 'headers' | 'event'>>): string | null {
  const all = [
    ...((ctx.event as { cookies?: string[] } | undefined)?.cookies ?? []),
    ...(ctx.headers?.cookie ?? '').split(';'),
  ];
  for (const c of all) {
    const [name, ...rest] = c.trim().split('=');
    const value = rest.join('=');
    if (name === DEVICE_COOKIE && DEVICE_COOKIE_PATTERN.test(value)) return value;
  }
  return null;
}

/**
 * A browser signing in without a device id gets one: the request is given it (so this sign-in is
 * fingerprinted with it) and the answer sets it — HttpOnly, for the API's path only, two years.
 */
export function ensureDeviceCookie(
  ctx: Partial<Pick<RequestCtx, 'headers' | 'event'>> & { headers: Record<string, string> },
): Record<string, string> {
  if (deviceCookieOf(ctx)) return {};
  const id = randomBytes(18).toString('base64url');
  ctx.headers.cookie = `${ctx.headers.cookie ? `${ctx.headers.cookie}; ` : ''}${DEVICE_COOKIE}=${id}`;
  const secure =
    ctx.headers['x-forwarded-proto'] === 'https' || !!ctx.headers['cloudfront-viewer-country'] ? '; Secure' : '';
  return { 'set-cookie': `${DEVICE_COOKIE}=${id}; Path=/api; Max-Age=63072000; HttpOnly; SameSite=Lax${secure}` };
}

export function signinOrigin(ctx: Partial<Pick<RequestCtx, 'headers' | 'event'>>): SigninOrigin {
  const h = ctx.headers ?? {};
  const viewer = h['cloudfront-viewer-address'];
  // "203.0.113.7:443" or "[2001:db8::1]:443" / "2001:db8::1:443": the port is after the last colon.
  const fromViewer = viewer ? viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '') : undefined;
  const ip = (fromViewer || ctx.event?.requestContext?.http?.sourceIp || 'unknown').slice(0, 64).replace(/[#\s]/g, '');
  const c = (h['cloudfront-viewer-country'] ?? '').trim().toUpperCase();
  return {
    ip,
    country: /^[A-Z]{2}$/.test(c) ? c : null,
    userAgent: (h['user-agent'] ?? '').slice(0, 300) || null,
    deviceCookie: deviceCookieOf(ctx),
  };
}

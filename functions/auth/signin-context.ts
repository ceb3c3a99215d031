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
}

export function signinOrigin(ctx: Partial<Pick<RequestCtx, 'headers' | 'event'>>): SigninOrigin {
  const h = ctx.headers ?? {};
  const viewer = h['cloudfront-viewer-address'];
  // "203.0.113.7:443" or "[2001:db8::1]:443" / "2001:db8::1:443": the port is after the last colon.
  const fromViewer = viewer ? viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '') : undefined;
  const ip = (fromViewer || ctx.event?.requestContext?.http?.sourceIp || 'unknown').slice(0, 64).replace(/[#\s]/g, '');
  const c = (h['cloudfront-viewer-country'] ?? '').trim().toUpperCase();
  return { ip, country: /^[A-Z]{2}$/.test(c) ? c : null, userAgent: (h['user-agent'] ?? '').slice(0, 300) || null };
}

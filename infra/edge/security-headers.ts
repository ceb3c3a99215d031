/**
 * The security headers of every answer (issue 31): ONE definition read by the CloudFront response-headers policy
 * (infra/stacks/web-stack.ts) and by the local gateway (infra/local/gateway.ts), so a page that breaks the policy
 * breaks locally and in the browser tests first.
 */
export interface CspOrigins {
  /** Where the browser PUTs and GETs presigned URLs (the documents bucket; s3rver locally). */
  documents: string;
  /** Other origins fetch() may reach (the API's own domain, the map service). */
  connect?: string[];
}

/**
 * A strict policy: scripts only from the app's own files (index.html has no inline script: web/public/boot.js runs
 * before first paint), no eval, no plugins, no framing, forms and <base> only to itself. Inline *styles* stay allowed:
 * React style props and the chart library set them, and a style cannot run code.
 */
export function contentSecurityPolicy(o: CspOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${o.documents}`,
    "font-src 'self' data:",
    ["connect-src 'self'", ...(o.connect ?? []), o.documents].join(' '),
    // The map renderer (maplibre's CSP build) runs its workers from the app's own files.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Two years, subdomains included (the preload list's minimum is one). */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 3600;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Camera for document/MRZ capture and location for the GPS pages; nothing else. */
export const PERMISSIONS_POLICY = 'camera=(self), geolocation=(self), microphone=(), payment=()';

/** The headers as the gateway sends them (lower-case names), CloudFront's policy sets the same values. */
export function securityHeaders(o: CspOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(o),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

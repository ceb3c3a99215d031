/**
 * The ONE place a link to the app is built (emails, PDFs, payment return pages, signing links).
 *
 * The app's public base URL comes from configuration, never from a default:
 *   - APP_URL: set by the CDK app on every Lambda that builds links (the web distribution's
 *     https domain, or the `appUrl` context value for a custom domain), and locally by
 *     infra/local/env.ts to the gateway's own origin (the harness gateway's real port);
 *   - else the first WEB_ORIGIN that is an origin (not "*");
 *   - else, for request-driven links only, the browser's Origin header passed by the caller
 *     (the API sits under the app's origin, /api/*).
 * With none of these it throws: a link to a wrong host (the old `http://localhost:3000`
 * fallback mailed every customer a dead link) is worse than a refused send.
 */
const ORIGIN = /^https?:\/\/[^/\s]+$/;

export class AppUrlUnknownError extends Error {
  constructor() {
    super("The app URL is unknown: set APP_URL (the app's public origin)");
    this.name = 'AppUrlUnknownError';
  }
}

function configuredAppUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.APP_URL, ...(env.WEB_ORIGIN ?? '').split(',')];
  for (const raw of candidates) {
    const value = (raw ?? '').trim().replace(/\/+$/, '');
    if (value && value !== '*' && ORIGIN.test(value)) return value;
  }
  return undefined;
}

/** The app's base URL without a trailing slash, e.g. `https://d123.cloudfront.net`. */
export function appUrl(requestOrigin?: string): string {
  const configured = configuredAppUrl();
  if (configured) return configured;
  const fromRequest = (requestOrigin ?? '').trim().replace(/\/+$/, '');
  if (ORIGIN.test(fromRequest)) return fromRequest;
  throw new AppUrlUnknownError();
}

/**
 * An absolute link to a page of the app: `appLink('/documents', { scope: 'vehicle', id })`.
 * Query values are URL-encoded; undefined values are left out.
 */
export function appLink(
  path: string,
  query: Record<string, string | number | undefined> = {},
  requestOrigin?: string,
): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, `${appUrl(requestOrigin)}/`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/**
 * Rate limits at the door (issue 31): ONE table read by the CDK WAF web ACLs (infra/stacks/waf.ts, rate-based rules)
 * and by the local gateway (infra/local/gateway.ts, 429 + Retry-After), so the two cannot drift apart.
 *
 * Each limit counts the requests of one client address (WAF: the viewer IP; locally the socket address) to the
 * rule's paths over the last minute (WAF's shortest evaluation window is 60 s, so every limit is per minute).
 * The numbers are what a real person or device needs, written down beside each one; anything above is refused.
 */
export interface EdgePathMatch {
  /** The URI path, matched exactly or as a prefix (WAF ByteMatch EXACTLY / STARTS_WITH on UriPath). */
  path: string;
  match: 'exact' | 'prefix';
}

export interface EdgeRateLimit {
  /** WAF rule and metric name (letters, digits, hyphens). */
  name: string;
  paths: EdgePathMatch[];
  /** Only these methods count (WAF ByteMatch on the method); undefined: every method. */
  methods?: string[];
  /** Requests per window from one address. */
  limit: number;
  windowSeconds: 60;
  why: string;
}

export const EDGE_WINDOW_SECONDS = 60;

export const EDGE_RATE_LIMITS: readonly EdgeRateLimit[] = [
  {
    name: 'sign-in',
    paths: [{ path: '/api/auth/login', match: 'prefix' }], // the password step and the MFA step (/login/mfa)
    methods: ['POST'],
    limit: 30,
    windowSeconds: 60,
    why:
      'Issue 31: at most 30 a minute. A person signs in with one or two tries (two requests with MFA); 30 leaves ' +
      'room for a whole office behind one NAT address starting its shift, and stops password spraying at 30 guesses.',
  },
  {
    name: 'sign-up',
    paths: [{ path: '/api/register', match: 'exact' }],
    methods: ['POST'],
    limit: 10,
    windowSeconds: 60,
    why:
      'A company signs up once; a person correcting a taken username or a weak password retries a few times. ' +
      'Ten a minute from one address is more than any real sign-up needs (issue 31 allows up to 30).',
  },
  {
    name: 'password',
    paths: [
      { path: '/api/v1/auth/password', match: 'prefix' }, // change password (signed in)
      { path: '/api/auth/password', match: 'prefix' }, // a reset request and its confirmation, when added
    ],
    methods: ['POST', 'PUT'],
    limit: 10,
    windowSeconds: 60,
    why:
      'Changed or reset a few times a year; each reset request sends an email, so a low limit also stops anyone ' +
      'from flooding an inbox. Ten a minute covers typing the current password wrong a few times.',
  },
  {
    name: 'payment-return',
    paths: [{ path: '/api/v1/payments/return/', match: 'prefix' }], // status, receipt and retry by return token
    limit: 120,
    windowSeconds: 60,
    why:
      "The return page polls the attempt's status every 2 s while it is pending (30 a minute), then fetches the " +
      'receipt or retries; 120 a minute covers four customers paying at once behind one address (a hotel desk).',
  },
  {
    name: 'tracker-ingest',
    paths: [
      { path: '/api/v1/gps/osmand', match: 'exact' },
      { path: '/api/v1/gps/positions', match: 'exact' },
    ],
    methods: ['POST', 'GET'],
    limit: 300,
    windowSeconds: 60,
    why:
      'Fleet trackers report every 10-30 s (Traccar Client: 300 s by default) and resend buffered positions one by ' +
      'one after a dead zone. Trackers on one mobile carrier can share an address (carrier NAT), so 300 a minute ' +
      'lets 50 trackers at 10 s, or one tracker catching up at 5 a second, through; a flood of writes is cut there.',
  },
];

const matchesPath = (m: EdgePathMatch, path: string) =>
  m.match === 'exact' ? path === m.path : path.startsWith(m.path);

/** The limit a request counts against, if any (a request matches at most one: the paths do not overlap). */
export function edgeLimitFor(method: string, path: string): EdgeRateLimit | undefined {
  return EDGE_RATE_LIMITS.find(
    (l) => (!l.methods || l.methods.includes(method.toUpperCase())) && l.paths.some((m) => matchesPath(m, path)),
  );
}

/** The answer to a request over its limit, locally and from WAF (custom response): API Gateway's error shape. */
export const RATE_LIMITED_BODY = {
  error: {
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Too many requests from this address. Please wait a minute and try again.',
  },
};

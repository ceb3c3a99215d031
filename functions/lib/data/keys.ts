/**
 * Every DynamoDB key is built here and nowhere else (DESIGN.md §4).
 *
 * Tenant items: pk = `T#{tenantId}#{COLLECTION}[#{scope}]`. Tenant ids are ULIDs (26 fixed
 * Crockford base-32 characters), so `T#{A}#` can never be a prefix of `T#{B}#`: a key built for
 * tenant A cannot address tenant B. GSI partition keys follow the same rule.
 * Global items (uniqueness of usernames, emails, slugs; the Cognito sub → user pointer; login
 * throttling) start with `G#` and are touched only by the auth domain.
 */
export interface Key {
  pk: string;
  sk: string;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** Collections and scopes are upper-case words; they never contain the separator. */
const SEGMENT = /^[A-Z][A-Z0-9_]*$/;
/** Ids and sort-key parts may be anything but the separator and control characters. */
const PART = /^[^#\u0000-\u001f]+$/;

export class KeyError extends Error {}

export function assertTenantId(tenantId: string): string {
  if (typeof tenantId !== 'string' || !ULID.test(tenantId)) throw new KeyError('Invalid tenant id');
  return tenantId;
}

export function isUlid(value: string): boolean {
  return typeof value === 'string' && ULID.test(value);
}

function part(value: string | number): string {
  const s = String(value);
  if (!PART.test(s)) throw new KeyError(`Invalid key part: ${JSON.stringify(s).slice(0, 40)}`);
  return s;
}

function segment(value: string): string {
  if (!SEGMENT.test(value)) throw new KeyError(`Invalid collection: ${value}`);
  return value;
}

/** Partition key of one tenant collection, optionally narrowed by a scope (e.g. a vehicle's bookings). */
export function tenantPk(tenantId: string, collection: string, ...scope: (string | number)[]): string {
  return [`T#${assertTenantId(tenantId)}`, segment(collection), ...scope.map(part)].join('#');
}

/** The tenant id a key belongs to, or undefined for global keys. */
export function tenantOfKey(pk: string): string | undefined {
  const m = /^T#([0-9A-HJKMNP-TV-Z]{26})#/.exec(pk);
  return m?.[1];
}

/** Sort key made of parts joined by '#'. */
export function sortKey(...parts: (string | number)[]): string {
  return parts.map(part).join('#');
}

/** Standard entity key: pk `T#{tenant}#{COLLECTION}`, sk `{id}`. */
export function entityKey(tenantId: string, collection: string, id: string): Key {
  return { pk: tenantPk(tenantId, collection), sk: part(id) };
}

function globalKey(kind: string, value: string): Key {
  return { pk: `G#${segment(kind)}#${part(value)}`, sk: 'G' };
}

/** Named keys of the platform's own items. Domain folders build theirs with entityKey/tenantPk. */
export const keys = {
  tenant: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'TENANT'), sk: 'META' }),
  settings: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'SETTINGS'), sk: 'COMPANY' }),
  user: (tenantId: string, userId: string): Key => entityKey(tenantId, 'USER', userId),
  counter: (tenantId: string, name: string): Key => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: segment(name) }),
  audit: (tenantId: string, at: string, id: string): Key => ({ pk: tenantPk(tenantId, 'AUDIT'), sk: sortKey(at, id) }),
  idempotency: (tenantId: string, scope: string, key: string): Key => ({
    pk: tenantPk(tenantId, 'IDEMPOTENCY'),
    sk: sortKey(scope, key),
  }),
  global: {
    username: (username: string) => globalKey('USERNAME', username.trim().toLowerCase()),
    email: (email: string) => globalKey('EMAIL', email.trim().toLowerCase()),
    slug: (slug: string) => globalKey('SLUG', slug),
    sub: (sub: string) => globalKey('SUB', sub),
    loginAttempts: (username: string) => globalKey('LOGIN', username.trim().toLowerCase()),
    loginIp: (ip: string) => globalKey('LOGINIP', ip),
    /** Sessions (functions/auth/sessions.ts): an access token's jti and a refresh token's hash → its session. */
    accessToken: (jti: string) => globalKey('JTI', jti),
    refreshToken: (hash: string) => globalKey('RTOKEN', hash),
    mfaChallenge: (id: string) => globalKey('MFACHAL', id),
    /** The platform's tenant directory (admin tools): one partition, one item per company. */
    tenantDirectory: (tenantId?: string): Key => ({ pk: 'G#TENANTS', sk: tenantId ? assertTenantId(tenantId) : 'G' }),
    jobRun: (job: string, at: string): Key => ({
      pk: `G#JOBRUN#${segment(job.toUpperCase().replace(/-/g, '_'))}`,
      sk: part(at),
    }),
  },
};

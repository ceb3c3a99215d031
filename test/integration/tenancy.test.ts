import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './client';
import { registerTenant, tenantWithAllRoles, type RegisteredTenant } from './fixtures';
import { SAMPLE_BODIES, factoryFor } from './entity-factories';
import { ROUTES, routeKey, type RouteDef } from '../../shared/routes';
import { can } from '../../shared/permissions';

/**
 * The role matrix and tenant isolation, for every authenticated route in the route table, so
 * coverage grows as routes are added:
 *  - every company role outside a route's ability gets 403 (before any handler logic runs);
 *  - for every route with path parameters, another company's OWNER gets 404 on this company's
 *    real ids (created by test/integration/entity-factories.ts), and this company's OWNER does
 *    not (so the id really exists).
 * A route with path parameters but no factory, or with a required body but no sample body, FAILS
 * with a message saying what to add.
 */
const COMPANY_ROLES = ['OWNER', 'ADMIN', 'STAFF', 'MECHANIC'] as const;
const authenticated = ROUTES.filter((r) => r.auth === 'authenticated');
// The platform operator's routes (adminTools: SUPERADMIN only) work across companies by design:
// a company's token gets 403 there (the role matrix above); functions/security/security.int.test.ts
// covers them (403 to every non-SUPERADMIN, 404 for an unknown company).
/** Path parameters that name a view, not a record (no company owns them): e.g. a report tab. */
const NON_ID_PARAMS = new Set(['tab']);
const withParams = authenticated.filter(
  (r) => r.ability !== 'adminTools' && [...r.path.matchAll(/\{(\w+)\}/g)].some((m) => !NON_ID_PARAMS.has(m[1]!)),
);
/** A syntactically valid id that exists nowhere, for parameters the 403 check never reaches. */
const NOWHERE = '01JAAAAAAAAAAAAAAAAAAAAAAA';

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? NOWHERE));
}

function bodyFor(r: RouteDef): { body?: unknown; problem?: string } {
  if (r.method === 'GET' || r.method === 'DELETE') return {};
  const key = routeKey(r);
  if (key in SAMPLE_BODIES) return { body: SAMPLE_BODIES[key] };
  const schema = r.request?.body;
  if (!schema || schema.safeParse({}).success) return { body: {} };
  return {
    problem: `${key}: its body schema rejects {}; add a valid body under '${key}' in SAMPLE_BODIES of test/integration/entity-factories.ts`,
  };
}

let company: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: RegisteredTenant;

beforeAll(async () => {
  [company, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
});

describe('role matrix: a role outside the route ability gets 403', () => {
  const cases = authenticated.flatMap((r) => {
    const allowed = r.ability ? (can[r.ability] as readonly string[]) : COMPANY_ROLES;
    return COMPANY_ROLES.filter((role) => !allowed.includes(role)).map((role) => [routeKey(r), role, r] as const);
  });
  it('has routes to check', () => expect(authenticated.length).toBeGreaterThan(0));
  it.each(cases)('%s as %s → 403', async (_key, role, r) => {
    const res = await call(fill(r.path, {}), {
      method: r.method,
      token: company.tokens[role],
      body: r.method === 'GET' ? undefined : {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });
});

describe('tenant isolation: another company gets 404 on this company ids', () => {
  it.each(withParams.map((r) => [routeKey(r), r] as const))('%s', async (key, r) => {
    const factory = factoryFor(r.path);
    if (!factory) {
      throw new Error(
        `${key} has path parameters but no entity factory: add a line for its path prefix to ENTITY_FACTORIES in test/integration/entity-factories.ts`,
      );
    }
    const { body, problem } = bodyFor(r);
    if (problem) throw new Error(problem);
    const made = await factory(company.owner.token);
    const params = typeof made === 'string' ? { id: made } : made;
    const path = fill(r.path, params);

    const res = await call(path, { method: r.method, token: other.token, body });
    expect(res.status, `${key} with another company's token: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(404);

    if (r.method === 'GET') {
      const own = await call(path, { method: 'GET', token: company.owner.token });
      expect(own.status, `${key} with the owning company's token`).not.toBe(404);
    }
  });
});

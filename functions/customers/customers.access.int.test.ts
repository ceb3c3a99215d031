import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, call, get, patch, post } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { createCustomer, customersWorld } from '../../test/integration/customer-kit';

/** Tenancy and roles on every customer route: another company's id, malformed ids, MECHANIC, STAFF, no token. */
let owner: RegisteredTenant;
let other: RegisteredTenant;
let staffToken: string;
let mechanicToken: string;

beforeAll(async () => {
  ({ owner, other, staffToken, mechanicToken } = await customersWorld({ other: true, staff: true }));
});

const create = (body: Record<string, unknown>, token = owner.token) => createCustomer(body, token);

describe('tenancy and roles', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Private Customer' })).body.id;
  });

  it('another tenant gets 404 on every customer route with this id', async () => {
    const t = other.token;
    expect((await get(`/api/v1/customers/${id}`, t)).status).toBe(404);
    expect((await patch(`/api/v1/customers/${id}`, { firstName: 'X' }, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/vip`, { isVip: true }, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/active`, { isActive: false }, t)).status).toBe(404);
    expect((await get(`/api/v1/customers/${id}/notes`, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/notes`, { content: 'x' }, t)).status).toBe(404);
    expect((await get(`/api/v1/customers/${id}/rentals`, t)).status).toBe(404);
    const list = await get('/api/v1/customers?status=all&limit=100', t);
    expect(list.body.items.map((c: any) => c.id)).not.toContain(id);
    // and the customer is untouched
    expect((await get(`/api/v1/customers/${id}`, owner.token)).body.version).toBe(1);
  });

  it('answers 404 for ids that are not ids', async () => {
    for (const bad of ['not-an-id', 'x%23y', '01J%00000000000000000000000']) {
      expect((await get(`/api/v1/customers/${bad}`, owner.token)).status).toBe(404);
      expect((await get(`/api/v1/customers/${bad}/notes`, owner.token)).status).toBe(404);
      expect((await get(`/api/v1/blacklist/${bad}`, owner.token)).status).toBe(404);
    }
  });

  it('MECHANIC has no customer access (403 on every route)', async () => {
    const m = mechanicToken;
    expect((await get('/api/v1/customers', m)).status).toBe(403);
    expect((await create({ fullNameEnglish: 'X' }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}`, m)).status).toBe(403);
    expect((await patch(`/api/v1/customers/${id}`, { firstName: 'X' }, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/vip`, { isVip: true }, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/active`, { isActive: true }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}/notes`, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/notes`, { content: 'x' }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}/rentals`, m)).status).toBe(403);
  });

  it('STAFF may add and edit customers', async () => {
    const res = await create({ fullNameEnglish: 'Staff Added' }, staffToken);
    expect(res.status).toBe(201);
    expect((await patch(`/api/v1/customers/${res.body.id}`, { phone: '0551234567' }, staffToken)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('/api/v1/customers')).status).toBe(401);
    expect(BASE_URL).toBeTruthy();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { yearsAgo, createCustomer, customersWorld } from '../../test/integration/customer-kit';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';

/** Changing a customer: edits with versions, VIP and active toggles, and notes with their visibility. */
let owner: RegisteredTenant;
let staffToken: string;

beforeAll(async () => {
  ({ owner, staffToken } = await customersWorld({ staff: true }));
});

const create = (body: Record<string, unknown>, token = owner.token) => createCustomer(body, token);

describe('PATCH, VIP and active', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Edit Me', phone: '0501234567', email: 'edit@me.test' })).body.id;
  });

  it('edits fields, clears a field with an empty value, and bumps the version', async () => {
    const res = await patch(
      `/api/v1/customers/${id}`,
      { fullNameEnglish: 'Edited Name', email: '', preferredLanguage: 'arabic', version: 1 },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullNameEnglish: 'Edited Name',
      preferredLanguage: 'arabic',
      phone: '0501234567',
      version: 2,
    });
    expect(res.body.email).toBeUndefined();
    const found = await get('/api/v1/customers?q=edited', owner.token);
    expect(found.body.items.map((c: any) => c.id)).toContain(id);
  });

  it('answers 409 for a stale version and 400 for an empty name', async () => {
    const stale = await patch(`/api/v1/customers/${id}`, { firstName: 'X', version: 1 }, owner.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    const empty = await patch(`/api/v1/customers/${id}`, { fullNameEnglish: '' }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.fullNameEnglish).toBe(CUSTOMER_MESSAGES.fullNameEnglishRequired);
    const young = await patch(`/api/v1/customers/${id}`, { dateOfBirth: yearsAgo(18) }, owner.token);
    expect(young.status).toBe(400);
    expect(young.body.error.fields.dateOfBirth).toMatch(/at least 21/);
  });

  it('toggles VIP and active status (STAFF may)', async () => {
    const vip = await post(`/api/v1/customers/${id}/vip`, { isVip: true }, staffToken);
    expect(vip.status).toBe(200);
    expect(vip.body.isVip).toBe(true);
    const vipList = await get('/api/v1/customers?isVip=true', owner.token);
    expect(vipList.body.items.map((c: any) => c.id)).toContain(id);
    const off = await post(`/api/v1/customers/${id}/active`, { isActive: false }, staffToken);
    expect(off.body.isActive).toBe(false);
    const active = await get('/api/v1/customers?status=active&limit=100', owner.token);
    expect(active.body.items.map((c: any) => c.id)).not.toContain(id);
    const on = await post(`/api/v1/customers/${id}/active`, { isActive: true }, owner.token);
    expect(on.body.isActive).toBe(true);
    const bad = await post(`/api/v1/customers/${id}/vip`, { isVip: 'yes' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.isVip).toBeTruthy();
  });
});

describe('notes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Noted Customer' })).body.id;
  });

  it('adds notes with visibility and lists them newest first; internal notes are for managers', async () => {
    const a = await post(
      `/api/v1/customers/${id}/notes`,
      { content: 'Paid deposit in cash', visibility: 'public' },
      owner.token,
    );
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ content: 'Paid deposit in cash', visibility: 'public', authorName: owner.username });
    const b = await post(
      `/api/v1/customers/${id}/notes`,
      { content: 'Disputed a damage charge', visibility: 'internal' },
      owner.token,
    );
    expect(b.status).toBe(201);
    const c = await post(`/api/v1/customers/${id}/notes`, { content: 'Calls before pickup' }, staffToken);
    expect(c.status).toBe(201);
    expect(c.body.visibility).toBe('staff_only');
    const staffInternal = await post(
      `/api/v1/customers/${id}/notes`,
      { content: 'x', visibility: 'internal' },
      staffToken,
    );
    expect(staffInternal.status).toBe(403);

    const managerView = await get(`/api/v1/customers/${id}/notes`, owner.token);
    expect(managerView.body.items.map((n: any) => n.content)).toEqual([
      'Calls before pickup',
      'Disputed a damage charge',
      'Paid deposit in cash',
    ]);
    const staffView = await get(`/api/v1/customers/${id}/notes`, staffToken);
    expect(staffView.body.items.map((n: any) => n.content)).toEqual(['Calls before pickup', 'Paid deposit in cash']);
    const paged = await get(`/api/v1/customers/${id}/notes?limit=2`, owner.token);
    expect(paged.body.items).toHaveLength(2);
    const rest = await get(`/api/v1/customers/${id}/notes?limit=2&cursor=${paged.body.nextCursor}`, owner.token);
    expect(rest.body.items.map((n: any) => n.content)).toEqual(['Paid deposit in cash']);
  });

  it('validates note content and visibility', async () => {
    const empty = await post(`/api/v1/customers/${id}/notes`, { content: '  ' }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.content).toBe(CUSTOMER_MESSAGES.noteRequired);
    const long = await post(`/api/v1/customers/${id}/notes`, { content: 'x'.repeat(2001) }, owner.token);
    expect(long.body.error.fields.content).toBe(CUSTOMER_MESSAGES.noteTooLong);
    const vis = await post(`/api/v1/customers/${id}/notes`, { content: 'ok', visibility: 'secret' }, owner.token);
    expect(vis.status).toBe(400);
    expect(vis.body.error.fields.visibility).toBeTruthy();
  });
});

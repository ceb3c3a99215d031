import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post } from '../../test/integration/client';
import { createStaffUser, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { BLACKLIST_MESSAGES } from '../../shared/schemas/blacklist';

let owner: RegisteredTenant;
let other: RegisteredTenant;
let staffToken: string;
let adminToken: string;
let mechanicToken: string;

beforeAll(async () => {
  [owner, other] = await Promise.all([registerTenant(), registerTenant()]);
  const [staff, admin, mechanic] = await Promise.all([
    createStaffUser(owner.token, 'STAFF'),
    createStaffUser(owner.token, 'ADMIN'),
    createStaffUser(owner.token, 'MECHANIC'),
  ]);
  staffToken = staff.token;
  adminToken = admin.token;
  mechanicToken = mechanic.token;
});

const add = (body: Record<string, unknown>, token = owner.token) => post('/api/v1/blacklist', body, token);

describe('POST /api/v1/blacklist', () => {
  it('adds an active entry (STAFF may add) and reads it back', async () => {
    const res = await add(
      {
        fullName: 'Khalid Mansour',
        licenseNumber: 'AUH 12-345',
        phoneNumber: '+971 50 999 8877',
        reason: 'Unpaid damages',
      },
      staffToken,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fullName: 'Khalid Mansour',
      licenseNumber: 'AUH 12-345',
      phoneNumber: '+971 50 999 8877',
      reason: 'Unpaid damages',
      status: 'active',
      version: 1,
    });
    const read = await get(`/api/v1/blacklist/${res.body.id}`, staffToken);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(res.body.id);
    expect(read.body.nameKey).toBeUndefined();
  });

  it('validates: full name and reason required, phone format', async () => {
    const res = await add({ phoneNumber: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      fullName: BLACKLIST_MESSAGES.fullNameRequired,
      reason: BLACKLIST_MESSAGES.reasonRequired,
      phoneNumber: BLACKLIST_MESSAGES.invalidPhone,
    });
    const blank = await add({ fullName: '  ', reason: '  ' });
    expect(blank.body.error.fields).toEqual({
      fullName: BLACKLIST_MESSAGES.fullNameRequired,
      reason: BLACKLIST_MESSAGES.reasonRequired,
    });
  });
});

describe('matching customers', () => {
  it('shows matching entries on the customer profile by licence, phone and name (English and Arabic)', async () => {
    const byLicence = await add({
      fullName: 'Someone Else',
      licenseNumber: 'dxb-55-1234',
      reason: 'Fraudulent documents',
    });
    const byPhone = await add({
      fullName: 'Another Person',
      phoneNumber: '00971 55 444 3322',
      reason: 'Abandoned vehicle',
    });
    const byArabicName = await add({ fullName: 'عبد الله الفارس', reason: 'Violent behaviour' });
    const removed = await add({ fullName: 'Rami Saleh', reason: 'Mistake' });
    await patch(`/api/v1/blacklist/${removed.body.id}`, { status: 'removed' }, owner.token);

    const customer = await post(
      '/api/v1/customers',
      {
        fullNameEnglish: 'Abdullah Al Fares',
        fullNameArabic: 'عبدالله الفارس',
        licenseNumber: 'DXB 55 1234',
        phone: '055 444 3322',
      },
      owner.token,
    );
    expect(customer.status).toBe(201);
    const profile = await get(`/api/v1/customers/${customer.body.id}`, owner.token);
    const matches = profile.body.blacklistMatches as {
      entry: { id: string; reason: string };
      reasons: string[];
      strong: boolean;
    }[];
    const byId = Object.fromEntries(matches.map((m) => [m.entry.id, m]));
    expect(Object.keys(byId).sort()).toEqual([byLicence.body.id, byPhone.body.id, byArabicName.body.id].sort());
    expect(byId[byLicence.body.id]).toMatchObject({
      reasons: ['license'],
      strong: true,
      entry: { reason: 'Fraudulent documents' },
    });
    expect(byId[byPhone.body.id]).toMatchObject({ reasons: ['phone'], strong: true });
    expect(byId[byArabicName.body.id]).toMatchObject({ reasons: ['name'], strong: false });

    const clean = await post('/api/v1/customers', { fullNameEnglish: 'Rami Saleh' }, owner.token);
    expect(clean.body.blacklistMatches).toEqual([]); // a removed entry never matches

    // After a manager marks an entry removed, the profile stops warning.
    await patch(`/api/v1/blacklist/${byLicence.body.id}`, { status: 'removed' }, owner.token);
    const after = await get(`/api/v1/customers/${customer.body.id}`, owner.token);
    expect(after.body.blacklistMatches.map((m: any) => m.entry.id)).not.toContain(byLicence.body.id);
  });
});

describe('GET /api/v1/blacklist', () => {
  let t: RegisteredTenant;
  beforeAll(async () => {
    t = await registerTenant();
    for (const [fullName, licenseNumber, phoneNumber] of [
      ['Yousef Darwish', 'L-100', '0501000001'],
      ['Layla Said', 'L-200', null],
      ['يوسف عمران', null, '0501000003'],
      ['Omar Farouk', 'L-400', null],
    ]) {
      expect((await add({ fullName, licenseNumber, phoneNumber, reason: 'Test reason' }, t.token)).status).toBe(201);
    }
  });
  const names = (res: any) => res.body.items.map((e: any) => e.fullName);

  it('lists newest first, pages with a cursor, searches and filters by status', async () => {
    expect(names(await get('/api/v1/blacklist', t.token))).toEqual([
      'Omar Farouk',
      'يوسف عمران',
      'Layla Said',
      'Yousef Darwish',
    ]);
    const first = await get('/api/v1/blacklist?limit=3', t.token);
    expect(first.body.items).toHaveLength(3);
    const second = await get(`/api/v1/blacklist?limit=3&cursor=${first.body.nextCursor}`, t.token);
    expect(names(second)).toEqual(['Yousef Darwish']);
    expect(second.body.nextCursor).toBeNull();
    expect(names(await get('/api/v1/blacklist?q=layla', t.token))).toEqual(['Layla Said']);
    expect(names(await get(`/api/v1/blacklist?q=${encodeURIComponent('يوسف')}`, t.token))).toEqual(['يوسف عمران']);
    expect(names(await get('/api/v1/blacklist?q=l400', t.token))).toEqual(['Omar Farouk']);
    expect(names(await get('/api/v1/blacklist?q=050%20100%200001', t.token))).toEqual(['Yousef Darwish']);
    const omar = (await get('/api/v1/blacklist?q=omar', t.token)).body.items[0];
    await patch(`/api/v1/blacklist/${omar.id}`, { status: 'reviewed' }, t.token);
    expect(names(await get('/api/v1/blacklist?status=reviewed', t.token))).toEqual(['Omar Farouk']);
    expect(names(await get('/api/v1/blacklist?status=active', t.token))).toHaveLength(3);
    expect((await get('/api/v1/blacklist?status=deleted', t.token)).status).toBe(400);
  });
});

describe('PATCH /api/v1/blacklist/{id}', () => {
  it('managers edit fields and change status; stale versions get 409; bad input 400', async () => {
    const entry = (await add({ fullName: 'Edit Target', reason: 'First reason' })).body;
    const res = await patch(
      `/api/v1/blacklist/${entry.id}`,
      { reason: 'Updated reason', status: 'reviewed', phoneNumber: '0509998888', version: 1 },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reason: 'Updated reason',
      status: 'reviewed',
      phoneNumber: '0509998888',
      version: 2,
    });
    const stale = await patch(`/api/v1/blacklist/${entry.id}`, { status: 'removed', version: 1 }, owner.token);
    expect(stale.status).toBe(409);
    const bad = await patch(`/api/v1/blacklist/${entry.id}`, { status: 'gone', reason: '' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.reason).toBe(BLACKLIST_MESSAGES.reasonRequired);
    expect(bad.body.error.fields.status).toBeTruthy();
    const cleared = await patch(`/api/v1/blacklist/${entry.id}`, { phoneNumber: '' }, owner.token);
    expect(cleared.body.phoneNumber).toBeNull();
  });
});

describe('roles and tenancy', () => {
  let id: string;
  beforeAll(async () => {
    id = (await add({ fullName: 'Tenant Private', reason: 'x' })).body.id;
  });

  it('STAFF may add and read but not edit or change status', async () => {
    expect((await get('/api/v1/blacklist', staffToken)).status).toBe(200);
    expect((await get(`/api/v1/blacklist/${id}`, staffToken)).status).toBe(200);
    expect((await patch(`/api/v1/blacklist/${id}`, { status: 'removed' }, staffToken)).status).toBe(403);
    expect((await get(`/api/v1/blacklist/${id}`, owner.token)).body.status).toBe('active');
  });

  it('MECHANIC has no blacklist access', async () => {
    expect((await get('/api/v1/blacklist', mechanicToken)).status).toBe(403);
    expect((await add({ fullName: 'X', reason: 'y' }, mechanicToken)).status).toBe(403);
    expect((await get(`/api/v1/blacklist/${id}`, mechanicToken)).status).toBe(403);
    expect((await patch(`/api/v1/blacklist/${id}`, { status: 'removed' }, mechanicToken)).status).toBe(403);
  });

  it('another tenant gets 404 and never sees or matches the entry', async () => {
    expect((await get(`/api/v1/blacklist/${id}`, other.token)).status).toBe(404);
    expect((await patch(`/api/v1/blacklist/${id}`, { status: 'removed' }, other.token)).status).toBe(404);
    expect((await get('/api/v1/blacklist', other.token)).body.items.map((e: any) => e.id)).not.toContain(id);
    const theirCustomer = await post('/api/v1/customers', { fullNameEnglish: 'Tenant Private' }, other.token);
    expect(theirCustomer.body.blacklistMatches).toEqual([]);
    expect((await get(`/api/v1/blacklist/${id}`, owner.token)).body.version).toBe(1);
  });
});

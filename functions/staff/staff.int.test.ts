import { beforeAll, describe, expect, it } from 'vitest';
import { del, get, patch, post, unique } from '../../test/integration/client';
import { createStaffUser, login, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { keys, tenantPk } from '../lib/data/keys';
import { getItem, queryAll } from '../lib/data/repo';

const member = (over: Record<string, unknown> = {}) => {
  const username = unique('m');
  return {
    firstName: 'Huda',
    lastName: 'Karim',
    username,
    email: `${username}@example.test`,
    password: 'secret-6',
    role: 'STAFF',
    ...over,
  };
};

let owner: RegisteredTenant;
beforeAll(async () => {
  owner = await registerTenant();
});

describe('staff list and create', () => {
  it('adds a member who can sign in, and lists everyone with role and status', async () => {
    const body = member({ role: 'MECHANIC' });
    const res = await post('/api/v1/staff', body, owner.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: body.username,
      role: 'MECHANIC',
      status: 'active',
      inviteStatus: 'accepted',
      firstName: 'Huda',
      lastName: 'Karim',
      version: 1,
    });
    expect(res.body).not.toHaveProperty('sub');
    expect(res.body).not.toHaveProperty('password');
    const session = await login(body.username, body.password);
    expect(session.user.role).toBe('MECHANIC');

    const list = await get('/api/v1/staff', owner.token);
    expect(list.status).toBe(200);
    expect(list.body.nextCursor).toBeNull();
    const names = list.body.items.map((m: { username: string }) => m.username);
    expect(names).toEqual(expect.arrayContaining([owner.username, body.username]));
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: ' ' }, 'Last name is required'],
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['role', { role: undefined }, 'Role is required'],
    ['role', { role: 'SUPERADMIN' }, 'Role is required'],
  ])('rejects a bad %s with the spec message', async (field, over, message) => {
    const body = member(over);
    const res = await post('/api/v1/staff', body, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
    if (typeof body.username === 'string' && body.username.length >= 3)
      expect(await getItem(keys.global.username(body.username))).toBeUndefined();
  });

  it('refuses a taken username or e-mail with a field error', async () => {
    const r1 = await post('/api/v1/staff', member({ username: owner.username }), owner.token);
    expect(r1.status).toBe(409);
    expect(r1.body.error.fields).toEqual({ username: 'Username is already taken' });
    const r2 = await post('/api/v1/staff', member({ email: owner.email }), owner.token);
    expect(r2.status).toBe(409);
    expect(r2.body.error.fields).toEqual({ email: 'An account with this email already exists' });
  });

  it('creates a pending invite that cannot sign in until activated', async () => {
    const body = member({ status: 'pending' });
    const res = await post('/api/v1/staff', body, owner.token);
    expect(res.body).toMatchObject({ status: 'pending', inviteStatus: 'pending' });
    expect(res.body.invitedAt).toBeTruthy();
    expect((await post('/api/auth/login', { username: body.username, password: body.password })).status).toBe(403);
    const act = await post(`/api/v1/staff/${res.body.id}/activate`, {}, owner.token);
    expect(act.status).toBe(200);
    expect(act.body).toMatchObject({ status: 'active', inviteStatus: 'accepted' });
    await login(body.username, body.password);
    const again = await post(`/api/v1/staff/${res.body.id}/activate`, {}, owner.token);
    expect(again.status).toBe(409);
  });
});

describe('edit, suspend, unsuspend, remove', () => {
  it('changes role, names and e-mail, and the new role applies on the next request', async () => {
    const s = await createStaffUser(owner.token, 'STAFF');
    expect((await get('/api/v1/staff', s.token)).status).toBe(403);
    const newEmail = `${unique('e')}@example.test`;
    const res = await patch(
      `/api/v1/staff/${s.user.id}`,
      { role: 'ADMIN', firstName: 'Mona', email: newEmail },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'ADMIN', firstName: 'Mona', email: newEmail, version: 2 });
    expect((await get('/api/v1/staff', s.token)).status).toBe(200);
    expect(await getItem(keys.global.email(s.member.email))).toBeUndefined();
    expect(await getItem(keys.global.email(newEmail))).toMatchObject({ userId: s.user.id });
    const stale = await patch(`/api/v1/staff/${s.user.id}`, { firstName: 'Old', version: 1 }, owner.token);
    expect(stale.status).toBe(409);
  });

  it('suspends (refused on the very next request) and unsuspends', async () => {
    const s = await createStaffUser(owner.token, 'STAFF');
    const sus = await post(`/api/v1/staff/${s.user.id}/suspend`, {}, owner.token);
    expect(sus.body.status).toBe('suspended');
    expect((await get('/api/auth/me', s.token)).status).toBe(403);
    expect((await get('/api/v1/vehicles', s.token)).status).toBe(403);
    const un = await post(`/api/v1/staff/${s.user.id}/unsuspend`, {}, owner.token);
    expect(un.body.status).toBe('active');
    expect((await get('/api/auth/me', s.token)).status).toBe(200);
  });

  it('removes a member: sign-in gone, username free again, kept out of the list', async () => {
    const s = await createStaffUser(owner.token, 'MECHANIC');
    const res = await del(`/api/v1/staff/${s.user.id}`, owner.token);
    expect(res.status).toBe(204);
    expect((await get('/api/auth/me', s.token)).status).toBe(401);
    expect((await post('/api/auth/login', { username: s.username, password: s.password })).status).toBe(401);
    const list = await get('/api/v1/staff', owner.token);
    expect(list.body.items.find((m: { id: string }) => m.id === s.user.id)).toBeUndefined();
    expect((await get(`/api/v1/staff/${s.user.id}`, owner.token)).status).toBe(404);
    const reuse = await post('/api/v1/staff', member({ username: s.username, email: s.member.email }), owner.token);
    expect(reuse.status).toBe(201);
  });

  it('writes an audit item for every change', async () => {
    const t = await registerTenant();
    const s = await createStaffUser(t.token, 'STAFF');
    await patch(`/api/v1/staff/${s.user.id}`, { lastName: 'Changed' }, t.token);
    await post(`/api/v1/staff/${s.user.id}/suspend`, {}, t.token);
    await post(`/api/v1/staff/${s.user.id}/unsuspend`, {}, t.token);
    await del(`/api/v1/staff/${s.user.id}`, t.token);
    const audit = await queryAll({ tenantId: t.tenantId, pk: tenantPk(t.tenantId, 'AUDIT'), consistent: true });
    // Sign-ins are audited too (auth.login, security area); this test is about the staff changes.
    const actions = audit
      .filter((a) => a.entityId === s.user.id && String(a.action).startsWith('staff.'))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(['staff.create', 'staff.delete', 'staff.suspend', 'staff.unsuspend', 'staff.update']);
    expect(JSON.stringify(audit)).not.toContain(s.password);
  });
});

describe('owner protection', () => {
  it('never removes, suspends or demotes the last active OWNER', async () => {
    const t = await registerTenant();
    const admin = await createStaffUser(t.token, 'ADMIN');
    // The owner on themselves: role change is the only self-action allowed, and it is the last owner.
    const demote = await patch(`/api/v1/staff/${t.user.id}`, { role: 'ADMIN' }, t.token);
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe('The company must keep at least one active owner');

    const second = await createStaffUser(t.token, 'OWNER');
    // With two owners one may go; then the other is the last again.
    expect((await patch(`/api/v1/staff/${second.user.id}`, { role: 'STAFF' }, t.token)).status).toBe(200);
    expect((await post(`/api/v1/staff/${t.user.id}/suspend`, {}, second.token)).status).toBe(403); // second is STAFF now
    const third = await createStaffUser(t.token, 'OWNER');
    expect((await post(`/api/v1/staff/${t.user.id}/suspend`, {}, third.token)).status).toBe(200);
    const lastDelete = await del(`/api/v1/staff/${third.user.id}`, third.token);
    expect(lastDelete.status).toBe(403); // not themselves
    expect(admin.user.role).toBe('ADMIN');
  });

  it('two owners demoting each other at the same moment cannot leave the company without one', async () => {
    const t = await registerTenant();
    const other = await createStaffUser(t.token, 'OWNER');
    const [a, b] = await Promise.all([
      patch(`/api/v1/staff/${other.user.id}`, { role: 'ADMIN' }, t.token),
      patch(`/api/v1/staff/${t.user.id}`, { role: 'ADMIN' }, other.token),
    ]);
    expect([a.status, b.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const users = await queryAll({ tenantId: t.tenantId, pk: tenantPk(t.tenantId, 'USER'), consistent: true });
    expect(users.filter((u) => u.role === 'OWNER' && u.status === 'active').length).toBeGreaterThanOrEqual(1);
  });

  it('an ADMIN cannot touch an OWNER nor make anyone an OWNER, but manages everyone else', async () => {
    const t = await registerTenant();
    const admin = await createStaffUser(t.token, 'ADMIN');
    const s = await createStaffUser(t.token, 'STAFF');
    expect((await post(`/api/v1/staff/${t.user.id}/suspend`, {}, admin.token)).status).toBe(403);
    expect((await patch(`/api/v1/staff/${t.user.id}`, { firstName: 'X' }, admin.token)).status).toBe(403);
    expect((await del(`/api/v1/staff/${t.user.id}`, admin.token)).status).toBe(403);
    const promote = await patch(`/api/v1/staff/${s.user.id}`, { role: 'OWNER' }, admin.token);
    expect(promote.status).toBe(403);
    expect(promote.body.error.message).toBe('Admins cannot manage owner accounts');
    expect((await post('/api/v1/staff', member({ role: 'OWNER' }), admin.token)).status).toBe(403);
    expect((await post(`/api/v1/staff/${s.user.id}/suspend`, {}, admin.token)).status).toBe(200);
    expect((await post('/api/v1/staff', member({ role: 'MECHANIC' }), admin.token)).status).toBe(201);
  });
});

import { describe, expect, it } from 'vitest';
import { get, post, unique } from '../../test/integration/client';
import { createStaffUser, login, registerTenant } from '../../test/integration/fixtures';
import { keys, tenantPk } from '../lib/data/keys';
import { batchGet, getItem, queryPage, updateRaw } from '../lib/data/repo';

const signUp = (over: Record<string, unknown> = {}) => {
  const username = unique('su');
  return {
    tenantName: `Desert Rose Rentals ${username}`,
    fullNameEnglish: 'Sara Al Mansouri',
    fullNameArabic: 'سارة المنصوري',
    username,
    email: `${username}@example.test`,
    password: 'correct-horse',
    ...over,
  };
};

describe('sign-up', () => {
  it('creates a working company: tenant, settings, OWNER, tokens that work on /api/auth/me', async () => {
    const body = signUp();
    const res = await post('/api/register', body);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.tokens.accessToken).toMatch(/^ey/);
    expect(res.body.tokens.refreshToken).toBeTruthy();
    expect(res.body.tokens.expiresIn).toBeGreaterThan(60);
    const user = res.body.user;
    expect(user).toMatchObject({
      username: body.username,
      role: 'OWNER',
      email: body.email,
      firstName: 'Sara',
      lastName: 'Al Mansouri',
    });
    expect(user.tenantId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

    const me = await get('/api/auth/me', res.body.tokens.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: user.id,
      role: 'OWNER',
      status: 'active',
      isDemo: false,
      tenantName: body.tenantName,
      tenantId: user.tenantId,
    });

    const [tenant, settings] = await batchGet([keys.tenant(user.tenantId), keys.settings(user.tenantId)]);
    expect(tenant).toMatchObject({ name: body.tenantName, status: 'active', primaryColor: '#3B82F6' });
    expect(tenant!.slug).toMatch(/^desert-rose-rentals-/);
    expect(settings).toMatchObject({ name: body.tenantName, email: body.email, version: 1 });
    expect(settings!.referenceConfig).toBeTruthy();
  });

  it('gives companies with the same name distinct slugs', async () => {
    const name = `Same Name ${unique('n')}`;
    const a = await registerTenant({ tenantName: name });
    const b = await registerTenant({ tenantName: name });
    const [ta, tb] = await batchGet([keys.tenant(a.tenantId), keys.tenant(b.tenantId)]);
    expect(ta!.slug).not.toBe(tb!.slug);
    expect(tb!.slug).toBe(`${ta!.slug}-2`);
  });

  it('refuses a duplicate username or e-mail with a field error and writes nothing', async () => {
    const first = await registerTenant();
    const dupUser = signUp({ username: first.username.toUpperCase() });
    const r1 = await post('/api/register', dupUser);
    expect(r1.status).toBe(409);
    expect(r1.body.error.fields).toEqual({ username: 'Username is already taken' });

    const dupEmail = signUp({ email: first.email });
    const r2 = await post('/api/register', dupEmail);
    expect(r2.status).toBe(409);
    expect(r2.body.error.fields).toEqual({ email: 'An account with this email already exists' });

    // Nothing of either attempt exists: no slug, no new username pointer, no Cognito user.
    const [slug1, slug2, uname] = await batchGet([
      keys.global.slug(`desert-rose-rentals-${dupUser.username.toLowerCase()}`),
      keys.global.slug(`desert-rose-rentals-${dupEmail.username.toLowerCase()}`),
      keys.global.username(dupEmail.username),
    ]);
    expect(slug1).toBeUndefined();
    expect(slug2).toBeUndefined();
    expect(uname).toBeUndefined();
    const signIn = await post('/api/auth/login', { username: dupEmail.username, password: dupEmail.password });
    expect(signIn.status).toBe(401);
  });

  it.each([
    ['username', { username: '' }, 'Username is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['fullNameEnglish', { fullNameEnglish: '' }, 'Full name in English is required'],
    ['tenantName', { tenantName: '   ' }, 'Company name is required'],
  ])('rejects a bad %s with the spec message and writes nothing', async (field, over, message) => {
    const body = signUp(over);
    const res = await post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(message);
    if (field !== 'username') expect(await getItem(keys.global.username(body.username))).toBeUndefined();
  });

  it('accepts a sign-up without the optional Arabic name', async () => {
    const { fullNameArabic: _omit, ...body } = signUp();
    const res = await post('/api/register', body);
    expect(res.status).toBe(201);
  });
});

describe('sign-in, current user, refresh, logout', () => {
  it('signs in with the same answer shape, case-insensitively on the username', async () => {
    const t = await registerTenant();
    const res = await post('/api/auth/login', { username: t.username.toUpperCase(), password: t.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      user: { id: t.user.id, username: t.username, role: 'OWNER', tenantId: t.tenantId },
    });
    expect(res.body.tokens.expiresIn).toBeGreaterThan(60);
    const me = await get('/api/auth/me', res.body.tokens.accessToken);
    expect(me.body.user.id).toBe(t.user.id);
  });

  it('answers a wrong password and an unknown username with the same 401', async () => {
    const t = await registerTenant();
    const wrong = await post('/api/auth/login', { username: t.username, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { username: unique('ghost'), password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe('Invalid username or password');
  });

  it('answers a username no account can have (spaces, #) with the same 401', async () => {
    for (const username of ['john smith', 'a#b']) {
      const res = await post('/api/auth/login', { username, password: 'whatever' });
      expect(res.status, username).toBe(401);
      expect(res.body.error.message).toBe('Invalid username or password');
    }
  });

  it('requires username and password', async () => {
    const res = await post('/api/auth/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('refreshes on both paths and the new access token works', async () => {
    const t = await registerTenant();
    for (const path of ['/api/v1/auth/refresh', '/api/auth/refresh']) {
      const res = await post(path, { refreshToken: t.refreshToken });
      expect(res.status, path).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.tokens.accessToken).toMatch(/^ey/);
      expect(res.body.tokens.refreshToken).toBeTruthy();
      expect(res.body.tokens.expiresIn).toBeGreaterThan(60);
      expect((await get('/api/auth/me', res.body.tokens.accessToken)).status).toBe(200);
    }
    const bad = await post('/api/v1/auth/refresh', { refreshToken: 'not-a-token' });
    expect(bad.status).toBe(401);
  });

  it('logs out on both paths, revoking the refresh token, and never fails', async () => {
    const t = await registerTenant();
    const out = await post('/api/auth/logout', { refreshToken: t.refreshToken }, t.token);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const after = await post('/api/v1/auth/refresh', { refreshToken: t.refreshToken });
    expect(after.status).toBe(401);
    const legacy = await post('/api/logout', undefined);
    expect(legacy.status).toBe(200);
    const garbage = await post('/api/auth/logout', { refreshToken: 'garbage' });
    expect(garbage.status).toBe(200);
  });

  it('refuses /api/auth/me without a token', async () => {
    expect((await get('/api/auth/me')).status).toBe(401);
  });
});

describe('lockout', () => {
  it('answers 429 "Too many attempts" after 5 failures in the window, even with the right password, and audits it', async () => {
    const t = await registerTenant();
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/auth/login', { username: t.username, password: `wrong-${i}` });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await post('/api/auth/login', { username: t.username, password: t.password });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/^Too many attempts\. Try again in 1[45] min\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);

    const audit = await queryPage({
      tenantId: t.tenantId,
      pk: tenantPk(t.tenantId, 'AUDIT'),
      limit: 50,
      consistent: true,
    });
    const actions = audit.items.map((i) => i.action);
    expect(actions).toContain('auth.lockout');
    expect(actions.filter((a) => a === 'auth.login_failed')).toHaveLength(4);
  });

  it('counts parallel failures one by one (no lost updates)', async () => {
    const t = await registerTenant();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/auth/login', { username: t.username, password: 'wrong-parallel' })),
    );
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const item = await getItem(keys.global.loginAttempts(t.username));
    expect(Number(item!.failures)).toBe(results.filter((r) => r.status === 401).length);
    expect((await post('/api/auth/login', { username: t.username, password: t.password })).status).toBe(429);
  });

  it('counts unknown usernames too, so 429 reveals nothing', async () => {
    const ghost = unique('ghost');
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { username: ghost, password: 'x' });
    expect((await post('/api/auth/login', { username: ghost, password: 'x' })).status).toBe(429);
  });

  it('resets the count after a successful sign-in', async () => {
    const t = await registerTenant();
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { username: t.username, password: 'wrong' });
    await login(t.username, t.password);
    expect(await getItem(keys.global.loginAttempts(t.username))).toBeUndefined();
  });
});

describe('suspension', () => {
  it('refuses a suspended user on the very next request and at sign-in', async () => {
    const owner = await registerTenant();
    const staff = await createStaffUser(owner.token, 'STAFF');
    expect((await get('/api/auth/me', staff.token)).status).toBe(200);
    const s = await post(`/api/v1/staff/${staff.user.id}/suspend`, {}, owner.token);
    expect(s.status).toBe(200);
    const next = await get('/api/auth/me', staff.token);
    expect(next.status).toBe(403);
    expect(next.body.error.message).toMatch(/suspended/);
    const signIn = await post('/api/auth/login', { username: staff.username, password: staff.password });
    expect(signIn.status).toBe(403);
  });

  it('refuses every user of a suspended company, at sign-in and on the next request', async () => {
    const t = await registerTenant();
    await updateRaw({
      Key: keys.tenant(t.tenantId),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': 'suspended' },
    });
    const next = await get('/api/auth/me', t.token);
    expect(next.status).toBe(403);
    const signIn = await post('/api/auth/login', { username: t.username, password: t.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe('Your company account is suspended. Contact support.');
  });
});

import { describe, expect, it } from 'vitest';
import { call, get, post } from '../../test/integration/client';
import { createStaffUser, login, registerTenant } from '../../test/integration/fixtures';
import { promoteToSuperadmin } from '../auth/api';
import { MAX_FAILED_PER_IP } from '../auth/lockout';
import { Secret, TOTP } from 'otpauth';

/** Security monitoring and the operator's tenant console (issue 16), through the local gateway. */
// One fixed device per test client (the device-id cookie a browser keeps), unless a test picks another.
const signIn = (username: string, password: string, headers: Record<string, string> = {}) =>
  call('/api/auth/login', {
    method: 'POST',
    body: { username, password },
    headers: { cookie: 'sayyara_device=integration-device-0001', ...headers },
  });
const randomIp = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('geo access rules', () => {
  it('block refuses sign-in from that country with a clear message; alert lets it through and records it', async () => {
    const t = await registerTenant();
    expect((await post('/api/v1/security/geo-rules', { country: 'ru', action: 'block' }, t.token)).status).toBe(200);
    const saved = await post('/api/v1/security/geo-rules', { country: 'GB', action: 'alert' }, t.token);
    expect(saved.body.items.map((r: { country: string; action: string }) => `${r.country}:${r.action}`)).toEqual([
      'GB:alert',
      'RU:block',
    ]);

    const blocked = await signIn(t.username, t.password, { 'cloudfront-viewer-country': 'RU' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe('Sign-in from your country is not allowed for this company.');
    expect(blocked.body.tokens).toBeUndefined();

    const alerted = await signIn(t.username, t.password, {
      'cloudfront-viewer-country': 'GB',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    expect(alerted.status).toBe(200);
    // A neighbouring country a minute later (Ireland: under the 500 km of impossible travel).
    const other = await signIn(t.username, t.password, {
      'cloudfront-viewer-country': 'IE',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    expect(other.status).toBe(200);

    const signins = await get('/api/v1/security/signins?limit=50', t.token);
    const actions = signins.body.items.map((i: { action: string }) => i.action);
    expect(actions).toContain('auth.geo_blocked');
    expect(actions).toContain('auth.login');
    const audit = await get('/api/v1/security/audit?action=security.geo_alert', t.token);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ country: 'GB', userAgent: expect.stringContaining('Firefox') });

    expect(
      (await post('/api/v1/security/geo-rules', { country: 'XYZ', action: 'block' }, t.token)).body.error.fields
        .country,
    ).toBe('Country must be a two-letter ISO code');
  });

  it('an allow rule makes an allow-list: other countries are refused', async () => {
    const t = await registerTenant();
    await post('/api/v1/security/geo-rules', { country: 'AE', action: 'allow' }, t.token);
    expect((await signIn(t.username, t.password, { 'cloudfront-viewer-country': 'AE' })).status).toBe(200);
    expect((await signIn(t.username, t.password, { 'cloudfront-viewer-country': 'FR' })).status).toBe(403);
  });
});

describe('throttling per IP', () => {
  it('slows a password-spraying IP across many usernames, with the same answer for real and unknown names, and leaves other IPs alone', async () => {
    const t = await registerTenant();
    const ip = randomIp();
    const headers = { 'cloudfront-viewer-address': `${ip}:443` };
    for (let i = 0; i < MAX_FAILED_PER_IP; i++) {
      const r = await signIn(i === 3 ? t.username : `spray-${i}-${Date.now()}`, 'Summer2026!', headers);
      expect(r.status).toBe(401);
    }
    const slowed = await signIn(`someone-${Date.now()}`, 'Summer2026!', headers);
    expect(slowed.status).toBe(429);
    expect(slowed.body.error.message).toMatch(/^Too many attempts\. Try again in \d+ min\.$/);
    // Even the right password is slowed from that IP; from another IP the owner signs in.
    expect((await signIn(t.username, t.password, headers)).status).toBe(429);
    expect((await signIn(t.username, t.password, { 'cloudfront-viewer-address': `${randomIp()}:443` })).status).toBe(
      200,
    );
    // The failure on the real username is recorded with its IP.
    const failed = await get('/api/v1/security/audit?action=auth.login_failed', t.token);
    expect(failed.body.items[0].ip).toBe(ip);
  });
});

describe('lockouts', () => {
  it('an OWNER unlocks a locked username of the company; another company cannot (404)', async () => {
    const t = await registerTenant();
    const staff = await createStaffUser(t.token, 'STAFF');
    for (let i = 0; i < 5; i++) await signIn(staff.username, 'wrong-wrong');
    expect((await signIn(staff.username, staff.password)).status).toBe(429);
    const other = await registerTenant();
    expect((await post(`/api/v1/security/lockouts/${staff.username}/unlock`, {}, other.token)).status).toBe(404);
    expect((await post(`/api/v1/security/lockouts/${staff.username}/unlock`, {}, staff.token)).status).toBe(403);
    expect((await post(`/api/v1/security/lockouts/${staff.username}/unlock`, {}, t.token)).status).toBe(200);
    expect((await signIn(staff.username, staff.password)).status).toBe(200);
    const log = await get('/api/v1/security/signins', t.token);
    expect(log.body.items.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(['auth.lockout', 'auth.unlock']),
    );
  });
});

describe('audit log', () => {
  it('filters by user, action, entity and date range, pages by time, and exports CSV; STAFF gets 403', async () => {
    const t = await registerTenant();
    const admin = await createStaffUser(t.token, 'ADMIN');
    const staff = await createStaffUser(t.token, 'STAFF');
    await post('/api/v1/security/geo-rules', { country: 'DE', action: 'alert' }, admin.token);

    const all = await get('/api/v1/security/audit?limit=100', t.token);
    expect(all.status).toBe(200);
    const ats = all.body.items.map((i: { at: string }) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const byAdmin = await get(`/api/v1/security/audit?userId=${admin.user.id}&entity=GEO_RULE`, t.token);
    expect(byAdmin.body.items).toHaveLength(1);
    expect(byAdmin.body.items[0]).toMatchObject({
      action: 'security.geo_rule_saved',
      username: admin.username,
      entityId: 'DE',
    });
    expect(JSON.parse(byAdmin.body.items[0].summary)).toMatchObject({ after: { action: 'alert' } });

    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await get(`/api/v1/security/audit?from=${today}&to=${today}&action=tenant.register`, t.token)).body.items,
    ).toHaveLength(1);
    expect((await get('/api/v1/security/audit?from=2020-01-01&to=2020-01-31', t.token)).body.items).toHaveLength(0);
    expect((await get('/api/v1/security/audit?from=2026-02-01&to=2026-01-01', t.token)).status).toBe(400);

    const page1 = await get('/api/v1/security/audit?limit=2', t.token);
    expect(page1.body.items).toHaveLength(2);
    const page2 = await get(`/api/v1/security/audit?limit=2&cursor=${page1.body.nextCursor}`, t.token);
    expect(page2.body.items[0].at <= page1.body.items[1].at).toBe(true);

    const csv = await call('/api/v1/security/audit?format=csv&action=security.', { token: t.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0].replace('\uFEFF', '')).toBe('at,user,action,entity,entityId,ip,country,summary');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('security.geo_rule_saved');

    expect((await get('/api/v1/security/audit', staff.token)).status).toBe(403);
  });
});

describe('admin tools (SUPERADMIN)', () => {
  it('lists the directory with true figures, suspends one company (its users refused, nobody else), reactivates it', async () => {
    const operatorCo = await registerTenant();
    await promoteToSuperadmin(operatorCo.username);
    const operator = await login(operatorCo.username, operatorCo.password);
    const target = await registerTenant();
    const targetStaff = await createStaffUser(target.token, 'STAFF');
    const bystander = await registerTenant();

    const found = await get(
      `/api/v1/admin/tenants?q=${encodeURIComponent(target.tenantName.toLowerCase())}`,
      operator.token,
    );
    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0]).toMatchObject({
      id: target.tenantId,
      name: target.tenantName,
      status: 'active',
      users: 2,
      vehicles: 0,
      rentals: 0,
      region: 'US',
    });
    expect(found.body.items[0].lastActivityAt).toBeTruthy();

    expect(
      (await post(`/api/v1/admin/tenants/${target.tenantId}/suspend`, {}, operator.token)).body.error.fields.reason,
    ).toBe('A reason is required');
    const suspended = await post(
      `/api/v1/admin/tenants/${target.tenantId}/suspend`,
      { reason: 'Unpaid subscription' },
      operator.token,
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspended');
    for (const token of [target.token, targetStaff.token]) {
      const refused = await get('/api/v1/staff', token);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('Your company account is suspended. Contact support.');
    }
    expect((await get('/api/auth/me', bystander.token)).status).toBe(200);
    expect(
      (await post(`/api/v1/admin/tenants/${target.tenantId}/suspend`, { reason: 'again' }, operator.token)).status,
    ).toBe(409);
    expect(
      (await post(`/api/v1/admin/tenants/${operatorCo.tenantId}/suspend`, { reason: 'self' }, operator.token)).status,
    ).toBe(409);

    expect(
      (await post(`/api/v1/admin/tenants/${target.tenantId}/reactivate`, { reason: 'Paid' }, operator.token)).body
        .status,
    ).toBe('active');
    expect((await get('/api/auth/me', target.token)).status).toBe(200);
    const log = await get('/api/v1/security/audit?entity=TENANT&action=admin.', target.token);
    expect(log.body.items.map((i: { action: string }) => i.action)).toEqual([
      'admin.tenant_reactivated',
      'admin.tenant_suspended',
    ]);
    expect(JSON.parse(log.body.items[1].summary).note).toContain('Unpaid subscription');
  });

  it('answers 403 on every admin route to a non-SUPERADMIN and 404 for an unknown company', async () => {
    const owner = await registerTenant();
    const other = await registerTenant();
    expect((await get('/api/v1/admin/tenants', owner.token)).status).toBe(403);
    expect((await post(`/api/v1/admin/tenants/${other.tenantId}/suspend`, { reason: 'x' }, owner.token)).status).toBe(
      403,
    );
    expect(
      (await post(`/api/v1/admin/tenants/${other.tenantId}/reactivate`, { reason: 'x' }, owner.token)).status,
    ).toBe(403);
    const operatorCo = await registerTenant();
    await promoteToSuperadmin(operatorCo.username);
    const operator = await login(operatorCo.username, operatorCo.password);
    expect(
      (await post('/api/v1/admin/tenants/01ARZ3NDEKTSV4RRFFQ69G5FAV/suspend', { reason: 'x' }, operator.token)).status,
    ).toBe(404);
  });
});

describe('sessions and password change', () => {
  it("lists the caller's sessions with device and country; revoking one stops its refresh token at once and its access token at the next request", async () => {
    const t = await registerTenant();
    const laptop = await signIn(t.username, t.password, {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140.0',
      'cloudfront-viewer-country': 'AE',
    });
    // The phone in the same country: a new device alone is medium risk, let through (in a new country it would be
    // high).
    const phone = await signIn(t.username, t.password, {
      'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1',
      'cloudfront-viewer-country': 'AE',
      cookie: 'sayyara_device=integration-phone-0001',
    });
    expect(phone.status).toBe(200);
    const mine = await get('/api/v1/security/sessions', laptop.body.tokens.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBe(3);
    const current = mine.body.items.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ country: 'AE', userAgent: expect.stringContaining('Windows') });
    const phoneSession = mine.body.items.find((s: { userAgent: string }) => s.userAgent.includes('iPhone'));

    expect(
      (await post(`/api/v1/security/sessions/${phoneSession.id}/revoke`, {}, laptop.body.tokens.accessToken)).status,
    ).toBe(200);
    const refused = await get('/api/auth/me', phone.body.tokens.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('This session was signed out. Please sign in again.');
    expect((await post('/api/v1/auth/refresh', { refreshToken: phone.body.tokens.refreshToken })).status).toBe(401);
    expect((await get('/api/auth/me', laptop.body.tokens.accessToken)).status).toBe(200);
    const refreshed = await post('/api/v1/auth/refresh', { refreshToken: laptop.body.tokens.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await get('/api/auth/me', refreshed.body.tokens.accessToken)).status).toBe(200);
  });

  it("OWNER revokes a staff member's session; a STAFF user cannot touch others'; another company's session is 404", async () => {
    const t = await registerTenant();
    const staff = await createStaffUser(t.token, 'STAFF');
    const all = await get('/api/v1/security/sessions?all=true', t.token);
    const staffSession = all.body.items.find((s: { username: string }) => s.username === staff.username);
    expect(staffSession).toBeTruthy();
    const ownerSession = all.body.items.find((s: { username: string }) => s.username === t.username);
    expect((await post(`/api/v1/security/sessions/${ownerSession.id}/revoke`, {}, staff.token)).status).toBe(404);
    const other = await registerTenant();
    expect((await post(`/api/v1/security/sessions/${staffSession.id}/revoke`, {}, other.token)).status).toBe(404);
    expect((await post(`/api/v1/security/sessions/${staffSession.id}/revoke`, {}, t.token)).status).toBe(200);
    expect((await get('/api/auth/me', staff.token)).status).toBe(401);
  });

  it('password change needs the current password, signs out every other session, and keeps this one', async () => {
    const t = await registerTenant();
    const other = await login(t.username, t.password);
    const wrong = await post(
      '/api/v1/auth/password',
      { currentPassword: 'not-it', newPassword: 'brand-new-1' },
      t.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.currentPassword).toBe('Current password is incorrect');
    expect(
      (await post('/api/v1/auth/password', { currentPassword: t.password, newPassword: '123' }, t.token)).body.error
        .fields.newPassword,
    ).toBe('Password must be at least 6 characters');

    const changed = await post(
      '/api/v1/auth/password',
      { currentPassword: t.password, newPassword: 'brand-new-1' },
      t.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.signedOut).toBe(1);
    expect((await get('/api/auth/me', other.token)).status).toBe(401);
    expect((await post('/api/v1/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await get('/api/auth/me', t.token)).status).toBe(200);
    expect((await signIn(t.username, t.password)).status).toBe(401);
    expect((await signIn(t.username, 'brand-new-1')).status).toBe(200);
  });
});

describe('MFA (TOTP)', () => {
  // A code is accepted once per time step (issue 31): setup, sign-in and turning off use successive steps.
  const codeFor = (secret: string, offset = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: Date.now() + offset * 30_000,
    });

  it('enrols with a QR code and a first code, then sign-in asks for the code; a wrong code is refused; a recovery code works once', async () => {
    const t = await registerTenant();
    const setup = await post('/api/v1/auth/mfa/setup', {}, t.token);
    expect(setup.status).toBe(200);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    expect(
      (
        await post(
          '/api/v1/auth/mfa/verify',
          { code: '000000' === codeFor(setup.body.secret) ? '111111' : '000000' },
          t.token,
        )
      ).body.error.fields.code,
    ).toBe('The code is not valid. Check your authenticator app and try again.');
    const verified = await post('/api/v1/auth/mfa/verify', { code: codeFor(setup.body.secret, -1) }, t.token);
    expect(verified.status).toBe(200);
    expect(verified.body.recoveryCodes).toHaveLength(10);
    expect((await get('/api/v1/auth/mfa', t.token)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const first = await signIn(t.username, t.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfaRequired: true, challenge: expect.any(String) });
    expect(first.body.tokens).toBeUndefined();
    const wrong = await post('/api/auth/login/mfa', { challenge: first.body.challenge, code: '12345x' });
    expect(wrong.status).toBe(400);
    const done = await post('/api/auth/login/mfa', {
      challenge: first.body.challenge,
      code: codeFor(setup.body.secret),
    });
    expect(done.status).toBe(200);
    expect((await get('/api/auth/me', done.body.tokens.accessToken)).status).toBe(200);
    // A used challenge is gone.
    expect(
      (await post('/api/auth/login/mfa', { challenge: first.body.challenge, code: codeFor(setup.body.secret) })).status,
    ).toBe(401);

    const recovery = verified.body.recoveryCodes[0];
    const second = await signIn(t.username, t.password);
    expect((await post('/api/auth/login/mfa', { challenge: second.body.challenge, code: recovery })).status).toBe(200);
    const third = await signIn(t.username, t.password);
    expect((await post('/api/auth/login/mfa', { challenge: third.body.challenge, code: recovery })).status).toBe(400);
    expect((await get('/api/v1/auth/mfa', t.token)).body.recoveryCodesLeft).toBe(9);

    const off = await call('/api/v1/auth/mfa', {
      method: 'DELETE',
      body: { code: codeFor(setup.body.secret, 1) },
      token: t.token,
    });
    expect(off.status).toBe(200);
    expect((await signIn(t.username, t.password)).body.tokens).toBeDefined();
  });
});

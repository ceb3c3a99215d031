import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { call, get, post, put, unique } from '../../test/integration/client';
import { login, registerTenant } from '../../test/integration/fixtures';
import { keys, tenantPk } from '../lib/data/keys';
import { getItem, queryAll } from '../lib/data/repo';

/**
 * Issue 31, sign-in: a TOTP code works once; the lockout answer says when to try again and every refusal while
 * locked is audited; the most common passwords are refused at sign-up, staff creation and password change; the
 * security emails reach the SES store (aws-ses-v2-local) in the company's language, English and Arabic.
 */
const COMMON = 'This password is one of the most commonly used. Choose one that is harder to guess.';
const WRONG_CODE = 'The code is not valid. Check your authenticator app and try again.';

const signIn = (username: string, password: string, headers: Record<string, string> = {}) =>
  call('/api/auth/login', { method: 'POST', body: { username, password }, headers });
/** The code of the time step `offset` steps from now (the server accepts one step either way). */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
const auditOf = async (tenantId: string, action: string) =>
  (await queryAll({ tenantId, pk: tenantPk(tenantId, 'AUDIT'), consistent: true })).filter((a) => a.action === action);

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
async function mailsTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

async function enableMfa(token: string) {
  const setup = await post('/api/v1/auth/mfa/setup', {}, token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  // The setup code is from the previous step, so later codes (this step, the next) are fresh.
  const setupCode = codeAt(secret, -1);
  const verified = await post('/api/v1/auth/mfa/verify', { code: setupCode }, token);
  expect(verified.status).toBe(200);
  return { secret, setupCode, recoveryCodes: verified.body.recoveryCodes as string[] };
}

describe('TOTP codes are accepted once (RFC 6238 §5.2)', () => {
  it('a code that completed a sign-in is refused for the next, as a wrong code is, and audited; so is the setup code', async () => {
    const t = await registerTenant();
    const { secret, setupCode } = await enableMfa(t.token);

    const first = await signIn(t.username, t.password);
    expect(first.body.mfaRequired).toBe(true);
    // The code that confirmed the setup cannot sign in.
    const again = await post('/api/auth/login/mfa', { challenge: first.body.challenge, code: setupCode });
    expect(again.status).toBe(400);
    expect(again.body.error.fields.code).toBe(WRONG_CODE);
    const code = codeAt(secret);
    const done = await post('/api/auth/login/mfa', { challenge: first.body.challenge, code });
    expect(done.status).toBe(200);

    const second = await signIn(t.username, t.password);
    const replay = await post('/api/auth/login/mfa', { challenge: second.body.challenge, code });
    const wrong = await post('/api/auth/login/mfa', { challenge: second.body.challenge, code: '12345x' });
    expect(replay.status).toBe(400);
    // Same answer as a wrong code: nothing tells an attacker the code was right once.
    expect(replay.body).toEqual(wrong.body);
    // The replayed sign-in code is audited as a replay; the setup code too, unless a slow run let its step pass
    // (then it is simply no longer valid: a failure).
    const replays = (await auditOf(t.tenantId, 'auth.mfa_replay')).length;
    expect(replays).toBeGreaterThanOrEqual(1);
    expect(replays + (await auditOf(t.tenantId, 'auth.mfa_failed')).length).toBe(3);
    // The step is stored on the MFA item by the write that accepted the code.
    const mfa = await getItem({ pk: tenantPk(t.tenantId, 'MFA'), sk: t.user.id });
    expect(Number(mfa!.lastTotpStep)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
  });

  it('two sign-ins racing with one fresh code: exactly one gets in', async () => {
    const t = await registerTenant();
    const { secret } = await enableMfa(t.token);
    const [a, b] = [await signIn(t.username, t.password), await signIn(t.username, t.password)];
    const code = codeAt(secret, 1);
    const results = await Promise.all(
      [a, b].map((s) => post('/api/auth/login/mfa', { challenge: s.body.challenge, code })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    // Turning MFA off with an already used code is refused too.
    const off = await call('/api/v1/auth/mfa', { method: 'DELETE', body: { code }, token: t.token });
    expect(off.status).toBe(400);
    expect(off.body.error.fields.code).toBe(WRONG_CODE);
    expect((await auditOf(t.tenantId, 'auth.mfa_replay')).length).toBe(2);
  });
});

describe('lockout (issue 31)', () => {
  it('says when to try again in the asked language, and audits every refusal while locked, per minute', async () => {
    const t = await registerTenant();
    for (let i = 0; i < 5; i++) expect((await signIn(t.username, `wrong-${i}`)).status).toBe(401);
    const en = await signIn(t.username, t.password);
    expect(en.status).toBe(429);
    expect(en.body.error.message).toMatch(/^Too many attempts\. Try again in 1[45] min\.$/);
    expect(en.body.error.template).toBe('Too many attempts. Try again in {{minutes}} min.');
    expect(Number(en.body.error.params.minutes) * 60).toBeGreaterThanOrEqual(Number(en.headers.get('retry-after')));
    const ar = await signIn(t.username, t.password, { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' });
    expect(ar.status).toBe(429);
    expect(ar.body.error.message).toMatch(/^محاولات كثيرة جدًا\. حاول مرة أخرى بعد 1[45] دقيقة\.$/);
    expect((await signIn(t.username, 'another-guess')).status).toBe(429);

    const refused = await auditOf(t.tenantId, 'auth.locked_refused');
    // Three refusals, in one item per minute (two if the minute turned meanwhile).
    expect(refused.reduce((n, a) => n + Number(a.attempts), 0)).toBe(3);
    expect(refused.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(String(refused.at(-1)!.summary)).note).toMatch(/refused in this minute: username locked/);
    // Also visible in the company's audit log API.
    const listed = await get('/api/v1/security/audit?action=auth.locked_refused', t.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBe(refused.length);
    // The locked account's owner was told, once.
    const locked = (await mailsTo(t.email)).filter((m) => m.subject === 'Sign-in to your account was locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]!.body.text).toContain('after 5 failed attempts');
  });
});

describe('the most common passwords are refused (issue 31)', () => {
  it('at sign-up, with nothing created', async () => {
    const username = unique('common');
    const body = {
      tenantName: `Common Rentals ${username}`,
      fullNameEnglish: 'Common Owner',
      username,
      email: `${username}@example.test`,
      password: 'password1',
    };
    const refused = await post('/api/register', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ password: COMMON });
    expect(await getItem(keys.global.username(username))).toBeUndefined();
    // The username is still free: nothing was created.
    expect((await post('/api/register', { ...body, password: 'Rose-garden-91' })).status).toBe(201);
    expect((await post('/api/register', { ...body, tenantName: 'x', password: 'PASSWORD' })).status).toBe(409);
  });

  it('at staff creation and at password change', async () => {
    const t = await registerTenant();
    const username = unique('staffc');
    const staff = await post(
      '/api/v1/staff',
      {
        firstName: 'Omar',
        lastName: 'K',
        username,
        email: `${username}@example.test`,
        password: 'iloveyou',
        role: 'STAFF',
      },
      t.token,
    );
    expect(staff.status).toBe(400);
    expect(staff.body.error.fields).toEqual({ password: COMMON });
    expect(await getItem(keys.global.username(username))).toBeUndefined();

    const change = await post(
      '/api/v1/auth/password',
      { currentPassword: t.password, newPassword: 'Qwerty123' },
      t.token,
    );
    expect(change.status).toBe(400);
    expect(change.body.error.fields).toEqual({ newPassword: COMMON });
    // The password did not change.
    await login(t.username, t.password);
  });
});

/** Every security email of one company, in its language. */
async function securityEmailsFor(language: 'en' | 'ar') {
  const t = await registerTenant({ fullNameEnglish: 'Layla Haddad' });
  const settings = await get('/api/v1/company/settings', t.token);
  const saved = await put(
    '/api/v1/company/settings',
    { version: settings.body.version, preferences: { ...settings.body.preferences, language } },
    t.token,
  );
  expect(saved.status).toBe(200);
  const device = { cookie: 'sayyara_device=known-device-000001', 'cloudfront-viewer-country': 'AE' };
  // The first sign-in makes the baseline (nothing is new about it) ...
  expect((await signIn(t.username, t.password, device)).status).toBe(200);
  // ... then a new device, then a new country (Iceland: no travel rule applies to it).
  const newDevice = {
    ...device,
    cookie: 'sayyara_device=another-device-0002',
    'user-agent': 'Mozilla/5.0 Firefox/120.0',
  };
  expect((await signIn(t.username, t.password, newDevice)).status).toBe(200);
  expect((await signIn(t.username, t.password, { ...device, 'cloudfront-viewer-country': 'IS' })).status).toBe(200);
  const password = 'Rose-garden-92';
  expect(
    (await post('/api/v1/auth/password', { currentPassword: t.password, newPassword: password }, t.token)).status,
  ).toBe(200);
  const { secret, recoveryCodes } = await enableMfa(t.token);
  const challenge = await signIn(t.username, password, device);
  expect(
    (await post('/api/auth/login/mfa', { challenge: challenge.body.challenge, code: recoveryCodes[0] })).status,
  ).toBe(200);
  const off = await call('/api/v1/auth/mfa', { method: 'DELETE', body: { code: codeAt(secret) }, token: t.token });
  expect(off.status).toBe(200);
  for (let i = 0; i < 5; i++) await signIn(t.username, `wrong-${i}`, device);
  return { t, mails: await mailsTo(t.email) };
}

describe('security emails through SES in the company language (issue 31)', () => {
  it('English: password changed, MFA on and off, recovery code used, locked, new device, new country', async () => {
    const { mails } = await securityEmailsFor('en');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'A recovery code was used to sign in',
        'New sign-in to your Sayyara account',
        'New sign-in to your Sayyara account',
        'Sign-in to your account was locked',
        'Two-step verification was turned off',
        'Two-step verification was turned on',
        'Your Sayyara password was changed',
      ].sort(),
    );
    for (const m of mails) {
      expect(m.body.text).toContain('Hello Layla Haddad,');
      expect(m.body.text).toContain('If this was not you:');
      expect(m.body.text).not.toMatch(/[\u0600-\u06FF]/);
    }
    const texts = mails.map((m) => m.body.text ?? '').join('\n');
    expect(texts).toContain('from a device it has not used before');
    expect(texts).toContain('Country: IS');
    expect(texts).toContain('from a country it has not been used from before');
    expect(texts).toContain('9 recovery code(s) are left');
    expect(texts).toMatch(/\d+ other session\(s\) were signed out/);
  });

  it('Arabic: the same seven, in Arabic', async () => {
    const { mails } = await securityEmailsFor('ar');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'تم استخدام رمز استرداد لتسجيل الدخول',
        'تسجيل دخول جديد إلى حسابك في سيّارة',
        'تسجيل دخول جديد إلى حسابك في سيّارة',
        'تم قفل تسجيل الدخول إلى حسابك',
        'تم إيقاف التحقق الثنائي',
        'تم تفعيل التحقق الثنائي',
        'تم تغيير كلمة مرور سيّارة الخاصة بك',
      ].sort(),
    );
    for (const m of mails) {
      expect(m.body.text).toContain('إن لم تكن أنت:');
      expect(m.body.text).not.toContain('If this was not you');
    }
  });
});

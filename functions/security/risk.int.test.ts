import { describe, expect, it } from 'vitest';
import { call, get, post, put, unique } from '../../test/integration/client';
import { createStaffUser, login, registerTenant } from '../../test/integration/fixtures';
import { rentalProbe } from '../../test/integration/entity-factories';
import { promoteToSuperadmin } from '../auth/api';
import { handler as securityReportJob } from '../jobs/security-report';
import { previousIsoWeek } from '../security-report/report';

/** Devices, risk assessment, risky actions, the weekly report and job logs (issue 16), through the local gateway. */
const device = (id: string) => `sayyara_device=${id.padEnd(20, '0')}`;
const signIn = (
  username: string,
  password: string,
  dev: string,
  country?: string,
  ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36',
) =>
  call('/api/auth/login', {
    method: 'POST',
    body: { username, password },
    headers: { cookie: device(dev), 'user-agent': ua, ...(country ? { 'cloudfront-viewer-country': country } : {}) },
  });
type Risk = {
  level: string;
  signals: string[];
  outcome: string;
  kind: string;
  deviceId: string | null;
  summary: string | null;
  username: string | null;
};
const feed = async (token: string): Promise<Risk[]> => (await get('/api/v1/security/risk?limit=50', token)).body.items;

describe('sign-in risk', () => {
  it('scores new device (medium), impossible travel (critical: refused and alerted) and new device in a new country (high: refused without MFA until an admin trusts the device)', async () => {
    const t = await registerTenant();
    const dev = unique('devA');
    // First sign-in: the baseline (no history to compare with): low.
    expect((await signIn(t.username, t.password, dev, 'AE')).status).toBe(200);
    // The same user on a second device, same country: new device → medium, let through.
    expect((await signIn(t.username, t.password, unique('devB'), 'AE')).status).toBe(200);
    let risk = await feed(t.token);
    expect(risk[0]).toMatchObject({ kind: 'signin', level: 'medium', signals: ['new_device'], outcome: 'allowed' });
    expect(risk[1]).toMatchObject({ level: 'low', signals: [] });

    // A minute later from the UK (5,500 km): impossible travel + new country → critical, refused.
    const travel = await signIn(t.username, t.password, dev, 'GB');
    expect(travel.status).toBe(403);
    expect(travel.body.error.message).toBe(
      'This sign-in was refused because it looks unsafe. Your administrator has been alerted.',
    );
    expect(travel.body.tokens).toBeUndefined();
    risk = await feed(t.token);
    expect(risk[0]).toMatchObject({ level: 'critical', outcome: 'refused' });
    expect(risk[0]!.signals.sort()).toEqual(['impossible_travel', 'new_country']);
    const alerts = await get('/api/v1/alerts?category=security&limit=50', t.token);
    expect(alerts.body.items.filter((a: { type: string }) => a.type === 'security_signin_risk')).toHaveLength(1);

    // Oman is next door (no impossible travel), but a new device in a new country → high: refused without MFA.
    const devC = unique('devC');
    const high = await signIn(t.username, t.password, devC, 'OM');
    expect(high.status).toBe(403);
    expect(high.body.error.message).toBe(
      'This sign-in looks unusual (a new device or place). Set up an authenticator app, or ask your administrator to trust this device.',
    );
    risk = await feed(t.token);
    expect(risk[0]).toMatchObject({ level: 'high', outcome: 'refused' });
    expect(risk[0]!.signals.sort()).toEqual(['new_country', 'new_device']);
    // That device is now suspicious; the owner approves it and the sign-in goes through (new country only: medium).
    const devices = (await get('/api/v1/security/devices?all=true', t.token)).body.items as {
      id: string;
      status: string;
    }[];
    const suspicious = devices.find((d) => d.id === risk[0]!.deviceId)!;
    expect(suspicious.status).toBe('suspicious');
    expect((await post(`/api/v1/security/devices/${suspicious.id}/trust`, {}, t.token)).body.status).toBe('trusted');
    const ok = await signIn(t.username, t.password, devC, 'OM');
    expect(ok.status).toBe(200);
    expect((await feed(t.token))[0]).toMatchObject({ level: 'medium', signals: ['new_country'], outcome: 'allowed' });
  });

  it('a blocked device cannot sign in, even with the right password; the other devices still can', async () => {
    const t = await registerTenant();
    const staff = await createStaffUser(t.token, 'STAFF');
    const laptop = unique('laptop');
    expect((await signIn(staff.username, staff.password, laptop)).status).toBe(200);
    const laptopId = (await feed(t.token))[0]!.deviceId!;
    expect((await signIn(staff.username, staff.password, unique('phone'))).status).toBe(200);
    const mine = (await get('/api/v1/security/devices', (await login(staff.username, staff.password)).token)).body
      .items as { id: string; userId: string; status: string; label: string }[];
    expect(mine.every((d) => d.userId === staff.user.id)).toBe(true);
    const all = (await get('/api/v1/security/devices?all=true', t.token)).body.items as {
      id: string;
      username: string;
      status: string;
    }[];
    const staffDevices = all.filter((d) => d.username === staff.username);
    expect(staffDevices.length).toBeGreaterThanOrEqual(2);
    // STAFF may not block devices; the owner may.
    expect((await post(`/api/v1/security/devices/${laptopId}/block`, {}, staff.token)).status).toBe(403);
    const blocked = await post(`/api/v1/security/devices/${laptopId}/block`, {}, t.token);
    expect(blocked.status).toBe(200);
    expect(blocked.body.status).toBe('blocked');

    const refused = await signIn(staff.username, staff.password, laptop);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('This device has been blocked by your company. Ask your administrator.');
    expect((await feed(t.token))[0]).toMatchObject({ outcome: 'device_blocked' });
    expect((await signIn(staff.username, staff.password, unique('tablet'))).status).toBe(200);
    const audit = await get('/api/v1/security/audit?action=security.device_blocked', t.token);
    expect(audit.body.items).toHaveLength(1);
  });

  it("another company's device is not found (404), a malformed id too; the devices list shows only the company's own", async () => {
    const a = await registerTenant();
    const b = await registerTenant();
    expect((await signIn(a.username, a.password, unique('a-dev'))).status).toBe(200);
    const aDevice = (await get('/api/v1/security/devices?all=true', a.token)).body.items[0] as { id: string };
    expect((await post(`/api/v1/security/devices/${aDevice.id}/trust`, {}, b.token)).status).toBe(404);
    expect((await post(`/api/v1/security/devices/${aDevice.id}/block`, {}, b.token)).status).toBe(404);
    expect((await post('/api/v1/security/devices/not-a-device/block', {}, a.token)).status).toBe(404);
    const bList = (await get('/api/v1/security/devices?all=true', b.token)).body.items as { id: string }[];
    expect(bList.map((d) => d.id)).not.toContain(aDevice.id);
    // The risk feed is the security ability's: a STAFF member gets 403.
    const staff = await createStaffUser(a.token, 'STAFF');
    expect((await get('/api/v1/security/risk', staff.token)).status).toBe(403);
  });

  it('sets an HttpOnly device-id cookie when the browser has none', async () => {
    const t = await registerTenant();
    const res = await call('/api/auth/login', { method: 'POST', body: { username: t.username, password: t.password } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(
      /^sayyara_device=[A-Za-z0-9_-]{24}; Path=\/api; Max-Age=63072000; HttpOnly; SameSite=Lax/,
    );
    const again = await signIn(t.username, t.password, unique('kept'));
    expect(again.headers.get('set-cookie')).toBeNull();
  });
});

describe('risky business actions', () => {
  it('a refund to a method the customer never paid with and a large manual discount land in the feed; everyday ones do not', async () => {
    const t = await registerTenant();
    const r = await rentalProbe(t.token);
    const send = (path: string, body: unknown) =>
      post(`/api/v1/rentals/${r.id}/${path}`, body, t.token, { 'idempotency-key': unique('k') });
    // Paid in full by card (a desk payment is at most what the rental owes).
    const owes = (await get(`/api/v1/rentals/${r.id}`, t.token)).body.balance as number;
    expect(owes).toBeGreaterThanOrEqual(170);
    expect((await send('payments', { amount: owes, method: 'credit_card' })).status).toBe(201);
    const before = (await feed(t.token)).length;
    // Back to the card it was paid with: everyday work, not in the feed.
    expect((await send('refunds', { amount: 50, method: 'credit_card' })).status).toBe(201);
    expect(await feed(t.token)).toHaveLength(before);
    // To cash: money leaving by another way than it came in.
    expect((await send('refunds', { amount: 120, method: 'cash' })).status).toBe(201);
    const refund = (await feed(t.token))[0]!;
    expect(refund).toMatchObject({ kind: 'action', level: 'high', signals: ['refund_other_method'] });
    expect(refund.summary).toContain('to cash; paid by credit_card');

    // A charge of 1,500 reversed by 1,200 by hand: a large manual discount (medium); 100 off is everyday.
    const charge = await send('charges', { amount: 1500, category: 'damage_fees', label: 'Rear bumper' });
    expect(charge.status).toBe(201);
    const entryId = (charge.body.entry?.id ?? charge.body.id) as string;
    expect((await send(`ledger/${entryId}/reverse`, { amount: 100, reason: 'Goodwill' })).status).toBe(201);
    expect((await feed(t.token))[0]!.signals).toEqual(['refund_other_method']);
    expect((await send(`ledger/${entryId}/reverse`, { amount: 1200, reason: 'Customer complained' })).status).toBe(201);
    expect((await feed(t.token))[0]).toMatchObject({
      kind: 'action',
      level: 'medium',
      signals: ['large_discount'],
      summary:
        'manual discount of 1200.00 off "Rear bumper" on ' +
        (await get(`/api/v1/rentals/${r.id}`, t.token)).body.referenceNumber +
        ': Customer complained',
    });
  });

  it('changing the payment gateway keys lands in the risk feed (high) with a security alert', async () => {
    const t = await registerTenant();
    const s = await get('/api/v1/company/settings', t.token);
    expect(
      (
        await put(
          '/api/v1/company/settings',
          { version: s.body.version, gatewayKeys: { serverKey: 'SK-new-key-123' } },
          t.token,
        )
      ).status,
    ).toBe(200);
    const risk = await feed(t.token);
    expect(risk[0]).toMatchObject({
      kind: 'action',
      level: 'high',
      signals: ['gateway_keys_changed'],
      summary: 'payment gateway keys changed: serverKey',
    });
    expect(JSON.stringify(risk)).not.toContain('SK-new-key-123');
    const alerts = await get('/api/v1/alerts?category=security&limit=50', t.token);
    expect(alerts.body.items.some((a: { type: string }) => a.type === 'security_risky_action')).toBe(true);
  });
});

describe('company setting: MFA required for OWNER and ADMIN', () => {
  it('an owner without MFA is told to enrol at sign-in; a STAFF member is not', async () => {
    const t = await registerTenant();
    const staff = await createStaffUser(t.token, 'STAFF');
    const s = await get('/api/v1/company/settings', t.token);
    expect(s.body.requireMfaForAdmins).toBe(false);
    expect(
      (await put('/api/v1/company/settings', { version: s.body.version, requireMfaForAdmins: true }, t.token)).body
        .requireMfaForAdmins,
    ).toBe(true);
    const owner = await signIn(t.username, t.password, unique('o'));
    expect(owner.status).toBe(200);
    expect(owner.body.mfaEnrolmentRequired).toBe(true);
    const clerk = await signIn(staff.username, staff.password, unique('s'));
    expect(clerk.body.mfaEnrolmentRequired).toBeUndefined();
  });
});

describe('weekly security report and job logs', () => {
  it('reports last week once per company (emailed to the OWNER), shows it and the run in the job log; the operator sees platform runs', async () => {
    const t = await registerTenant();
    // A week of activity, seen from the following Monday.
    await signIn(t.username, 'wrong-password', unique('x'));
    expect((await signIn(t.username, t.password, unique('y'), 'AE')).status).toBe(200);
    const now = new Date();
    const nextMonday = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7), 5),
    );
    const week = previousIsoWeek(nextMonday);
    const first = await securityReportJob({ time: nextMonday.toISOString(), onlyTenants: [t.tenantId] });
    expect(first).toMatchObject({ units: 1, totals: { sent: 1 }, errors: 0 }); // the week: the report below
    const again = await securityReportJob({ time: nextMonday.toISOString(), onlyTenants: [t.tenantId] });
    expect(again).toMatchObject({ units: 1, totals: { sent: 0, existing: 1 } });

    const reports = await get('/api/v1/security/reports', t.token);
    expect(reports.body.items).toHaveLength(1);
    expect(reports.body.items[0]).toMatchObject({ week: week.week, emailedTo: [t.email] });
    expect(reports.body.items[0].counts).toMatchObject({ signins: 1, failedSignins: 1 });
    const emails = (
      (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
        emails: { destination: unknown; subject: string; body?: unknown }[];
      }
    ).emails;
    const mine = emails.filter(
      (e) => JSON.stringify(e.destination).includes(t.email) && e.subject.startsWith('Weekly security report'),
    );
    expect(mine).toHaveLength(1);

    const runs = await get('/api/v1/jobs/runs', t.token);
    const reportRuns = runs.body.items.filter((r: { job: string }) => r.job === 'security-report');
    expect(reportRuns).toHaveLength(2);
    expect(reportRuns.map((r: { counts: { reports: number } }) => r.counts.reports).sort()).toEqual([0, 1]);
    const staff = await createStaffUser(t.token, 'STAFF');
    expect((await get('/api/v1/jobs/runs', staff.token)).status).toBe(403);

    // Platform-wide runs are the operator's: 403 for a company OWNER, the list for a SUPERADMIN.
    expect((await get('/api/v1/admin/jobs', t.token)).status).toBe(403);
    const op = await registerTenant();
    await promoteToSuperadmin(op.username);
    const platform = await get('/api/v1/admin/jobs', (await login(op.username, op.password)).token);
    expect(platform.status).toBe(200);
    const job = platform.body.jobs.find((j: { job: string }) => j.job === 'security-report');
    expect(job.runs).toBeGreaterThanOrEqual(2);
    expect(typeof job.errors).toBe('number');
  });

  it("emails the report in the company's language: Arabic for an Arabic company, English for an English one, with the signal names translated", async () => {
    type Email = { destination: unknown; subject: string; body: { text: string } };
    const english = await registerTenant();
    const arabic = await registerTenant();
    const before = (await get('/api/v1/company/settings', arabic.token)).body;
    expect(
      (
        await put(
          '/api/v1/company/settings',
          { version: before.version, preferences: { ...before.preferences, language: 'ar' } },
          arabic.token,
        )
      ).status,
    ).toBe(200);
    // Each company's week: a baseline sign-in, then a new device in a new country (high: refused without MFA, notable).
    for (const c of [english, arabic]) {
      expect((await signIn(c.username, c.password, unique('base'), 'AE')).status).toBe(200);
      expect((await signIn(c.username, c.password, unique('away'), 'OM')).status).toBe(403);
    }
    const now = new Date();
    const nextMonday = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7), 5),
    );
    const week = previousIsoWeek(nextMonday).week;
    expect(
      await securityReportJob({ time: nextMonday.toISOString(), onlyTenants: [english.tenantId, arabic.tenantId] }),
    ).toMatchObject({ units: 2, totals: { sent: 2 }, errors: 0 });

    const emails = ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: Email[] }).emails;
    const to = (c: { email: string }) => emails.filter((e) => JSON.stringify(e.destination).includes(c.email));
    const [ar] = to(arabic);
    expect(to(arabic)).toHaveLength(1);
    expect(ar!.subject).toMatch(new RegExp(`^تقرير الأمان الأسبوعي، ${week}: `));
    expect(ar!.body.text).toContain('عمليات تسجيل الدخول: 1، الفاشلة: 0');
    expect(ar!.body.text).toContain('أحداث بارزة:');
    expect(ar!.body.text).toMatch(/\[مرتفع\] تسجيل دخول .* من OM: .*جهاز جديد/);
    expect(ar!.body.text).toContain('دولة جديدة');
    expect(ar!.body.text).toContain('(رُفض)');
    expect(ar!.body.text).not.toMatch(/Sign-ins|Notable|new_device|New device/);

    const [en] = to(english);
    expect(to(english)).toHaveLength(1);
    expect(en!.subject).toMatch(new RegExp(`^Weekly security report, ${week}: `));
    expect(en!.body.text).toContain('Sign-ins: 1, failed: 0');
    expect(en!.body.text).toMatch(/\[High\] .* signing in from OM: .*New device/);
    expect(en!.body.text).toContain('(Refused)');
    expect(en!.body.text).not.toMatch(/[\u0600-\u06FF]/);

    // The page gets the notable event's facts, so it words it in the reader's language too.
    const report = (await get('/api/v1/security/reports', arabic.token)).body.items[0];
    expect(report.notable[0]).toMatchObject({
      kind: 'signin',
      level: 'high',
      country: 'OM',
      outcome: 'refused',
      username: arabic.username,
    });
    expect(report.notable[0].signals.sort()).toEqual(['new_country', 'new_device']);
  });
});

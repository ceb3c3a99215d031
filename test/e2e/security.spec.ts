/**
 * Security monitoring and admin tools in a real browser (issue 16 "Done when"), English and
 * Arabic: an OWNER reads the audit log and sign-in activity (a sign-in from the UK with its
 * country header), adds a geo rule; a SUPERADMIN lists companies, suspends one, and that
 * company's owner sees the refusal when signing in. Screenshots of both pages in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { security, admin } from '../../shared/i18n/security';
import { promoteToSuperadmin } from '../../functions/auth/api';
import { Secret, TOTP } from 'otpauth';
import { signUpViaApi, useSession } from './helpers';
import { handler as securityReportJob } from '../../functions/jobs/security-report';

/** The code of the step `ahead` steps from now (a code is accepted once: sign-in after enrolling needs the next). */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

const outDir = join(process.cwd(), 'test/.out/screenshots');
mkdirSync(outDir, { recursive: true });

for (const language of ['en', 'ar'] as const) {
  const s = security[language];
  const a = admin[language];

  test(`security monitoring: audit log, sign-ins, geo rule (${language})`, async ({ page }) => {
    const owner = await signUpViaApi(page.request);
    const signin = await page.request.post('/api/auth/login', {
      data: { username: owner.username, password: owner.password },
      headers: { 'cloudfront-viewer-country': 'GB', 'cloudfront-viewer-address': '203.0.113.9:443' },
    });
    expect(signin.status()).toBe(200);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, owner, '/dashboard/security');
    await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The audit log: the sign-up is there; a filter narrows it.
    await expect(page.locator('tr[data-audit-action="tenant.register"]')).toBeVisible();
    await page.getByLabel(s.filter.action).fill('auth.');
    await page.getByRole('button', { name: s.filter.apply }).click();
    await expect(page.locator('tr[data-audit-action="tenant.register"]')).toHaveCount(0);
    await expect(page.locator('tr[data-audit-action="auth.login"]').first()).toBeVisible();
    await page.screenshot({ path: join(outDir, `security-audit-${language}.png`), fullPage: true });

    // Sign-in activity with IP and country.
    await page.getByRole('tab', { name: s.tabs.signins }).click();
    const row = page.locator('tr[data-signin-action="auth.login"]').filter({ hasText: '203.0.113.9' });
    await expect(row).toContainText('GB');
    await expect(row).toContainText(s.event.auth_login);

    // A geo rule.
    await page.getByRole('tab', { name: s.tabs.geo }).click();
    await expect(page.getByText(s.geo.emptyTitle)).toBeVisible();
    await page.getByLabel(s.geo.country).fill('r');
    await page.getByRole('button', { name: s.geo.add }).click();
    await expect(page.getByText(s.msg.countryInvalid)).toBeVisible();
    await page.getByLabel(s.geo.country).fill('ru');
    await page.getByLabel(s.geo.action).selectOption('block');
    await page.getByLabel(s.geo.note).fill('No operations there');
    await page.getByRole('button', { name: s.geo.add }).click();
    const rule = page.locator('tr[data-geo-country="RU"]');
    await expect(rule).toContainText(s.geo.actions.block);
    await page.screenshot({ path: join(outDir, `security-geo-${language}.png`), fullPage: true });
    // The rule is real: a sign-in from Russia is refused.
    const refused = await page.request.post('/api/auth/login', {
      data: { username: owner.username, password: owner.password },
      headers: { 'cloudfront-viewer-country': 'RU' },
    });
    expect(refused.status()).toBe(403);
  });

  test(`security monitoring: risk feed, devices, weekly report and job log (${language})`, async ({ page }) => {
    const owner = await signUpViaApi(page.request);
    const login = (device: string, country: string) =>
      page.request.post('/api/auth/login', {
        data: { username: owner.username, password: owner.password },
        headers: {
          cookie: `sayyara_device=${device}`,
          'cloudfront-viewer-country': country,
          'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36',
        },
      });
    expect((await login('e2e-office-pc-000001', 'AE')).status()).toBe(200);
    expect((await login('e2e-second-pc-000002', 'AE')).status()).toBe(200); // new device: medium
    const travel = await login('e2e-office-pc-000001', 'US'); // minutes after Dubai: impossible travel
    expect(travel.status()).toBe(403);
    expect((await travel.json()).error.message).toBe(security.en.msg.riskRefused);
    await securityReportJob({
      time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      onlyTenants: [owner.user.tenantId],
    });

    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, owner, '/dashboard/security?tab=risk');
    await expect(page.getByRole('tab', { name: s.tabs.risk })).toHaveAttribute('aria-selected', 'true');
    const critical = page.locator('tr[data-risk-level="critical"]');
    await expect(critical).toHaveCount(1);
    await expect(critical).toContainText(s.risk.signal.impossible_travel);
    await expect(critical).toContainText(s.risk.outcome.refused);
    await expect(page.locator('tr[data-risk-level="medium"]').first()).toContainText(s.risk.signal.new_device);
    await page.screenshot({ path: join(outDir, `security-risk-${language}.png`), fullPage: true });

    // Devices: block the one the refused sign-in came from.
    await page.getByRole('tab', { name: s.tabs.devices }).click();
    const suspicious = page.locator('tr[data-device-status="suspicious"]');
    await expect(suspicious).toHaveCount(1);
    await suspicious.getByRole('button', { name: s.devices.block }).click();
    await expect(page.locator('tr[data-device-status="blocked"]')).toHaveCount(1);
    await page.screenshot({ path: join(outDir, `security-devices-${language}.png`), fullPage: true });
    expect((await login('e2e-office-pc-000001', 'AE')).status()).toBe(403);

    // The weekly report and the job that wrote it.
    await page.getByRole('tab', { name: s.tabs.reports }).click();
    const report = page.locator('article[data-report-week]');
    await expect(report).toHaveCount(1);
    await expect(report.locator('[data-count="riskCritical"]')).toContainText('1');
    // The notable event is worded in the reader's language, signal names included.
    const notable = report.getByTestId('notable-text').first();
    await expect(notable).toContainText(s.risk.signal.impossible_travel);
    await expect(notable).toContainText(s.risk.outcome.refused);
    await page.screenshot({ path: join(outDir, `security-reports-${language}.png`), fullPage: true });
    await page.getByRole('tab', { name: s.tabs.jobs }).click();
    await expect(page.locator('tr[data-job="security-report"]')).toHaveCount(1);
    await expect(page.locator('tr[data-job="security-report"]')).toContainText(s.jobs.statuses.ok);
  });

  test(`admin tools: a SUPERADMIN suspends a company and its owner is refused (${language})`, async ({
    page,
    browser,
  }) => {
    const operator = await signUpViaApi(page.request);
    await promoteToSuperadmin(operator.username);
    const target = await signUpViaApi(page.request, { tenantName: `Falcon Cars ${Date.now().toString(36)}` });
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, operator, '/admin-tools');
    await expect(page.getByRole('heading', { name: a.title, level: 1 })).toBeVisible();
    await page.getByLabel(a.search).fill(target.tenantName);
    const row = page.locator('tr').filter({ hasText: target.tenantName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(a.status.active);
    // Platform-wide job runs with their error counts.
    await expect(page.getByRole('heading', { name: a.jobsTitle })).toBeVisible();
    await expect(page.locator('tr[data-platform-job="demo-reset"]')).toBeVisible();
    await page.screenshot({ path: join(outDir, `admin-tools-${language}.png`), fullPage: true });
    await row.getByRole('button', { name: a.suspend }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: a.suspend }).click();
    await expect(dialog.getByText(security[language].msg.reasonRequired)).toBeVisible();
    await dialog.getByLabel(a.reason).fill('Unpaid subscription');
    await dialog.getByRole('button', { name: a.suspend }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(a.status.suspended);
    await page.screenshot({ path: join(outDir, `admin-tools-suspended-${language}.png`), fullPage: true });

    // The suspended company's owner signs in and is refused with the clear message.
    const context = await browser.newContext();
    const ownerPage = await context.newPage();
    await ownerPage.goto('/auth');
    await ownerPage.getByLabel('Username', { exact: true }).fill(target.username);
    await ownerPage.getByLabel('Password', { exact: true }).fill(target.password);
    await ownerPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(ownerPage.getByText('Your company account is suspended. Contact support.')).toBeVisible();
    await expect(ownerPage).toHaveURL(/\/auth/);
    await context.close();
  });

  test(`my account: revoke another session, enrol MFA and sign in with the code (${language})`, async ({
    page,
    browser,
  }) => {
    const acc = s.account;
    const owner = await signUpViaApi(page.request);
    const other = await page.request.post('/api/auth/login', {
      data: { username: owner.username, password: owner.password },
      headers: { 'cloudfront-viewer-country': 'JO' },
    });
    const otherToken = (await other.json()).tokens.accessToken as string;
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, owner, '/account/security');
    await expect(page.getByRole('heading', { name: acc.title, level: 1 })).toBeVisible();

    // Revoke the other session: it disappears, and its token is refused at its next request.
    const jordan = page.locator('tr[data-session-country="JO"]');
    await expect(jordan).toHaveCount(1);
    await jordan.getByRole('button', { name: acc.revoke }).click();
    await expect(jordan).toHaveCount(0);
    // This browser's devices are listed too.
    await expect(page.getByRole('heading', { name: acc.devices })).toBeVisible();
    await expect(page.locator('tr[data-device-status]').first()).toBeVisible();
    expect(
      (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherToken}` } })).status(),
    ).toBe(401);

    // Enrol MFA: the code is computed here from the secret the page shows.
    await page.getByRole('button', { name: acc.mfaStart }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
    await page.screenshot({ path: join(outDir, `account-mfa-setup-${language}.png`), fullPage: true });
    await page.getByLabel(acc.mfaCode).fill('000000' === codeFor(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: acc.mfaConfirm }).click();
    await expect(page.getByText(s.msg.codeWrong).first()).toBeVisible();
    await page.getByLabel(acc.mfaCode).fill(codeFor(secret));
    await page.getByRole('button', { name: acc.mfaConfirm }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.screenshot({ path: join(outDir, `account-mfa-on-${language}.png`), fullPage: true });

    // Sign in with the password, then the code.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto('/auth');
    await fresh.getByLabel('Username', { exact: true }).fill(owner.username);
    await fresh.getByLabel('Password', { exact: true }).fill(owner.password);
    await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(fresh.getByTestId('mfa-step')).toBeVisible();
    await fresh.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await fresh.getByRole('button', { name: 'Verify' }).click();
    await expect(fresh).toHaveURL(/\/dashboard$/);
    await context.close();
  });
}

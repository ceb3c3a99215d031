/**
 * Words a person reads (issue 27), in a real browser, English and Arabic, on the demo company:
 * the alerts inbox and the audit log show no snake_case code, dotted message key or ISO
 * timestamp; every alert type opens a list or page that shows its item. Screenshots of both pages
 * in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Alert } from '../../shared/alerts';
import { alerts as alertsCatalog } from '../../shared/i18n/alerts';
import { security } from '../../shared/i18n/security';
import { rawBits } from '../../shared/readable';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';
import { shellReady, useSession, type E2eSession } from './helpers';

const outDir = join(process.cwd(), 'test/.out/screenshots');
mkdirSync(outDir, { recursive: true });

async function demoSession(page: Page): Promise<E2eSession> {
  const res = await page.request.post('/api/auth/login', { data: DEMO_CREDENTIALS });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return {
    accessToken: body.tokens.accessToken,
    refreshToken: body.tokens.refreshToken,
    expiresIn: body.tokens.expiresIn ?? 3600,
    user: body.user,
    username: DEMO_CREDENTIALS.username,
    password: DEMO_CREDENTIALS.password,
    tenantName: 'demo',
  };
}

/** What identifies an alert's item on the page its link opens (from the alert's own params). */
function markerOf(a: Alert): string | undefined {
  const p = a.params;
  if (a.type.startsWith('rental_') || a.type === 'deposit_release_due') return p.reference;
  // A fine's or toll's label is "number · plate" (or "gate · plate"): the list shows the first.
  if (a.type.startsWith('ticket_') || a.type.startsWith('toll_')) return p.label?.split(' · ')[0];
  if (a.type.startsWith('document_')) return p.title;
  if (a.type === 'invoice_overdue') return p.number;
  if (a.type.startsWith('security_')) return p.username;
  return p.vehicle?.split(' · ')[0];
}

for (const language of ['en', 'ar'] as const) {
  test(`alerts and the audit log read in words; every alert opens its item (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    const session = await demoSession(page);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, session, '/alerts');
    const a = alertsCatalog[language];
    await page.getByRole('tab', { name: a.filter.all }).click();
    await expect(page.locator('li[data-alert-id]').first()).toBeVisible();
    await expect(page.locator('li[data-status="read"]').first()).toBeVisible();
    const inbox = await page.locator('main').innerText();
    expect(rawBits(inbox)).toEqual([]);
    if (language === 'ar') expect(inbox).toMatch(/[\u0600-\u06FF]/);
    await page.screenshot({ path: join(outDir, `words-alerts-${language}.png`), fullPage: true });

    // Each alert type: its link opens a page showing the item (the first alert's by clicking "Open").
    const listed = await page.request.get('/api/v1/alerts?limit=100', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const all = (await listed.json()).items as Alert[];
    const byType = [...new Map(all.map((x) => [x.type, x] as const)).values()];
    expect(byType.length).toBeGreaterThan(4);
    const first = page.locator('li[data-alert-id]').first();
    const firstUrl = await first.getByRole('link', { name: a.open }).getAttribute('href');
    await first.getByRole('link', { name: a.open }).click();
    await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === firstUrl);
    await shellReady(page);
    const missing: string[] = [];
    for (const alert of byType) {
      expect(alert.actionUrl, alert.type).toBeTruthy();
      // (No heading check: a document's link opens its dialog over the list.)
      await page.goto(alert.actionUrl!);
      const marker = markerOf(alert);
      if (!marker) {
        missing.push(`${alert.type}: no marker`);
        continue;
      }
      try {
        await expect(page.getByText(marker, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
      } catch {
        missing.push(`${alert.type} → ${alert.actionUrl} does not show «${marker}»`);
      }
    }
    expect(missing).toEqual([]);

    // The audit log: actions, records and details in words.
    await page.goto('/dashboard/security');
    await shellReady(page);
    await expect(page.locator('tr[data-audit-action="auth.login"]').first()).toContainText(
      security[language].audit.verb.login,
    );
    const audit = await page.locator('main').innerText();
    expect(rawBits(audit)).toEqual([]);
    await page.screenshot({ path: join(outDir, `words-audit-${language}.png`), fullPage: true });
  });
}

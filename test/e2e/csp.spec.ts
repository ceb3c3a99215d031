/**
 * The Content-Security-Policy the gateway serves (the CloudFront policy's, infra/edge/security-headers.ts) breaks no
 * page: every route of the page registry (web/src/app/pages.ts), signed in as a new company's OWNER with a vehicle
 * and a customer (detail pages of rentals and invoices show their not-found state), in English and in Arabic,
 * without one `securitypolicyviolation` event or one "Content Security Policy" console message. A probe first proves
 * the listener hears a real violation. (A fresh company rather than the seeded one: no reset needed before the run.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, signUpViaApi, useSession, type E2eSession } from './helpers';

const REGISTRY = readFileSync(join(import.meta.dirname, '../../web/src/app/pages.ts'), 'utf8');
const PATHS = [...REGISTRY.matchAll(/^\s*'(\/[^']*)':/gm)].map((m) => m[1]);

/** Ids for the detail routes (`/vehicles/:id`): a vehicle and a customer made through the API; others unknown. */
async function detailIds(page: Page, session: E2eSession): Promise<Record<string, string>> {
  const vehicle = await createVehicleViaApi(page.request, session);
  const customer = await createCustomerViaApi(page.request, session);
  return { vehicles: vehicle.id, customers: customer.id, rentals: '01JZZZZZZZZZZZZZZZZZZZZZZZ', invoices: 'missing' };
}

async function listen(page: Page, violations: string[]) {
  await page.exposeFunction('__reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(msg.text()))
      violations.push(`${new URL(page.url()).pathname}: console: ${msg.text().slice(0, 200)}`);
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`no CSP violation on any page of the registry, signed in as an owner (${language})`, async ({ page }) => {
    test.setTimeout(600_000);
    expect(PATHS.length).toBeGreaterThan(40);
    const violations: string[] = [];
    await listen(page, violations);
    const session = await signUpViaApi(page.request);
    const ids = await detailIds(page, session);
    await useSession(page, session);
    await page.evaluate((lang) => localStorage.setItem('sy_language', lang), language);
    const csp = (await page.request.get('/dashboard')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");

    // The probe: an injected inline script does not run, and the listener hears it.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => /script-src(-elem)? blocked inline/.test(v))).toBe(true);
    violations.length = 0;

    const visited: string[] = [];
    for (const route of PATHS) {
      const path = route.replace(/^\/(\w+)\/:id/, (_m, list: string) => `/${list}/${ids[list] ?? 'unknown'}`);
      await page.goto(path);
      await expect(page.locator('h1, h2').first(), path).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      visited.push(path);
    }
    expect(visited).toHaveLength(PATHS.length);
    expect(violations).toEqual([]);
  });
}

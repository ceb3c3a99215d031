/**
 * axe-core on the landing page, /auth and the signed-in dashboard, in English and Arabic and in
 * the dark theme: no serious or critical violations. No rule is disabled.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openRegionPanel, shellReady, signUpAndOpen } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // headlessui's focus sentinels (aria-hidden, tabindex 0, 1 px, fixed) exist only while a
    // portalled popover is open and hand focus on at once, so no one ever rests on them; axe's
    // aria-hidden-focus flags such focus guards as a known false positive (dequelabs/axe-core#4832).
    // Only those elements are left out, the rule still runs on everything else.
    .exclude('[id^="headlessui-focus-sentinel"]')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
}

/** Language and theme as the app stores them, set before any page script runs. */
async function preferences(page: Page, { language, theme }: { language: 'en' | 'ar'; theme: 'light' | 'dark' }) {
  await page.addInitScript(
    ({ language, theme }) => {
      localStorage.setItem('sy_language', language);
      localStorage.setItem('sy_app_state', JSON.stringify({ version: 0, state: { theme } }));
    },
    { language, theme },
  );
}

const variants = [
  { language: 'en', theme: 'light' },
  { language: 'ar', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

for (const v of variants) {
  const suffix = `(${v.language}, ${v.theme})`;

  test(`axe: / has no serious or critical violations ${suffix}`, async ({ page }) => {
    await preferences(page, v);
    await page.goto('/');
    await shellReady(page);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', v.language);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`axe: /auth has no serious or critical violations ${suffix}`, async ({ page }) => {
    await preferences(page, v);
    await page.goto('/auth');
    await shellReady(page);
    await expect(page.locator('form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The sign-up tab too (more fields, optional Arabic name).
    await page.getByRole('tab').nth(1).click();
    await expect(page.locator('form input')).toHaveCount(6);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`axe: /dashboard (signed in) has no serious or critical violations ${suffix}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await preferences(page, v);
    await signUpAndOpen(page, '/dashboard');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // With the region-and-language popover open and its region list expanded.
    const panel = await openRegionPanel(page);
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: /^(Region|المنطقة) / }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // With the sidebar collapsed to icons.
    await page.getByRole('button', { name: /^(Collapse sidebar|طيّ الشريط الجانبي)$/ }).click();
    await expect(page.getByRole('button', { name: /^(Expand sidebar|توسيع الشريط الجانبي)$/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`axe: the mobile navigation drawer has no serious or critical violations ${suffix}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await preferences(page, v);
    await signUpAndOpen(page, '/dashboard');
    await page.getByRole('button', { name: /^(Open menu|فتح القائمة)$/ }).click();
    await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// Every company settings tab (forms, switches, colour pickers, the logo control), in English and
// Arabic.
const SETTINGS_TAB_PARAMS = [
  'profile',
  'branding',
  'working-hours',
  'rentals',
  'notifications',
  'preferences',
  'security',
] as const;
test.describe('axe: company settings tabs', () => {
  for (const language of ['en', 'ar'] as const) {
    test(`every settings tab has no serious or critical violations (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await preferences(page, { language, theme: 'light' });
      await signUpAndOpen(page, '/company-settings?tab=profile');
      for (const tab of SETTINGS_TAB_PARAMS) {
        await page.locator(`[data-tab="${tab}"]`).click();
        const panel = page.locator(`[data-panel="${tab}"]`);
        await expect(panel).toBeVisible();
        await expect(panel.locator('form')).toBeVisible();
        expect({ tab, violations: await seriousViolations(page) }).toEqual({ tab, violations: [] });
      }
      // Each switch is named by its visible label (the Rentals tab once had six without a name).
      await page.locator('[data-tab="rentals"]').click();
      const switches = page.locator('[data-panel="rentals"]').getByRole('switch');
      await expect(switches).toHaveCount(6);
      for (const name of await switches.evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby'))))
        expect(name).toBeTruthy();
    });
  }
});

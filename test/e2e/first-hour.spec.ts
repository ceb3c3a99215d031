/**
 * What a new rental company meets in its first hour (issue 17), in a real browser, English and
 * Arabic: "Get Started" opens Sign Up; a failed registration's toast is gone once a retry lands
 * on the dashboard; a UAE company's top bar, region menu and dates follow the company's region;
 * the sidebar links /pricing-settings; the first car is counted as one ("of 1 vehicle"). Screenshots of these
 * screens go to test/.out/screens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { analytics } from '../../shared/i18n/analytics';
import { auth } from '../../shared/i18n/auth';
import { messageText } from '../../shared/i18n/plural';
import { landing } from '../../shared/i18n/landing';
import { shell } from '../../shared/i18n/shell';
import {
  apiAs,
  createCustomerViaApi,
  createVehicleViaApi,
  openRegionPanel,
  regionTrigger,
  signUpViaApi,
  uniqueName,
  useSession,
  type E2eSession,
} from './helpers';

type Lang = 'en' | 'ar';
const SCREENS = 'test/.out/screens';

async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((language) => {
    if (sessionStorage.getItem('e2e_lang_set')) return;
    sessionStorage.setItem('e2e_lang_set', '1');
    localStorage.setItem('sy_language', language);
    localStorage.setItem(
      'sy_app_state',
      JSON.stringify({ state: { locale: { selectedLanguage: language } }, version: 0 }),
    );
  }, lang);
}

async function moveCompanyToUae(request: APIRequestContext, session: E2eSession) {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const current = await request.get('/api/v1/company/settings', { headers });
  expect(current.status()).toBe(200);
  const { version } = (await current.json()) as { version: number };
  const res = await request.put('/api/v1/company/settings', {
    headers,
    data: { version, preferences: { region: 'AE' } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`first hour (${lang})`, () => {
    test('"Get Started" on the landing page opens the Sign Up tab', async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await useLanguage(page, lang);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.screenshot({ path: `${SCREENS}/landing-${lang}.png` });
      await page.getByRole('link', { name: landing[lang].nav.getStarted }).first().click();
      await expect(page).toHaveURL(/\/auth\?tab=signup$/);
      await expect(page.getByRole('tab', { name: auth[lang].signUpTab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel(auth[lang].companyName)).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/auth-signup-${lang}.png` });

      // The hero's call to action too; "Sign In" still opens Sign In.
      await page.goto('/');
      await page.getByRole('link', { name: landing[lang].hero.startTrial }).first().click();
      await expect(page.getByRole('tab', { name: auth[lang].signUpTab })).toHaveAttribute('aria-selected', 'true');
      await page.goto('/');
      await page.getByRole('link', { name: landing[lang].nav.signIn, exact: true }).first().click();
      await expect(page.getByRole('tab', { name: auth[lang].signInTab })).toHaveAttribute('aria-selected', 'true');
    });

    test('a "Registration failed" toast is gone once a retry lands on the dashboard', async ({ page }) => {
      const taken = await signUpViaApi(page.request);
      await useLanguage(page, lang);
      await page.goto('/auth?tab=signup');
      const username = uniqueName('hour');
      await page.getByLabel(auth[lang].companyName).fill(`Oasis Cars ${username.slice(-4)}`);
      await page.getByLabel(auth[lang].fullNameEnglish).fill('Huda Saleh');
      await page.getByLabel(auth[lang].username).fill(taken.username);
      await page.getByLabel(auth[lang].email).fill(`${username}@example.test`);
      await page.getByLabel(auth[lang].password, { exact: true }).fill('first-hour-1');
      await page.getByRole('button', { name: auth[lang].createAccount }).click();
      const failed = page.getByText(auth[lang].registrationFailed, { exact: true }).first();
      await expect(failed).toBeVisible();

      await page.getByLabel(auth[lang].username).fill(username);
      await page.getByRole('button', { name: auth[lang].createAccount }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      await expect(page.getByText(auth[lang].registrationFailed, { exact: true })).toHaveCount(0);
    });

    test('a UAE company: the top bar, the region menu and dates follow the company region', async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const session = await signUpViaApi(page.request);
      await moveCompanyToUae(page.request, session);
      await useLanguage(page, lang);
      await useSession(page, session, '/dashboard');
      await expect(regionTrigger(page)).toHaveAccessibleName(/د\.إ/);
      await page.screenshot({ path: `${SCREENS}/topbar-uae-${lang}.png` });

      const panel = await openRegionPanel(page);
      await expect(panel.getByText(shell[lang].region.names.AE).first()).toBeVisible();
      await expect(panel.getByText('5%')).toBeVisible();
      // The preview date reads DD/MM/YYYY (day first); today on the Dubai calendar.
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Dubai',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).formatToParts(new Date());
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      await expect(panel.getByText(`${get('day')}/${get('month')}/${get('year')}`)).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/region-menu-uae-${lang}.png` });
      await page.keyboard.press('Escape');

      // The sidebar links the pricing settings for the owner.
      const nav = page.getByRole('navigation', { name: shell[lang].mainNav });
      await nav.getByRole('link', { name: shell[lang].nav.pricingSettings }).click();
      await expect(page).toHaveURL(/\/pricing-settings$/);
    });

    test('the first car: the available-vehicles card counts the fleet as one', async ({ page }) => {
      // The three first steps (a car, a customer, a booking next week), so the dashboard shows its figures.
      const session = await signUpViaApi(page.request);
      const vehicle = await createVehicleViaApi(page.request, session);
      const customer = await createCustomerViaApi(page.request, session);
      const start = Date.now() + 7 * 86_400_000;
      await apiAs(page.request, session, 'POST', '/api/v1/rentals', {
        customerId: customer.id,
        vehicleId: vehicle.id,
        dailyRate: 100,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 2 * 86_400_000).toISOString(),
      });
      await useLanguage(page, lang);
      await useSession(page, session, '/dashboard');
      const card = page.locator('[data-card="availableVehicles"]');
      const ofOne = messageText(lang, analytics[lang].dashboard.ofFleet, { count: 1 });
      expect(ofOne).toBe(lang === 'en' ? 'of 1 vehicle' : 'من مركبة واحدة');
      await expect(card).toContainText(ofOne);
      await card.screenshot({ path: `${SCREENS}/fleet-card-one-${lang}.png` });
    });
  });
}

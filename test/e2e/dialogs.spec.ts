/**
 * Every dialog of the shared kit fits the screen (issue 17): opened at 1366×768 (laptop) and
 * 390×844 (phone), in English and Arabic, its title, first field and its buttons are inside the
 * viewport (not clipped by the dialog's own scrolling body either). The Add customer form is
 * the longest; before the fix its top was 405 px above the screen on a 900 px high desktop.
 * A real company signs up; its vehicle, customer, rentals and blacklist entry come from the API.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { blacklist } from '../../shared/i18n/blacklist';
import { customers } from '../../shared/i18n/customers';
import { rentals } from '../../shared/i18n/rentals';
import { staff } from '../../shared/i18n/staff';
import { vehicles } from '../../shared/i18n/vehicles';
import { signUpViaApi, uniqueName, useSession, type E2eSession } from './helpers';

type Lang = 'en' | 'ar';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const DAY = 86_400_000;

interface World {
  customerId: string;
  vehicleId: string;
  pendingId: string;
  activeId: string;
}

async function seed(request: APIRequestContext, session: E2eSession): Promise<World> {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    const body = (await res.json()) as Record<string, { id?: string } | string | undefined>;
    const nested = (k: string) => (typeof body[k] === 'object' ? (body[k] as { id?: string }).id : undefined);
    return (body.id ?? nested('item') ?? nested('rental') ?? nested('vehicle') ?? nested('customer')) as string;
  };
  const tag = uniqueName('').slice(-6).toUpperCase();
  const vehicleId = await ok(
    await request.post('/api/v1/vehicles', {
      headers,
      data: {
        make: 'Nissan',
        model: 'Patrol',
        year: 2024,
        licensePlate: `DLG ${tag}`,
        vin: `JN8DLG0${tag}ABCDEFGHIJ`.slice(0, 17),
        odometerKm: 15_000,
        dailyRate: 120,
        category: 'suv',
      },
    }),
  );
  const customerId = await ok(
    await request.post('/api/v1/customers', {
      headers,
      data: { fullNameEnglish: `Sara Nasser ${tag}`, dateOfBirth: '1990-03-02', phone: '+971501234568' },
    }),
  );
  const start = Date.now() + 60 * DAY;
  const rental = (offset: number) =>
    request.post('/api/v1/rentals', {
      headers,
      data: {
        customerId,
        vehicleId,
        startDate: new Date(start + offset).toISOString(),
        endDate: new Date(start + offset + 2 * DAY).toISOString(),
        dailyRate: 120,
      },
    });
  const pendingId = await ok(await rental(0));
  const activeId = await ok(await rental(10 * DAY));
  await ok(
    await request.post(`/api/v1/rentals/${activeId}/pickup`, {
      headers,
      data: { odometerStart: 15_000, fuelLevelStart: 'full' },
    }),
  );
  await ok(
    await request.post('/api/v1/blacklist', {
      headers,
      data: { fullName: `Blocked Person ${tag}`, phoneNumber: '+971509999999', reason: 'Unpaid damages' },
    }),
  );
  return { customerId, vehicleId, pendingId, activeId };
}

/** Where each dialog is opened from: page and the button's label (from the catalogs). */
function openers(lang: Lang, w: World): { path: string; button: string; exact?: boolean }[] {
  const c = customers[lang];
  const r = rentals[lang];
  return [
    { path: '/customers', button: c.addCustomer },
    { path: `/customers/${w.customerId}`, button: c.editCustomer },
    { path: `/customers/${w.customerId}`, button: c.deactivate, exact: true },
    { path: '/vehicles', button: vehicles[lang].addVehicle },
    { path: `/vehicles/${w.vehicleId}`, button: vehicles[lang].actions.archive, exact: true },
    { path: '/rentals', button: r.newRental },
    { path: `/rentals/${w.pendingId}`, button: r.actions.pickup, exact: true },
    { path: `/rentals/${w.pendingId}`, button: r.actions.cancel, exact: true },
    { path: `/rentals/${w.pendingId}`, button: r.actions.recordPayment, exact: true },
    { path: `/rentals/${w.activeId}`, button: r.actions.return, exact: true },
    { path: '/staff', button: staff[lang].addStaff },
    { path: '/blacklist', button: blacklist[lang].addEntry },
    { path: '/blacklist', button: blacklist[lang].markRemoved, exact: true },
  ];
}

/** Title, first field and the last row of buttons fully on screen. */
async function expectFits(dialog: Locator, label: string) {
  await expect(dialog.getByRole('heading').first(), `${label}: title`).toBeInViewport({ ratio: 1 });
  const fields = dialog
    .locator('input:not([type=hidden]):not([type=file]), select, textarea')
    .filter({ visible: true });
  if (await fields.count()) await expect(fields.first(), `${label}: first field`).toBeInViewport({ ratio: 1 });
  const buttons = dialog.getByRole('button');
  const n = await buttons.count();
  expect(n, `${label}: buttons`).toBeGreaterThan(0);
  for (const i of [n - 1, n - 2].filter((x) => x >= 0)) {
    await expect(buttons.nth(i), `${label}: button ${i + 1} of ${n}`).toBeInViewport({ ratio: 1 });
  }
}

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

for (const lang of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every dialog fits ${viewport.width}×${viewport.height} (${lang})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const session = await signUpViaApi(page.request);
      const world = await seed(page.request, session);
      await useLanguage(page, lang);
      await useSession(page, session, '/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      for (const { path, button, exact } of openers(lang, world)) {
        const label = `${path} → ${button}`;
        await page.goto(path);
        const opener = page.getByRole('main').getByRole('button', { name: button, exact }).first();
        await expect(opener, label).toBeVisible({ timeout: 30_000 });
        await opener.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading').first(), label).toBeVisible();
        // The pickup and return flows read the rental's inspections first (a busy line, then the step).
        await expect(dialog.locator('[aria-busy="true"]'), `${label}: loaded`).toHaveCount(0, { timeout: 15_000 });
        await expectFits(dialog, label);
        if (path === '/customers')
          await page.screenshot({
            path: `test/.out/screens/dialog-add-customer-${viewport.width}x${viewport.height}-${lang}.png`,
          });
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }

      // The "back to rentals" arrow points to where the line starts: mirrored in Arabic.
      await page.goto(`/rentals/${world.pendingId}`);
      const back = page.locator('[data-arrow="back"]').first();
      await expect(back).toBeVisible({ timeout: 30_000 });
      // Tailwind 4 flips with the `scale` property ("-1 1"); a transform matrix would do too.
      const flip = await back.evaluate((el) => `${getComputedStyle(el).scale} ${getComputedStyle(el).transform}`);
      if (lang === 'ar') expect(flip).toMatch(/(^-1 1)|matrix\(-1,/);
      else expect(flip).not.toMatch(/-1/);
    });
  }

  test(`Add customer: saving without a name shows the error on screen (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const session = await signUpViaApi(page.request);
    await useLanguage(page, lang);
    await useSession(page, session, '/customers');
    await page.getByRole('main').getByRole('button', { name: customers[lang].addCustomer }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: customers[lang].save, exact: true }).click();
    const nameField = dialog.getByLabel(customers[lang].field.fullNameEnglish, { exact: false }).first();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toBeInViewport({ ratio: 1 });
    await expect(dialog.locator('.field-error').first()).toBeInViewport({ ratio: 1 });
  });
}

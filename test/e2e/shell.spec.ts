/**
 * The app shell in a real browser (issue 4, "Done when"): Arabic RTL and back, region UAE with
 * AED amounts and DD/MM/YYYY dates, the redirect table and 404, manifest and service worker,
 * the offline badge, and the unauthenticated guard. Every signed-in test uses a company that
 * signed up for real through POST /api/register on the local stack.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  openRegionPanel,
  regionPanel,
  regionTrigger,
  shellReady,
  signUpAndOpen,
  signUpViaApi,
  uniqueName,
  useSession,
} from './helpers';

const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|التنقل الرئيسي)$/ });

/** Picks an option of a listbox in the region popover; the button's name is "<label> <current value>". */
async function chooseInListbox(page: Page, label: RegExp, option: string | RegExp) {
  await regionPanel(page).getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Today's date on the UAE calendar, built without the app's own formatter. */
function todayInDubaiDdMmYyyy(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Dubai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

test.describe('signed in', () => {
  test('switching to Arabic mirrors the shell and translates it; switching back restores English', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpAndOpen(page, '/dashboard');
    const html = page.locator('html');
    await expect(mainNav(page)).toBeVisible();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');

    const main = page.locator('main#main');
    const navBoxLtr = (await mainNav(page).boundingBox())!;
    const mainBoxLtr = (await main.boundingBox())!;
    expect(navBoxLtr.x + navBoxLtr.width).toBeLessThanOrEqual(mainBoxLtr.x + 1);

    await openRegionPanel(page);
    await chooseInListbox(page, /^Language English/, /Arabic/);

    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    // The popover itself re-renders in Arabic at once.
    await expect(page.getByRole('button', { name: 'تطبيق' })).toBeVisible();
    await page.getByRole('button', { name: 'تطبيق' }).click();

    // Sidebar now on the right of the page content.
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await main.boundingBox())!;
    expect(navBox.x).toBeGreaterThanOrEqual(mainBox.x + mainBox.width - 1);
    expect(navBox.x + navBox.width).toBeGreaterThan(1280 - 20);

    // Labels in Arabic.
    await expect(nav.getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'المركبات' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Vehicles' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('مرحبًا');

    // Survives a reload (before first paint, boot.js applies the saved language).
    await page.reload();
    await shellReady(page);
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(mainNav(page).getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();

    // And back to English.
    await openRegionPanel(page);
    await chooseInListbox(page, /^اللغة العربية/, /English/);
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Vehicles' })).toBeVisible();
    const navBack = (await mainNav(page).boundingBox())!;
    expect(navBack.x).toBeLessThan(20);
  });

  test('choosing the UAE region shows AED amounts and DD/MM/YYYY dates in the popover', async ({ page }) => {
    await signUpAndOpen(page, '/dashboard');
    const trigger = regionTrigger(page);
    await expect(trigger).toHaveAccessibleName(/English, \$$/);
    const dialog = await openRegionPanel(page);
    await expect(dialog.getByText('Sample amount')).toBeVisible();
    // USA first: dollars and month-first dates.
    await expect(dialog).toContainText('$100.00');
    await expect(dialog).toContainText('$1,234.50');

    await chooseInListbox(page, /^Region United States/, /United Arab Emirates/);

    await expect(dialog).toContainText('United Arab Emirates · English · AED');
    await expect(dialog).toContainText('100.00 د.إ');
    await expect(dialog).toContainText('1,234.50 د.إ');
    await expect(dialog.getByRole('button', { name: /^Region United Arab Emirates/ })).toContainText('AED');
    await expect(dialog).toContainText(todayInDubaiDdMmYyyy());
    await expect(dialog).toContainText('09:00 – 18:00');
    await expect(dialog).toContainText('5%');

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toHaveAccessibleName(/English, د\.إ$/);

    // The choice is kept across reloads; Reset to USA restores dollars.
    await page.reload();
    await shellReady(page);
    await expect(regionTrigger(page)).toHaveAccessibleName(/د\.إ$/);
    await openRegionPanel(page);
    await page.getByRole('button', { name: 'Reset to USA' }).click();
    await expect(regionPanel(page)).toContainText('$1,234.50');
  });

  test('redirects: /fleet-health lands on /fleet-analytics and /branding on the branding tab', async ({ page }) => {
    await signUpAndOpen(page, '/fleet-health');
    await expect(page).toHaveURL(/\/fleet-analytics$/);
    await expect(mainNav(page)).toBeVisible();

    await page.goto('/branding');
    await expect(page).toHaveURL(/\/company-settings\?tab=branding$/);

    await page.goto('/settings');
    await expect(page).toHaveURL(/\/company-settings\?tab=preferences$/);

    // Inside the running app (no page load, so the edge is not involved) the router redirects too.
    await page.goto('/dashboard');
    await expect(mainNav(page)).toBeVisible();
    await page.evaluate(() => {
      history.pushState({}, '', '/fleet-health');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/fleet-analytics$/);
    await page.evaluate(() => {
      history.pushState({}, '', '/branding');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/company-settings\?tab=branding$/);
  });

  test('the dark theme applies at once and survives a reload', async ({ page }) => {
    await signUpAndOpen(page, '/dashboard');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    const background = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.reload();
    await shellReady(page);
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe(background);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test('install: the button appears when the browser offers installation, the dialog opens itself after 10 s, Install Now prompts', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    await signUpAndOpen(page, '/dashboard');
    await expect(mainNav(page)).toBeVisible();
    const installButton = page.getByRole('button', { name: 'Install App' });
    await expect(installButton).toHaveCount(0);

    // What Chromium fires when the app is installable (it needs a user's engagement headless
    // Chromium never records), with a prompt() that accepts.
    const offerInstall = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
        (window as unknown as Record<string, number>).__prompted = 0;
        event.prompt = async () => {
          (window as unknown as Record<string, number>).__prompted += 1;
        };
        event.userChoice = Promise.resolve({ outcome: 'accepted' });
        window.dispatchEvent(event);
      });
    await offerInstall();
    await expect(installButton).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Install Sayyara App' });
    // The dialog element itself has no box (its panel is fixed-positioned): check its title.
    const dialogTitle = dialog.getByRole('heading', { name: 'Install Sayyara App' });
    await page.clock.fastForward(9_000);
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward(1_500);
    await expect(dialogTitle).toBeVisible();
    for (const benefit of [
      'Access fleet data offline',
      'Faster startup',
      'Native app-like experience',
      'Quick access from the home screen',
    ]) {
      await expect(dialog.getByText(benefit)).toBeVisible();
    }

    // Closing is remembered for the session: offered again, it does not open by itself.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await offerInstall();
    await page.clock.fastForward(11_000);
    await expect(dialog).toHaveCount(0);

    // Opened from the button, Install Now hands over to the browser's prompt; accepted, the button goes.
    await installButton.click();
    await dialog.getByRole('button', { name: 'Install Now' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as Record<string, number>).__prompted)).toBe(1);
    await expect(installButton).toHaveCount(0);
  });

  test('pages preload for the role when idle and on hover, and page-load timings are logged', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);
    const wasRequested = (name: string) => requested.some((p) => chunk(name).test(p));

    await signUpAndOpen(page, '/dashboard');
    await expect(mainNav(page)).toBeVisible();
    // An OWNER's list (spec §2): everyone's pages plus reports and fleet analytics, never opened.
    for (const name of [
      'VehiclesPage',
      'CustomersPage',
      'RentalsPage',
      'AiInsightsPage',
      'ReportsPage',
      'FleetAnalyticsPage',
    ]) {
      await expect.poll(() => wasRequested(name), { message: name }).toBe(true);
    }
    // Not on the list: loaded only when the pointer rests on its menu item.
    expect(wasRequested('DocumentsPage')).toBe(false);
    await mainNav(page).getByRole('link', { name: 'Documents' }).hover();
    await expect.poll(() => wasRequested('DocumentsPage')).toBe(true);

    await mainNav(page).getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    // The timing is written once the page's chunk has loaded and rendered, which can be a moment after the URL changes.
    const readLog = () =>
      page.evaluate(
        () =>
          JSON.parse(sessionStorage.getItem('sy_lazy_perf') ?? '[]') as {
            route: string;
            loadTime: number;
            timestamp: number;
          }[],
      );
    await expect
      .poll(async () => (await readLog()).map((e) => e.route))
      .toEqual(expect.arrayContaining(['/dashboard', '/documents']));
    const log = await readLog();
    for (const entry of log) {
      expect(entry.loadTime).toBeGreaterThanOrEqual(0);
      expect(entry.timestamp).toBeGreaterThan(Date.now() - 5 * 60_000);
    }
  });

  test('an unknown path inside the app shows 404 Page Not Found', async ({ page }) => {
    await signUpAndOpen(page, '/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test('global search finds a vehicle by part of its plate and opens it with the keyboard', async ({ page }) => {
  const session = await signUpViaApi(page.request);
  const tag = uniqueName('').slice(-6).toUpperCase();
  const plate = `GS ${tag}`;
  const created = await page.request.post('/api/v1/vehicles', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: {
      make: 'Nissan',
      model: 'Patrol',
      year: 2024,
      licensePlate: plate,
      vin: `JN1TANY62U${tag}XYZ`.slice(0, 17),
      odometerKm: 1000,
      dailyRate: 300,
      category: 'suv',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const vehicleId = (await created.json()).id ?? (await created.json()).vehicle?.id;

  await useSession(page, session, '/dashboard');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(tag.slice(0, 4));
  const results = page.getByRole('listbox', { name: 'Search results' });
  const option = results
    .getByRole('group', { name: 'Vehicles' })
    .getByRole('option', { name: new RegExp(`Nissan Patrol 2024.*${plate}`) });
  await expect(option).toBeVisible();
  await expect(box).not.toHaveAttribute('aria-expanded', /.*/);
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicleId ?? '[^/]+'}$`));
  await expect(results).toHaveCount(0);

  // The query is now among the recent searches.
  await box.click();
  await expect(page.getByRole('button', { name: tag.slice(0, 4), exact: true })).toBeVisible();
});

test('an unknown public path shows 404 Page Not Found', async ({ page }) => {
  const res = await page.goto('/this-page-does-not-exist');
  // The gateway serves the app shell for unknown paths; the app renders the 404 page.
  expect(res?.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test('the edge answers the redirect table with HTTP redirects (same table as the app)', async ({ request }) => {
  const expected: [string, string][] = [
    ['/fleet-health', '/fleet-analytics'],
    ['/branding', '/company-settings?tab=branding'],
    ['/ai/recommendations', '/ai-insights'],
    ['/login', '/auth'],
  ];
  for (const [from, to] of expected) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBeGreaterThanOrEqual(301);
    expect(res.status(), from).toBeLessThanOrEqual(308);
    expect(
      new URL(res.headers().location, 'http://x').pathname + new URL(res.headers().location, 'http://x').search,
      from,
    ).toBe(to);
  }
});

test('keyboard only: open the region popover, pick Arabic, close it', async ({ page }) => {
  await page.goto('/auth');
  await shellReady(page);
  await regionTrigger(page).focus();
  await page.keyboard.press('Enter');
  const panel = regionPanel(page);
  await expect(panel.getByRole('heading', { name: 'Region and language' })).toBeVisible();
  const languageButton = panel.getByRole('button', { name: /^Language English/ });
  await languageButton.focus();
  // headlessui's listbox button opens on Space or ArrowDown (Enter submits a surrounding form).
  await page.keyboard.press('Space');
  await expect(page.getByRole('listbox')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('listbox')).toHaveAttribute(
    'aria-activedescendant',
    (await page.getByRole('option', { name: /Arabic/ }).getAttribute('id'))!,
  );
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // Focus goes back to the trigger, now labelled in Arabic.
  await expect(regionTrigger(page)).toBeFocused();
  await expect(regionTrigger(page)).toHaveAccessibleName(/^المنطقة واللغة: العربية/);
});

test('/login and /company-registration go to /auth', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/company-registration');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unauthenticated visit to a protected page goes to /auth', async ({ page }) => {
  await page.goto('/vehicles');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/dashboard/accounting/trial-balance');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the web manifest is linked and served, and the service worker registers', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const manifest = await res.json();
  expect(manifest.name).toContain('Sayyara');
  expect(manifest.start_url).toBeTruthy();
  expect(manifest.display).toMatch(/standalone|fullscreen|minimal-ui/);
  const sizes = (manifest.icons as { sizes: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  }

  const scope = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL ?? null };
  });
  expect(scope.script).toMatch(/\/service-worker\.js$/);
  expect(new URL(scope.scope).pathname).toBe('/');

  // The worker is stamped per build, so a release installs a new worker (update prompt, old
  // caches cleared), and it precaches the entry script the page loads.
  const worker = await (await page.request.get('/service-worker.js')).text();
  expect(worker).toMatch(/const VERSION = 'sy-[0-9a-f]{12}';/);
  const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(entry).toBeTruthy();
  expect(worker).toContain(`'${entry}'`);
  const cached = await page.evaluate(async (url) => !!(await caches.match(url)), entry!);
  expect(cached).toBe(true);
});

test('the offline badge appears offline and "Back online" shows after', async ({ page, context }) => {
  await page.goto('/');
  await shellReady(page);
  const status = page.getByRole('status').filter({ hasText: /offline|online/i });
  await expect(status).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText("You're offline - Some features may be limited")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Back online')).toBeVisible();
  await expect(page.getByText("You're offline - Some features may be limited")).toHaveCount(0);
  // "Back online" is brief (5 s).
  await expect(page.getByText('Back online')).toBeHidden({ timeout: 8_000 });
});

test.describe('after a new release', () => {
  // Without the service worker, so every chunk request reaches the route below.
  test.use({ serviceWorkers: 'block' });

  test('a chunk of the previous release that is gone reloads the page once instead of the error screen', async ({
    page,
  }) => {
    await page.goto('/auth');
    await shellReady(page);
    // The popover's chunk is missing once, as after a deploy replaced the hashed files.
    let failed = 0;
    await page.route(/\/assets\/RegionPanel-[\w-]+\.js$/, async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({ status: 404, body: 'gone' });
      } else {
        await route.continue();
      }
    });
    const reloaded = page.waitForEvent('load');
    await regionTrigger(page).click();
    await reloaded;
    expect(failed).toBe(1);
    await shellReady(page);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await openRegionPanel(page);
    await expect(regionPanel(page).getByRole('button', { name: 'Apply' })).toBeVisible();
  });
});

test('installed once, the app still opens offline (service worker shell cache)', async ({ page, context }) => {
  await page.goto('/');
  await shellReady(page);
  // First visit: wait until the worker is active and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText("You're offline - Some features may be limited")).toBeVisible();
  await context.setOffline(false);
});

/**
 * GPS tracking in a real browser (issue 14 "Done when"), in English and in Arabic, with WebGL
 * through SwiftShader (the shared config's --disable-gpu would leave maplibre without a context):
 * the live map shows the demo fleet; in a fresh UAE company, draw a circle geofence on the map,
 * then a simulated drive (the `npm run gps:simulate` code, through the public OsmAnd endpoint)
 * moves the vehicle's marker and its entry shows in the event feed; the rental's trip evidence.
 * Screenshots go to test/.out/gps-e2e/ (looked at after a run).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gps as gpsCatalog } from '../../shared/i18n/gps';
import { common } from '../../shared/i18n/common';
import { simulate } from '../../infra/local/gps-simulate';
import { apiAs, seriousViolations, signUpViaApi, useSession, type E2eSession } from './helpers';

const outDir = resolve(import.meta.dirname, '../.out/gps-e2e');
mkdirSync(outDir, { recursive: true });
const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k]));
const BASE = (process.env.SAYYARA_URL ?? 'http://localhost:3000').replace('localhost', '127.0.0.1');

test.use({
  viewport: { width: 1280, height: 900 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
});
test.describe.configure({ mode: 'serial' });

async function open(page: Page, session: E2eSession, language: 'en' | 'ar', path: string) {
  // What the page asked the API and what the browser complained about, printed when a test fails.
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/gps') || r.url().includes('/api/v1/geofences'))
      console.log(`[gps e2e] ${r.status()} ${r.url().slice(0, 120)}`);
  });
  page.on('requestfailed', (r) => console.log(`[gps e2e] failed ${r.url().slice(0, 120)} ${r.failure()?.errorText}`));
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`[gps e2e] console: ${m.text().slice(0, 300)}`);
  });
  await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
  await useSession(page, session, path);
}

async function mapIdle(page: Page) {
  await expect(page.locator('[data-testid="fleet-map"][data-map-idle="true"]')).toBeVisible({ timeout: 30_000 });
}

/**
 * Pixel of [lng, lat] inside the map box for the page's initial view (center 55.25, 25.18, zoom 10, 512-px world
 * tiles).
 */
function pixelOf(box: { width: number; height: number }, lng: number, lat: number) {
  const scale = 512 * 2 ** 10;
  const x = (l: number) => ((l + 180) / 360) * scale;
  const y = (a: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (a * Math.PI) / 360)) / Math.PI) / 2) * scale;
  return { x: box.width / 2 + x(lng) - x(55.25), y: box.height / 2 + y(lat) - y(25.18) };
}

async function demoSession(page: Page): Promise<E2eSession> {
  const res = await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  const b = await res.json();
  return {
    accessToken: b.tokens.accessToken,
    refreshToken: b.tokens.refreshToken,
    expiresIn: b.tokens.expiresIn ?? 3600,
    user: b.user,
    username: 'demo',
    password: 'demo1234',
    tenantName: 'demo',
  };
}

for (const language of ['en', 'ar'] as const) {
  const L = gpsCatalog[language];
  const C = common[language];
  let session: E2eSession;
  let vehicle: { id: string; licensePlate: string };
  let rental: { id: string; referenceNumber: string };
  const fenceName = `${language === 'en' ? 'Airport gate' : 'بوابة المطار'} ${Date.now().toString(36).slice(-4)}`;

  test.describe(language, () => {
    test.beforeAll(async ({ request }) => {
      session = await signUpViaApi(request, {
        tenantName: `Track Wheels ${language} ${Date.now().toString(36).slice(-4)}`,
      });
      const settings = await apiAs(request, session, 'GET', '/api/v1/company/settings');
      await apiAs(request, session, 'PUT', '/api/v1/company/settings', {
        version: settings.version,
        preferences: { region: 'AE' },
        timezone: 'Asia/Dubai',
      });
      vehicle = await apiAs(request, session, 'POST', '/api/v1/vehicles', {
        make: 'Toyota',
        model: 'Land Cruiser',
        year: 2024,
        licensePlate: `DXB G ${Date.now().toString().slice(-5)}`,
        vin: `E2EGPS${language.toUpperCase()}${Date.now().toString().slice(-9)}`,
        odometerKm: 12000,
        dailyRate: 450,
        category: 'suv',
      });
      const customer = await apiAs(request, session, 'POST', '/api/v1/customers', {
        fullNameEnglish: 'Rashid Al Mansouri',
        dateOfBirth: '1986-02-11',
      });
      rental = await apiAs(request, session, 'POST', '/api/v1/rentals', {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: new Date(Date.now() - 3_600_000).toISOString(),
        endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        dailyRate: 450,
        taxRate: 5,
      });
    });

    test(`${language}: the live map shows the demo fleet, its geofences and events`, async ({ page }) => {
      await open(page, await demoSession(page), language, '/gps-tracking');
      await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await mapIdle(page);
      const markers = page.getByTestId('vehicle-marker');
      await expect.poll(() => markers.count()).toBeGreaterThanOrEqual(15);
      await expect(page.getByTestId('gps-geofences')).toContainText('Dubai service area');
      await expect(page.getByTestId('gps-geofences')).toContainText(L.type.DROP_ZONE);
      await expect(page.getByTestId('gps-events').locator('li').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(outDir, `gps-demo-${language}.png`), fullPage: true });
      // A trail, coloured by speed
      await page.getByTestId('gps-vehicle-list').locator('button:enabled', { hasText: L.showTrail }).first().click();
      const trail = page.getByTestId('gps-trail');
      await expect(trail).toBeVisible();
      await expect(trail.getByText(L.trailEmpty)).toHaveCount(0, { timeout: 15_000 });
      await expect(trail).toContainText(L.speedLegend);
      await mapIdle(page);
      await page.screenshot({ path: join(outDir, `gps-trail-${language}.png`) });
    });

    test(`${language}: a demo rental's trip evidence lists its stops beside its trips (issue 27)`, async ({ page }) => {
      const demo = await demoSession(page);
      const rentals = (await apiAs(page.request, demo, 'GET', '/api/v1/rentals?status=active&limit=50')).items as {
        id: string;
      }[];
      let found: { id: string; stops: { startAt: string }[] } | undefined;
      for (const r of rentals) {
        const trips = await apiAs(page.request, demo, 'GET', `/api/v1/gps/trips?rentalId=${r.id}`);
        if (trips.stops.length > 0 && trips.trips.length > 1) {
          found = { id: r.id, stops: trips.stops };
          break;
        }
      }
      expect(found, 'a demo rental on hire with GPS stops').toBeTruthy();
      await open(page, demo, language, `/rentals/${found!.id}`);
      const stops = page.getByTestId('evidence-stops');
      await expect(stops).toBeVisible({ timeout: 20_000 });
      await expect(stops.locator('li')).toHaveCount(found!.stops.length);
      await expect(
        page.getByTestId('rental-trip-evidence').getByRole('heading', { name: L.stops.title }),
      ).toBeVisible();
      await stops.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `gps-stops-${language}.png`), fullPage: true });
    });

    test(`${language}: draw a circle geofence, a simulated drive moves the marker and enters it`, async ({ page }) => {
      test.setTimeout(120_000);
      await open(page, session, language, '/gps-tracking');
      await mapIdle(page);
      // No tracker yet: the page says how to connect one (issue 27), and the panel's button opens the dialog.
      const setup = page.getByTestId('gps-no-tracker');
      await expect(setup.getByRole('heading', { name: L.tracker.setupTitle })).toBeVisible();
      await expect(setup).toContainText(L.tracker.setupStep2);
      await page.screenshot({ path: join(outDir, `gps-no-tracker-${language}.png`), fullPage: true });
      // The vehicle's tracker: created here, its secret shown once.
      await page.locator(`[data-vehicle-id="${vehicle.id}"]`).getByRole('button', { name: L.tracker.button }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(L.tracker.none)).toBeVisible();
      await dialog.getByRole('button', { name: L.tracker.create }).click();
      await expect(dialog.getByTestId('tracker-secret')).toHaveText(/^[A-Za-z0-9_-]{32}$/);
      await expect(dialog.getByTestId('tracker-device-id')).toHaveText(
        new RegExp(`^${session.user.tenantId}[0-9A-Z]{8}$`),
      );
      await expect(dialog.getByTestId('tracker-server-url')).toContainText('/api/v1/gps/osmand?secret=');
      await expect(dialog.getByText(L.tracker.secretOnce)).toBeVisible();
      await page.screenshot({ path: join(outDir, `gps-tracker-${language}.png`) });
      await dialog.getByRole('button', { name: C.close, exact: true }).click();
      await expect(setup).toHaveCount(0, { timeout: 15_000 });
      await page.getByRole('button', { name: L.addCircle }).click();
      await expect(page.getByTestId('draw-help')).toContainText(L.drawCircleHelp);
      const map = page.getByTestId('fleet-map');
      const box = (await map.boundingBox())!;
      // A point of Airport Road (shared/gps/dubai-routes.ts) the simulated drive passes.
      await map.click({ position: pixelOf(box, 55.342, 25.25) });
      const form = page.getByTestId('geofence-form');
      await form.getByLabel(L.field.name).fill(fenceName);
      await form.getByLabel(L.field.type).selectOption('SERVICE_AREA');
      await form.getByLabel(L.field.radius).fill('1500');
      await page.screenshot({ path: join(outDir, `gps-draw-${language}.png`) });
      await form.getByRole('button', { name: L.save }).click();
      await expect(page.getByTestId('gps-geofences')).toContainText(fenceName);

      const drive = simulate({
        baseUrl: BASE,
        token: session.accessToken,
        vehicleIds: [vehicle.id],
        routes: ['airport'],
        intervalMs: 400,
        stepSeconds: 15,
        laps: 1,
        speeding: false,
        clock: 'replay',
        log: () => {},
      });
      const marker = page.locator(`[data-testid="vehicle-marker"][data-vehicle-id="${vehicle.id}"]`);
      await expect(marker).toBeVisible({ timeout: 20_000 });
      const firstLon = Number(await marker.getAttribute('data-lon'));
      await expect
        .poll(async () => Number(await marker.getAttribute('data-lon')), { timeout: 20_000 })
        .not.toBe(firstLon);
      const result = await drive;
      expect(result.rejected).toBe(0);
      expect(result.events).toBeGreaterThanOrEqual(1);
      const entry = page.getByTestId('gps-events').locator('li[data-event-kind="entry"]', { hasText: fenceName });
      await expect(entry).toBeVisible({ timeout: 20_000 });
      await expect(entry).toContainText(L.kind.entry);
      await expect(entry).toContainText(rental.referenceNumber);
      await mapIdle(page);
      await page.screenshot({ path: join(outDir, `gps-drive-${language}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`${language}: a polygon whose edges cross is refused in the form, nothing saved (issue 27)`, async ({
      page,
    }) => {
      await open(page, session, language, '/gps-tracking');
      await mapIdle(page);
      const before = await page.getByTestId('gps-geofences').locator('li').count();
      await page.getByRole('button', { name: L.addPolygon }).click();
      const map = page.getByTestId('fleet-map');
      const box = (await map.boundingBox())!;
      // A bow-tie: corners clicked across the diagonals.
      for (const [lng, lat] of [
        [55.2, 25.15],
        [55.3, 25.21],
        [55.3, 25.15],
        [55.2, 25.21],
      ])
        await map.click({ position: pixelOf(box, lng, lat) });
      await expect(page.getByTestId('draw-help')).toContainText(fill(L.drawPolygonHelp, { count: 4 }));
      await page.getByRole('button', { name: L.finish }).click();
      const form = page.getByTestId('geofence-form');
      await form.getByLabel(L.field.name).fill('Crossed yard');
      await form.getByRole('button', { name: L.save }).click();
      await expect(form.getByText(L.messages.polygonSelfIntersecting)).toBeVisible();
      await page.screenshot({ path: join(outDir, `gps-crossed-polygon-${language}.png`) });
      await expect(page.getByTestId('gps-geofences').locator('li')).toHaveCount(before);
    });

    test(`${language}: the rental's trip evidence`, async ({ page }) => {
      await open(page, session, language, `/rentals/${rental.id}`);
      const ev = page.getByTestId('rental-trip-evidence');
      await expect(ev).toBeVisible({ timeout: 20_000 });
      await expect(ev.getByRole('heading', { name: L.evidence.title })).toBeVisible();
      await expect(ev.getByTestId('evidence-odometer-km')).toHaveText(L.evidence.notReturned);
      await expect(ev.getByTestId('evidence-speeding')).toHaveText('0');
      const km = await ev.getByTestId('evidence-gps-km').textContent();
      expect(Number((km ?? '').replace(/[^\d.]/g, ''))).toBeGreaterThan(1);
      await ev.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `gps-evidence-${language}.png`), fullPage: true });
    });
  });
}

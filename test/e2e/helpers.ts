/**
 * Shared Playwright helpers: real sign-up / sign-in against the local stack (no back doors),
 * and putting the resulting session into the browser the way the app stores it itself.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createBlacklistEntry, createCustomer, createVehicle, type Send } from '../integration/entity-factories';

export interface E2eSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; username: string; role: string; tenantId: string };
  username: string;
  password: string;
  tenantName: string;
}

let counter = 0;
/** A name unique across parallel workers and repeated runs. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.toLowerCase();
}

/** Signs a new company up through POST /api/register and returns the OWNER's session. */
export async function signUpViaApi(
  request: APIRequestContext,
  opts: { tenantName?: string; fullNameEnglish?: string; fullNameArabic?: string; region?: string } = {},
): Promise<E2eSession> {
  const username = uniqueName('e2e');
  const password = 'e2e-secret-1';
  const tenantName = opts.tenantName ?? `Desert Wheels ${username.slice(-5)}`;
  const res = await request.post('/api/register', {
    data: {
      tenantName,
      fullNameEnglish: opts.fullNameEnglish ?? 'Layla Haddad',
      ...(opts.fullNameArabic ? { fullNameArabic: opts.fullNameArabic } : {}),
      ...(opts.region ? { region: opts.region } : {}),
      username,
      email: `${username}@example.test`,
      password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return {
    accessToken: body.tokens.accessToken,
    refreshToken: body.tokens.refreshToken,
    expiresIn: body.tokens.expiresIn ?? 3600,
    user: body.user,
    username,
    password,
    tenantName,
  };
}

/**
 * Puts a session into localStorage under the app's own keys (web/src/lib/api.ts) before any page
 * script runs, then opens `path`. The app then validates it with GET /api/auth/me as usual.
 */
export async function useSession(page: Page, session: E2eSession, path = '/dashboard'): Promise<void> {
  await page.addInitScript((s) => {
    // Only once per test: a later sign-out must not be undone by the next navigation.
    if (sessionStorage.getItem('e2e_session_set')) return;
    sessionStorage.setItem('e2e_session_set', '1');
    localStorage.setItem('sy_access_token', s.accessToken);
    localStorage.setItem('sy_refresh_token', s.refreshToken);
    localStorage.setItem(
      'sy_token_data',
      JSON.stringify({
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        expiresIn: s.expiresIn,
        issuedAt: Date.now(),
      }),
    );
  }, session);
  await page.goto(path);
  await shellReady(page);
}

/**
 * Waits for the first screen after a full page load (the session check, then the layout or a
 * status page and its lazy chunk). Generous, because several stacks and browsers may share two
 * cores; later assertions keep the default timeout.
 */
export async function shellReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

/** Signs up via the API and opens `path` signed in as that company's owner. */
export async function signUpAndOpen(page: Page, path = '/dashboard'): Promise<E2eSession> {
  const session = await signUpViaApi(page.request);
  await useSession(page, session, path);
  return session;
}

/** Signs in through the /auth form like a person would. */
export async function signInViaForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo company (seeded by functions/jobs/demo-reset.ts when that job exists). */
export async function signInAsDemo(page: Page): Promise<void> {
  await signInViaForm(page, 'demo', 'demo1234');
}

/** The region-and-language trigger in the top bar (its accessible name carries language and currency). */
export function regionTrigger(page: Page) {
  return page.getByRole('button', { name: /^(Region and language|المنطقة واللغة)/ });
}

/** The open region-and-language popover panel (headlessui renders it outside the trigger). */
export function regionPanel(page: Page) {
  return page.locator('[id^="headlessui-popover-panel"]');
}

/** Clicks the region trigger and waits for the panel (its contents are a lazy chunk). */
export async function openRegionPanel(page: Page) {
  await regionTrigger(page).click();
  const panel = regionPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 20_000 });
  return panel;
}

/** Playwright's request as the transport of the shared API factories (test/integration/entity-factories.ts). */
export function playwrightSend(request: APIRequestContext): Send {
  return async (path, body, token) => {
    const res = await request.post(path, { data: body, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status(), body: await res.json().catch(() => ({})) };
  };
}

/** Test data through the API, with the same factories as the integration tests and the bench. */
export const createVehicleViaApi = (
  request: APIRequestContext,
  session: Pick<E2eSession, 'accessToken'>,
  over: Record<string, unknown> = {},
) => createVehicle(session.accessToken, over, playwrightSend(request));
export const createCustomerViaApi = (
  request: APIRequestContext,
  session: Pick<E2eSession, 'accessToken'>,
  over: Record<string, unknown> = {},
) => createCustomer(session.accessToken, over, playwrightSend(request));
export const createBlacklistEntryViaApi = (
  request: APIRequestContext,
  session: Pick<E2eSession, 'accessToken'>,
  over: Record<string, unknown> = {},
) => createBlacklistEntry(session.accessToken, over, playwrightSend(request));

/** One API call as the session's user; expects success (< 300) and answers the parsed body. */
export async function apiAs(
  request: APIRequestContext,
  session: Pick<E2eSession, 'accessToken'>,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${session.accessToken}` } });
  const body = await res.json().catch(() => ({}));
  expect(res.status(), `${method} ${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(300);
  return body;
}

/** Serious and critical axe violations of the page as it is now (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[id^="headlessui-focus-sentinel"]')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** The books' setup answers 202 with a background task (issue 30): starts it and waits until it is done. */
export async function setupBooksAs(request: APIRequestContext, session: Pick<E2eSession, 'accessToken'>) {
  let task = await apiAs(request, session, 'POST', '/api/v1/accounting/setup');
  for (let i = 0; i < 600 && task.status !== 'done' && task.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    task = await apiAs(request, session, 'GET', `/api/v1/accounting/tasks/${task.id}`);
  }
  expect(task.status).toBe('done');
  return task;
}

/**
 * The one company a spec file signs up for all its tests, which then run in order (serial):
 * `<name> <4 characters of the time>`, its company settings PUT over the version read first, and
 * its books set up. Call it at the file's top level: it registers the serial mode and the
 * beforeAll there. The session exists only once that beforeAll has run, hence `session()`.
 */
export function specCompany(name: string, opts: { settings?: Record<string, unknown>; books?: boolean } = {}) {
  let signedUp: E2eSession | undefined;
  const session = (): E2eSession => {
    if (!signedUp) throw new Error(`specCompany('${name}'): the session is read before the file's beforeAll ran`);
    return signedUp;
  };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ request }) => {
    signedUp = await signUpViaApi(request, { tenantName: `${name} ${Date.now().toString(36).slice(-4)}` });
    if (opts.settings) {
      const settings = await apiAs(request, signedUp, 'GET', '/api/v1/company/settings');
      await apiAs(request, signedUp, 'PUT', '/api/v1/company/settings', {
        version: settings.version,
        ...opts.settings,
      });
    }
    if (opts.books) await setupBooksAs(request, signedUp);
  });
  return {
    session,
    /** One API call as the company's owner (expects success). */
    api: (request: APIRequestContext, method: 'GET' | 'PUT' | 'POST' | 'PATCH', path: string, data?: unknown) =>
      apiAs(request, session(), method, path, data),
    /** Opens `path` signed in as the owner, the app in `language`. */
    async open(page: Page, language: 'en' | 'ar', path: string) {
      await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
      await useSession(page, session(), path);
    },
  };
}

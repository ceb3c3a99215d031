/**
 * Identity journeys in a real browser (issue 3 "Done when"): sign up a new company and land on
 * /dashboard; sign out; sign in; "Try Live Demo"; /auth?demo=true; an unauthenticated visit to
 * /vehicles goes to /auth and comes back to /vehicles after sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueName } from './helpers';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up a new company, land on /dashboard, sign out, sign back in', async ({ page }) => {
  const username = uniqueName('signup');
  const password = 'journey-pass-1';
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Company Name').fill('Oasis Car Rental');
  await page.getByLabel('Full Name (English)').fill('Yusuf Rahman');
  await page.getByLabel('Full Name (Arabic) - Optional').fill('يوسف رحمن');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The session is real: the API knows this user as the new company's OWNER.
  const token = await page.evaluate(() => localStorage.getItem('sy_access_token'));
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).user).toMatchObject({ username, role: 'OWNER', tenantName: 'Oasis Car Rental' });

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('sy_access_token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-up shows the spec messages for bad input and a duplicate username', async ({ page, request }) => {
  const existing = await signUpViaApi(request);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(page.getByText('Full name in English is required')).toBeVisible();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Company Name').fill('Copycat Rentals');
  await page.getByLabel('Full Name (English)').fill('Copy Cat');
  await page.getByLabel('Username', { exact: true }).fill(existing.username);
  await page.getByLabel('Email').fill(`${uniqueName('x')}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username is already taken').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong password shows "Login failed" and stays on /auth', async ({ page, request }) => {
  const s = await signUpViaApi(request);
  await page.goto('/auth');
  await signIn(page, s.username, 'not-the-password');
  await expect(page.getByText('Login failed').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('"Try Live Demo" lands on /dashboard signed in to the demo company', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Try Live Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to the Demo').first()).toBeVisible();
  // Demo data: the seeded fleet (through the API with the browser's session) and staff are there.
  const token = await page.evaluate(() => localStorage.getItem('sy_access_token'));
  const vehicles = await page.request.get('/api/v1/vehicles', { headers: { Authorization: `Bearer ${token}` } });
  expect((await vehicles.json()).items.length).toBeGreaterThan(5);
  await page.goto('/staff');
  await expect(page.getByText('Layla Haddad')).toBeVisible();
  await expect(page.getByText('You are using the shared demo: staff can be viewed but not changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Staff' })).toHaveCount(0);
});

test('/auth?demo=true starts the demo by itself', async ({ page }) => {
  await page.goto('/auth?demo=true');
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('sy_access_token'));
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).user).toMatchObject({ username: 'demo', isDemo: true });
});

test('an unauthenticated visit to /vehicles goes to /auth and returns to /vehicles after sign-in', async ({
  page,
  request,
}) => {
  const s = await signUpViaApi(request);
  await page.goto('/vehicles');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, s.username, s.password);
  await expect(page).toHaveURL(/\/vehicles$/);
});

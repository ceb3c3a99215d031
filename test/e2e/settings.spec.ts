/**
 * Company settings in a real browser: branding colours applied to the whole app and kept after a
 * reload, a schema error shown under its field, a logo uploaded through the presigned URL, and
 * "Access Restricted" for STAFF.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndOpen, signUpViaApi, uniqueName, useSession, type E2eSession } from './helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const primaryVar = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary').trim().toUpperCase());

test.describe('company settings', () => {
  test('changing branding colours applies them to the app and keeps them after a reload', async ({ page }) => {
    await signUpAndOpen(page, '/company-settings?tab=branding');
    await expect(page.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.locator('[data-panel="branding"]');
    const primaryText = panel.locator('[data-field="primaryColor"] input.field-input');
    await expect(primaryText).toHaveValue('#3B82F6');
    await expect.poll(() => primaryVar(page)).toBe('#3B82F6');

    await primaryText.fill('#0F766E');
    await panel.locator('[data-field="secondaryColor"] input.field-input').fill('#B45309');
    await panel.getByLabel('Accent style').selectOption('sharp');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    await expect.poll(() => primaryVar(page)).toBe('#0F766E');

    await page.reload();
    await expect(page.locator('[data-panel="branding"] [data-field="primaryColor"] input.field-input')).toHaveValue(
      '#0F766E',
    );
    await expect.poll(() => primaryVar(page)).toBe('#0F766E');
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'sharp');
    // The primary button is painted from the company colour (a mix of it, per the shell's theme).
    const buttonColour = await page
      .locator('[data-panel="branding"] button[type="submit"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonColour).not.toBe('rgba(0, 0, 0, 0)');
    expect(buttonColour).not.toMatch(/rgb\(\s*37,\s*99,\s*235\)/); // not the default blue
  });

  test('?tab= selects the tab; a schema error shows under its field and nothing is sent', async ({ page }) => {
    await signUpAndOpen(page, '/company-settings?tab=working-hours');
    await expect(page.getByRole('tab', { name: 'Working hours' })).toHaveAttribute('aria-selected', 'true');
    const monday = page.locator('[data-day="monday"]');
    await monday.getByLabel('Opens').fill('19:00');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/v1/company/settings')) puts += 1;
    });
    await page.locator('[data-panel="working-hours"]').getByRole('button', { name: 'Save changes' }).click();
    await expect(monday.getByText('Closing time must be after opening time')).toBeVisible();
    expect(puts).toBe(0);

    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/tab=profile/);
    const name = page.locator('[data-panel="profile"] [data-field="name"] input');
    await name.fill('');
    await page.locator('[data-panel="profile"]').getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.locator('[data-panel="profile"] [data-field="name"]').getByText('Company name is required'),
    ).toBeVisible();
  });

  test('uploads a logo with progress and shows it; a wrong file type is refused', async ({ page }) => {
    await signUpAndOpen(page, '/company-settings?tab=branding');
    const input = page.getByTestId('logo-input');
    await input.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Logo must be a PNG or JPG image')).toBeVisible();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(page.getByText('Logo updated').first()).toBeVisible();
    const img = page.locator('[data-panel="branding"] img');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  });

  test('pricing settings (linked from company settings) save a category rate and refuse three decimals', async ({
    page,
  }) => {
    await signUpAndOpen(page, '/company-settings');
    await page.getByRole('link', { name: 'Pricing defaults' }).click();
    await expect(page).toHaveURL(/\/pricing-settings$/);
    const suvDaily = page.locator('[data-category="suv"] input').first();
    await suvDaily.fill('149.999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Amount must have at most 2 decimal places')).toBeVisible();
    await suvDaily.fill('149.99');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-category="suv"] input').first()).toHaveValue('149.99');
  });

  test('a STAFF user sees "Access Restricted" on /company-settings', async ({ page }) => {
    const owner = await signUpViaApi(page.request);
    const username = uniqueName('staff');
    const password = 'staff-pass-1';
    const created = await page.request.post('/api/v1/staff', {
      headers: { authorization: `Bearer ${owner.accessToken}` },
      data: {
        firstName: 'Sami',
        lastName: 'Nasser',
        username,
        email: `${username}@example.test`,
        password,
        role: 'STAFF',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const login = await page.request.post('/api/auth/login', { data: { username, password } });
    expect(login.status()).toBe(200);
    const body = await login.json();
    const staff: E2eSession = {
      accessToken: body.tokens.accessToken,
      refreshToken: body.tokens.refreshToken,
      expiresIn: body.tokens.expiresIn ?? 3600,
      user: body.user,
      username,
      password,
      tenantName: owner.tenantName,
    };
    await useSession(page, staff, '/company-settings');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Branding' })).toHaveCount(0);
    await page.goto('/pricing-settings');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  });
});

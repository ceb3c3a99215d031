/**
 * The country, from the first screen (issue 26), in a real browser, in English and in Arabic:
 * sign up on the sign-up page choosing the UAE → the company settings say UAE / AED / Asia/Dubai
 * and the VAT report is the VAT 201; after the company's first posting a region change is
 * refused on the settings screen with the reason. The sign-up country is pre-selected from the
 * browser's time zone (Asia/Riyadh → Saudi Arabia). Screenshots of the sign-up and settings
 * screens in both languages go to $TMPDIR/region26-e2e/. A refusal on completing maintenance (a
 * posting into a locked period) is shown in the maintenance dialog, not only in a toast.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, createVehicleViaApi, signUpViaApi, uniqueName, useSession } from './helpers';

const outDir = join(tmpdir(), 'region26-e2e');
mkdirSync(outDir, { recursive: true });

const WORDS = {
  en: {
    signUp: 'Sign Up',
    create: 'Create Account',
    country: 'Country',
    uae: 'United Arab Emirates · AED',
    save: 'Save changes',
    locked: "The region can't be changed any more",
  },
  ar: {
    signUp: 'إنشاء حساب',
    create: 'إنشاء الحساب',
    country: 'الدولة',
    uae: 'الإمارات العربية المتحدة · AED',
    save: 'حفظ التغييرات',
    locked: 'لم يعد بالإمكان تغيير المنطقة',
  },
} as const;

async function signUpOnPage(page: Page, language: 'en' | 'ar') {
  const w = WORDS[language];
  const username = uniqueName(`ae${language}`);
  await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
  await page.goto('/auth?tab=signup');
  const form = page.getByRole('tabpanel');
  await form.locator('input[name="tenantName"]').fill(language === 'en' ? 'Palm Drive Rentals' : 'تأجير نخلة درايف');
  await form.locator('input[name="fullNameEnglish"]').fill('Mariam Haddad');
  await form.locator('input[name="fullNameArabic"]').fill('مريم حداد');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="email"]').fill(`${username}@example.test`);
  await form.locator('input[name="password"]').fill('journey-pass-1');
  const country = form.getByLabel(w.country);
  await country.selectOption('AE');
  await expect(country).toHaveValue('AE');
  await expect(country.locator('option:checked')).toHaveText(w.uae);
  await page.screenshot({ path: join(outDir, `signup-${language}.png`), fullPage: true });
  await form.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return username;
}

for (const language of ['en', 'ar'] as const) {
  test(`${language}: sign up choosing the UAE → settings say UAE / AED / Asia/Dubai, the VAT report is the VAT 201, and the region locks after the first posting`, async ({
    page,
  }) => {
    const w = WORDS[language];
    await signUpOnPage(page, language);
    const token = await page.evaluate(() => localStorage.getItem('sy_access_token'));
    const auth = { Authorization: `Bearer ${token}` };

    await page.goto('/company-settings?tab=preferences');
    await expect(page.locator('select[name="preferences.region"]')).toHaveValue('AE');
    await expect(page.locator('select[name="timezone"]')).toHaveValue('Asia/Dubai');
    await expect(page.getByTestId('settings-currency')).toHaveText('AED · د.إ');
    await page.screenshot({ path: join(outDir, `settings-${language}.png`), fullPage: true });

    await page.goto('/dashboard/accounting/vat-report');
    await expect(page.getByTestId('vat-layout')).toHaveAttribute('data-layout', 'UAE_VAT_201');
    await expect(page.locator('tr[data-box="9"]')).toBeVisible();

    // The first posting (a manual entry through the API), then a region change on the screen is refused.
    const accounts = (await (await page.request.get('/api/v1/accounting/accounts', { headers: auth })).json())
      .items as { id: string; code: string }[];
    const id = (code: string) => accounts.find((a) => a.code === code)!.id;
    const today = (await (await page.request.get('/api/v1/accounting/summary', { headers: auth })).json())
      .asOf as string;
    const je = await page.request.post('/api/v1/accounting/journal-entries', {
      headers: auth,
      data: {
        date: today,
        description: 'Opening cash',
        lines: [
          { accountId: id('1110'), type: 'debit', amount: 500 },
          { accountId: id('3100'), type: 'credit', amount: 500 },
        ],
      },
    });
    expect(je.status()).toBe(201);

    await page.goto('/company-settings?tab=preferences');
    await page.locator('select[name="preferences.region"]').selectOption('SA');
    await page.getByRole('button', { name: w.save }).click();
    const field = page.locator('[data-field="preferences.region"]');
    await expect(field).toContainText(w.locked);
    await page.screenshot({ path: join(outDir, `settings-locked-${language}.png`), fullPage: true });
    // Nothing changed on the server.
    const s = await (await page.request.get('/api/v1/company/settings', { headers: auth })).json();
    expect(s).toMatchObject({ currency: 'AED', timezone: 'Asia/Dubai', preferences: { region: 'AE' } });
  });
}

test.describe('pre-selection from the browser time zone', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });
  test('a browser in Asia/Riyadh gets Saudi Arabia pre-selected on the sign-up page', async ({ page }) => {
    await page.goto('/auth?tab=signup');
    await expect(page.getByRole('tabpanel').getByLabel('Country')).toHaveValue('SA');
  });
});

const LOCK = {
  en: { complete: 'Complete', actual: /^Actual cost/, vat: /^VAT on the invoice/, locked: /locked/ },
  ar: { complete: 'إكمال', actual: /^التكلفة الفعلية/, vat: /^ضريبة القيمة المضافة في الفاتورة/, locked: /مقفلة/ },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`${language}: a refused maintenance completion shows its reason in the dialog`, async ({ page, request }) => {
    const w = LOCK[language];
    const session = await signUpViaApi(request, { tenantName: `Lock Rentals ${uniqueName('l').slice(-5)}` });
    const settings = await apiAs(request, session, 'GET', '/api/v1/company/settings');
    await apiAs(request, session, 'PUT', '/api/v1/company/settings', {
      version: settings.version,
      preferences: { region: 'AE' },
      enableVat: true,
      vatNumber: '100234567800003',
    });
    const today = (await apiAs(request, session, 'GET', '/api/v1/accounting/summary')).asOf as string;
    // The books are locked through yesterday (the lock date cannot be in the future): a cost dated yesterday is
    // refused.
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await apiAs(request, session, 'PUT', '/api/v1/accounting/lock-date', { lockDate: today });
    const vehicle = await createVehicleViaApi(request, session, {
      make: 'Lexus',
      model: language === 'en' ? 'LX' : 'ES',
    });
    await apiAs(request, session, 'POST', '/api/v1/maintenance', {
      vehicleId: vehicle.id,
      type: 'oil_change',
      date: yesterday,
      estimatedCost: 100,
      addToFinancials: true,
      paidFrom: 'bank',
    });

    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, session, '/maintenance');
    const row = page.locator('tr', { hasText: `Lexus ${language === 'en' ? 'LX' : 'ES'}` });
    await row.getByRole('button', { name: w.complete }).click();
    const dialog = page.getByRole('dialog', { name: w.complete });
    await dialog.getByLabel(w.actual).fill('105');
    await dialog.getByLabel(w.vat).fill('5');
    await dialog.locator('#maint-complete-date').fill(yesterday);
    await dialog.getByRole('button', { name: w.complete }).click();
    const refusal = dialog.getByTestId('dialog-refusal');
    await expect(refusal).toContainText(w.locked);
    // The lock date in the company's format (a UAE company: DD/MM/YYYY).
    await expect(refusal).toContainText(today.split('-').reverse().join('/'));
    await expect(refusal).toBeVisible();
    await page.screenshot({ path: join(outDir, `maintenance-refusal-${language}.png`), fullPage: true });
  });
}

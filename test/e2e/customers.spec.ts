/**
 * Customers in a real browser (issue 5 "Done when"): add a customer by scanning the generated
 * sample passport PDF (test/fixtures/make-samples.ts), mark them VIP, filter the directory by VIP;
 * an image without text is refused with "Failed to scan ID document"; and the directory in Arabic.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations, signUpAndOpen } from './helpers';

const FIXTURES = join(import.meta.dirname, '../fixtures');

test('add a customer by ID scan of the sample passport, mark VIP, filter by VIP', async ({ page }) => {
  const session = await signUpAndOpen(page, '/customers');
  await expect(page.getByText('No customers yet')).toBeVisible();

  // Another customer, not VIP, so the VIP filter has something to exclude.
  const other = await page.request.post('/api/v1/customers', {
    data: { fullNameEnglish: 'Omar Haddad', phone: '+962 79 555 0101' },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(other.status()).toBe(201);

  await page.reload();
  await page.getByRole('button', { name: 'Add customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });

  // A photo without a text layer: refused honestly, nothing filled in.
  await dialog.getByTestId('scan-id-input').setInputFiles(join(FIXTURES, 'sample-photo.png'));
  await expect(dialog.getByTestId('scan-error')).toContainText('Failed to scan ID document');
  await expect(dialog.getByTestId('scan-error')).toContainText('No machine-readable text found in this image');
  await expect(dialog.getByLabel(/Full name \(English\)/)).toHaveValue('');

  // The passport PDF: its MRZ fills the form.
  await dialog.getByTestId('scan-id-input').setInputFiles(join(FIXTURES, 'sample-passport.pdf'));
  await expect(dialog.getByTestId('scan-result')).toContainText('Details read from the passport');
  await expect(dialog.getByLabel(/Full name \(English\)/)).toHaveValue('Anna Maria Eriksson');
  await expect(dialog.getByLabel('First name', { exact: true })).toHaveValue('Anna Maria');
  await expect(dialog.getByLabel('Last name', { exact: true })).toHaveValue('Eriksson');
  await expect(dialog.getByLabel('National ID or passport number')).toHaveValue('L898902C3');
  await expect(dialog.getByLabel('Date of birth')).toHaveValue('1974-08-12');
  await expect(dialog.getByLabel('Gender')).toHaveValue('female');

  // Staff confirm: a bad email is caught by the shared schema before anything is sent.
  await dialog.getByLabel('Email', { exact: true }).fill('anna@');
  await dialog.getByRole('button', { name: 'Save customer' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill('anna.eriksson@example.com');
  await dialog.getByLabel('Phone', { exact: true }).first().fill('+971 50 765 4321');
  await dialog.getByRole('button', { name: 'Save customer' }).click();

  await expect(page.getByText('Customer added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { name: 'Anna Maria Eriksson' })).toBeVisible();
  await expect(page.getByTestId('driver-card')).toContainText('Eligible to rent');

  // Mark VIP from the profile.
  await page.getByRole('button', { name: 'Mark as VIP' }).click();
  await expect(page.getByText('Anna Maria Eriksson is now a VIP')).toBeVisible();
  await expect(page.getByTestId('vip-badge')).toBeVisible();

  // Filter the directory by VIP.
  await page.goto('/customers');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'Anna Maria Eriksson' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Omar Haddad' })).toBeVisible();
  await page.getByLabel('VIP', { exact: true }).selectOption('true');
  await expect(table.getByRole('link', { name: 'Omar Haddad' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Anna Maria Eriksson' })).toBeVisible();
  await page.getByLabel('VIP', { exact: true }).selectOption('false');
  await expect(table.getByRole('link', { name: 'Anna Maria Eriksson' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Omar Haddad' })).toBeVisible();

  // The VIP toggle in the table works both ways.
  await page.getByLabel('VIP', { exact: true }).selectOption('');
  await table.getByRole('button', { name: 'Mark Omar Haddad as VIP' }).click();
  await expect(page.getByText('Omar Haddad is now a VIP')).toBeVisible();
  await page.getByLabel('VIP', { exact: true }).selectOption('true');
  await expect(table.getByRole('link', { name: 'Omar Haddad' })).toBeVisible();
  await page.getByLabel('VIP', { exact: true }).selectOption('');

  // Loyalty thresholds are explained on the page.
  await expect(page.getByText('3 completed rentals or')).toBeVisible();
});

test('the directory and tier thresholds in Arabic', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sy_language', 'ar'));
  const session = await signUpAndOpen(page, '/customers');
  const res = await page.request.post('/api/v1/customers', {
    data: { fullNameEnglish: 'Fatima Al Hashimi', fullNameArabic: 'فاطمة الهاشمي' },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.status()).toBe(201);
  const other = await page.request.post('/api/v1/customers', {
    data: { fullNameEnglish: 'Omar Haddad', fullNameArabic: 'عمر حداد' },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(other.status()).toBe(201);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('عمر حداد')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'العملاء' })).toBeVisible();
  await expect(page.getByText('فاطمة الهاشمي')).toBeVisible();
  await expect(page.getByText('فئات الولاء')).toBeVisible();
  await page.locator('#customer-search').fill('فاطمه'); // teh marbuta typed as heh still finds her
  await expect(page.getByText('عمر حداد')).toHaveCount(0);
  await expect(page.getByText('فاطمة الهاشمي')).toBeVisible();
});

for (const language of ['en', 'ar'] as const) {
  test(`axe: directory, profile and blacklist have no serious or critical violations (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpAndOpen(page, '/customers');
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    const created = await page.request.post('/api/v1/customers', {
      data: {
        fullNameEnglish: 'Reem Al Dhaheri',
        fullNameArabic: 'ريم الظاهري',
        phone: '+971 50 222 3344',
        licenseNumber: 'AUH-778812',
        dateOfBirth: '2003-05-01',
        isVip: true,
      },
      headers: auth,
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).id as string;
    await page.request.post('/api/v1/blacklist', {
      data: { fullName: 'Reem Al Dhaheri', reason: 'Test entry' },
      headers: auth,
    });
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/customers/${id}`);
    await expect(page.getByTestId('blacklist-warning')).toBeVisible();
    await expect(page.getByTestId('young-driver')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/blacklist');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

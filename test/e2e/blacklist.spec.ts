/**
 * Blacklist in a real browser (issue 5 "Done when"): add a blacklist entry and see the warning on
 * the matching customer's profile; a manager removes the entry (after confirming) and the warning
 * goes away.
 */
import { expect, test } from '@playwright/test';
import { signUpAndOpen } from './helpers';

test('add a blacklist entry and see the warning on the matching customer', async ({ page }) => {
  const session = await signUpAndOpen(page, '/blacklist');
  await expect(page.getByText('The blacklist is empty')).toBeVisible();
  const customer = await page.request.post('/api/v1/customers', {
    data: { fullNameEnglish: 'Khalid Mansour', licenseNumber: 'SHJ-445566', phone: '+971 50 111 2233' },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(customer.status()).toBe(201);
  const customerId = (await customer.json()).id as string;

  await page.getByRole('button', { name: 'Add entry' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add entry' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(/Full name/).fill('K. Mansour');
  await dialog.getByLabel('Licence number').fill('shj 445566'); // written differently: still matches
  await dialog.getByLabel(/Reason/).fill('Returned the car with hidden damage and refused to pay');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Blacklist entry added')).toBeVisible();
  await expect(page.getByRole('table').getByText('K. Mansour')).toBeVisible();

  await page.goto(`/customers/${customerId}`);
  const warning = page.getByTestId('blacklist-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Blacklist match');
  await expect(warning).toContainText('licence number');
  await expect(warning).toContainText('Returned the car with hidden damage');

  // The owner removes the entry (asked first); the warning is gone.
  await page.goto('/blacklist');
  await page.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this entry?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Blacklist entry updated')).toBeVisible();
  await expect(page.getByRole('table').locator('[data-status="removed"]')).toBeVisible();
  await page.goto(`/customers/${customerId}`);
  await expect(page.getByRole('heading', { name: 'Khalid Mansour' })).toBeVisible();
  await expect(page.getByTestId('blacklist-warning')).toHaveCount(0);
});

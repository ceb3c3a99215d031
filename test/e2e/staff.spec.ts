/**
 * Staff in a real browser (issue 3 "Done when"): an OWNER adds a STAFF user, who then signs in
 * and sees "Access Restricted" on company settings; the owner suspends and removes with
 * confirmation; the spec's validation messages on the form; Arabic.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndOpen, uniqueName } from './helpers';

async function addMember(
  page: Page,
  m: { first: string; last: string; username: string; password: string; role: string },
) {
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('First name').fill(m.first);
  await dialog.getByLabel('Last name').fill(m.last);
  await dialog.getByLabel('Username').fill(m.username);
  await dialog.getByLabel('Password').fill(m.password);
  await dialog.getByLabel('Role').selectOption(m.role);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog).toHaveCount(0);
}

test('an OWNER adds a STAFF user who signs in and sees "Access Restricted" on company settings', async ({
  page,
  browser,
}) => {
  await signUpAndOpen(page, '/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const username = uniqueName('desk');
  await addMember(page, { first: 'Amira', last: 'Saleh', username, password: 'desk-pass-1', role: 'STAFF' });
  const row = page.locator(`tr[data-staff-username="${username}"]`);
  await expect(row).toContainText('Amira Saleh');
  await expect(row.locator('[data-role]')).toHaveText('Staff');
  await expect(row.locator('[data-status]')).toHaveText('Active');

  const context = await browser.newContext();
  const staffPage = await context.newPage();
  await staffPage.goto('/auth');
  await staffPage.getByLabel('Username', { exact: true }).fill(username);
  await staffPage.getByLabel('Password', { exact: true }).fill('desk-pass-1');
  await staffPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(staffPage).toHaveURL(/\/dashboard$/);
  await staffPage.goto('/company-settings');
  await expect(staffPage.getByText('Access Restricted')).toBeVisible();
  await staffPage.goto('/staff');
  await expect(staffPage.getByText('Access Restricted')).toBeVisible();
  await context.close();
});

test('validation messages, suspend and remove with confirmation', async ({ page }) => {
  await signUpAndOpen(page, '/staff');
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Username').fill('ab');
  await dialog.getByLabel('Password').fill('123');
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Last name is required')).toBeVisible();
  await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const username = uniqueName('mech');
  await addMember(page, { first: 'Tariq', last: 'Aziz', username, password: 'mech-pass-1', role: 'MECHANIC' });
  const row = page.locator(`tr[data-staff-username="${username}"]`);

  await row.getByRole('button', { name: 'Suspend' }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend Tariq Aziz?' });
  // A headlessui Dialog root has zero size: assert on its content.
  await expect(
    confirm.getByText('Tariq Aziz will be signed out on their next action and cannot sign in until unsuspended.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.locator('[data-status]')).toHaveText('Suspended');
  await row.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(row.locator('[data-status]')).toHaveText('Active');

  await row.getByRole('button', { name: 'Edit role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit staff member' });
  await edit.getByLabel('Role').selectOption('ADMIN');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.locator('[data-role]')).toHaveText('Admin');

  await row.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Tariq Aziz?' });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove Tariq Aziz?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);

  // The owner's own row offers no suspend or remove.
  const own = page.locator('tr', { hasText: '(You)' });
  await expect(own.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Remove' })).toHaveCount(0);
});

test('the staff page in Arabic', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sy_language', 'ar'));
  await signUpAndOpen(page, '/staff');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الموظفون', level: 1 })).toBeVisible();
  await expect(page.locator('[data-role]').first()).toHaveText('مالك');
  await expect(page.getByRole('button', { name: 'إضافة موظف' })).toBeVisible();
});

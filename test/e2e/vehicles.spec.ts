/**
 * Vehicles in a real browser (issue 5 "Done when"): add a vehicle with an invalid then a valid
 * VIN, filter the list and archive it, see it only with "Show archived", unarchive it; and the
 * same list read in Arabic. Each test uses a company that signed up for real.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndOpen } from './helpers';

const VIN_INVALID = 'VIN must be exactly 17 alphanumeric characters';
const VIN_TOO_LONG = 'VIN cannot exceed 17 characters';

async function addVehicle(
  page: Page,
  v: { make: string; model: string; plate: string; vin: string; category: string },
) {
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await dialog.getByLabel('Make', { exact: true }).fill(v.make);
  await dialog.getByLabel('Model', { exact: true }).fill(v.model);
  await dialog.getByLabel('Year', { exact: true }).fill('2024');
  await dialog.getByLabel('License plate', { exact: true }).fill(v.plate);
  await dialog.getByLabel('VIN', { exact: true }).fill(v.vin);
  await dialog.getByLabel('Category', { exact: true }).selectOption(v.category);
  await dialog.getByLabel('Odometer (km)', { exact: true }).fill('8200');
  await dialog.getByLabel('Daily rate', { exact: true }).fill('145.50');
  return dialog;
}

test('add with an invalid then a valid VIN, filter, archive, show archived, unarchive', async ({ page }) => {
  await signUpAndOpen(page, '/vehicles');
  await expect(page.getByText('No vehicles yet')).toBeVisible();

  const plate = `DXB Q ${Date.now().toString().slice(-5)}`;
  const dialog = await addVehicle(page, {
    make: 'Nissan',
    model: 'Patrol',
    plate,
    vin: 'JN1TANY62U0',
    category: 'suv',
  });
  // The VIN is checked as it is typed: too short, then too long, then valid.
  const vinField = dialog.getByLabel('VIN', { exact: true });
  await expect(dialog.getByText(VIN_INVALID)).toBeVisible();
  await vinField.fill('JN1TANY62U00123456');
  await expect(dialog.getByText(VIN_TOO_LONG)).toBeVisible();
  // Submitting with a bad VIN sends nothing and keeps the dialog open.
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(vinField).toBeVisible();
  await expect(dialog.getByText(VIN_TOO_LONG)).toBeVisible();
  await vinField.fill('JN1TANY62U0012345');
  await expect(dialog.getByText(VIN_TOO_LONG)).toHaveCount(0);
  await expect(dialog.getByText(VIN_INVALID)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();

  await expect(page.getByText('Vehicle added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/vehicles\/[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { name: 'Nissan Patrol' })).toBeVisible();
  await expect(page.getByText('JN1TANY62U0012345')).toBeVisible();

  // A second vehicle so the filters have something to exclude.
  await page.goto('/vehicles');
  await addVehicle(page, {
    make: 'Kia',
    model: 'Pegas',
    plate: `${plate}9`,
    vin: 'KNAB2512BLT123456',
    category: 'economy',
  });
  await page.getByRole('dialog', { name: 'Add Vehicle' }).getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Vehicle added successfully')).toBeVisible();

  await page.goto('/vehicles');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'Nissan Patrol' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Kia Pegas' })).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('suv');
  await expect(table.getByRole('link', { name: 'Kia Pegas' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Nissan Patrol' })).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('');
  await page.getByLabel('Search vehicles').fill('pegas');
  await expect(table.getByRole('link', { name: 'Nissan Patrol' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Kia Pegas' })).toBeVisible();
  await page.getByLabel('Search vehicles').fill('');
  await page.getByLabel('Make', { exact: true }).selectOption('nissan');
  await expect(table.getByRole('link', { name: 'Kia Pegas' })).toHaveCount(0);

  // Archive, with confirmation.
  await table.getByRole('link', { name: 'Nissan Patrol' }).click();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive this vehicle?' });
  await expect(
    confirm.getByText('will be hidden from the fleet and cannot be booked until it is unarchived'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive vehicle' }).click();
  await expect(page.getByText('Vehicle archived successfully')).toBeVisible();
  await expect(
    page.getByText('This vehicle is archived: it is hidden from the fleet and cannot be booked.'),
  ).toBeVisible();

  // Hidden from the list until "Show archived".
  await page.getByRole('link', { name: 'Back to vehicles' }).click();
  await page.getByLabel('Make', { exact: true }).selectOption('');
  await expect(page.getByRole('table').getByRole('link', { name: 'Kia Pegas' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('link', { name: 'Nissan Patrol' })).toHaveCount(0);
  await page.getByLabel('Show archived').check();
  const archivedRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Nissan Patrol' }) });
  await expect(archivedRow).toBeVisible();
  await expect(archivedRow.getByText('Archived')).toBeVisible();

  // Unarchive.
  await archivedRow.getByRole('link', { name: 'Nissan Patrol' }).click();
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('Vehicle unarchived successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to vehicles' }).click();
  await page.getByLabel('Show archived').uncheck();
  await expect(page.getByRole('table').getByRole('link', { name: 'Nissan Patrol' })).toBeVisible();
});

test('a duplicate plate shows the server error on the field; the grid view and Arabic labels work', async ({
  page,
}) => {
  await signUpAndOpen(page, '/vehicles');
  const plate = `A ${Date.now().toString().slice(-5)}`;
  await addVehicle(page, { make: 'Toyota', model: 'Camry', plate, vin: '4T1BF1FK5CU123456', category: 'sedan' });
  await page.getByRole('dialog', { name: 'Add Vehicle' }).getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Vehicle added successfully')).toBeVisible();
  await page.goto('/vehicles');
  const dialog = await addVehicle(page, {
    make: 'Toyota',
    model: 'Yaris',
    plate: plate.replace(' ', '').toLowerCase(),
    vin: '4T1BF1FK5CU654321',
    category: 'economy',
  });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByText('A vehicle with this license plate already exists')).toBeVisible();
  await expect(page.getByText('Failed to create vehicle')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Toyota Camry' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('sy_language', 'ar'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'المركبات' })).toBeVisible();
  await expect(page.locator('[data-status="available"]').first()).toHaveText('متاحة');
  await expect(page.getByRole('button', { name: 'إضافة مركبة' })).toBeVisible();
});

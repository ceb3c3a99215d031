/**
 * Deposits, outstanding balances and revenue protection in a real browser (issue 10 part B), in
 * English and in Arabic: refund part of a deposit from /deposits (receipt toast, held amount
 * updated), read the aging of a returned rental's balance on a fixed day, and open the rental
 * from its "returned with a balance" row on /dashboard/revenue-protection. One UAE company for
 * the file; each language books and returns its own rental through the API. Screenshots of the
 * three pages per language are written to COLLECTIONS_E2E_OUT (or a temp folder).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { collections } from '../../shared/i18n/collections';
import { addDays } from '../../shared/calendar';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.COLLECTIONS_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'collections-e2e-'));
const DAY = 86_400_000;

const { session, api, open } = specCompany('Falcon Rent', { settings: { preferences: { region: 'AE' } } });

/** A rental picked up two days ago with a deposit of 1,000 by card, returned now with its balance owed. */
async function returnedRental(request: APIRequestContext, name: string) {
  const vehicle = await createVehicleViaApi(request, session(), {
    make: 'Toyota',
    model: 'Land Cruiser',
    dailyRate: 400,
  });
  const customer = await createCustomerViaApi(request, session(), {
    fullNameEnglish: name,
    fullNameArabic: 'مريم الهاشمي',
  });
  const start = Date.now() - 2 * DAY - 3_600_000;
  const rental = await api(request, 'POST', '/api/v1/rentals', {
    vehicleId: vehicle.id,
    customerId: customer.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * DAY).toISOString(),
    dailyRate: 400,
    securityDeposit: 1000,
  });
  await api(request, 'POST', `/api/v1/rentals/${rental.id}/payments`, {
    amount: 1000,
    method: 'credit_card',
    forDeposit: true,
  });
  await api(request, 'POST', `/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 20_000, fuelLevelStart: 'full' });
  const returned = await api(request, 'POST', `/api/v1/rentals/${rental.id}/return`, {
    odometerEnd: 20_300,
    condition: 'good',
    fuelLevelEnd: 'full',
  });
  expect(returned.balance).toBeGreaterThan(0);
  return { id: rental.id as string, reference: rental.referenceNumber as string, balance: returned.balance as number };
}

for (const language of ['en', 'ar'] as const) {
  const c = collections[language];

  test(`${language}: refund part of a deposit; aging of the balance; revenue protection opens the rental`, async ({
    page,
  }) => {
    const r = await returnedRental(page.request, language === 'ar' ? 'Maryam Al Hashimi' : 'Daniel Carter');

    // Deposits: refund 400 of the 1,000 held, to the original method.
    await open(page, language, '/deposits');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const row = page.locator(`tr[data-deposit="${r.reference}"]`);
    await expect(row.getByTestId('deposit-status')).toHaveText(c.depositStatus.held);
    await row.getByRole('button', { name: c.deposits.refund, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(c.deposits.amount).fill('400');
    await page.screenshot({ path: join(outDir, `deposit-refund-${language}.png`), fullPage: true });
    await dialog.getByRole('button', { name: c.deposits.save }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('600.00');
    const after = await api(page.request, 'GET', '/api/v1/deposits?limit=100');
    const deposit = after.items.find((d: { id: string }) => d.id === r.id);
    expect(deposit).toMatchObject({ held: 600, refunded: 400, method: 'credit_card', status: 'held' });
    expect(deposit.releaseDueDate).toBe(addDays(deposit.returnDate, 30)); // UAE: released within a month
    await page.screenshot({ path: join(outDir, `deposits-${language}.png`), fullPage: true });

    // Outstanding balances, counted 45 days after the return: the balance is 31–60 days past due.
    await page.goto(`/dashboard/outstanding-balances?asOf=${addDays(deposit.returnDate, 45)}`);
    const totals = page.getByTestId('aging-totals');
    const amount = r.balance.toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(totals.locator('[data-bucket="d31_60"]')).toContainText(/\d/);
    await expect(page.locator('tr[data-customer]').first()).toBeVisible();
    await page.getByRole('tab', { name: c.aging.byRental }).click();
    const agingRow = page.locator(`tr[data-rental="${r.reference}"]`);
    await expect(agingRow).toContainText(c.aging.uninvoiced);
    // Its one amount sits in the 31–60 column (customer, rental, items, then the buckets).
    await expect(agingRow.locator('td').nth(3 + 2)).toContainText(amount);
    await expect(agingRow.locator('td').nth(3 + 0)).toHaveText('—');
    await page.screenshot({ path: join(outDir, `outstanding-balances-${language}.png`), fullPage: true });

    // Revenue protection: the rental returned with a balance; its link opens the rental.
    await page.goto('/dashboard/revenue-protection');
    const risk = page.locator(`tr[data-risk="returned_with_balance"][data-reference="${r.reference}"]`);
    await expect(risk).toContainText(c.kind.returned_with_balance);
    await expect(page.getByTestId('protection-totals')).toBeVisible();
    await page.screenshot({ path: join(outDir, `revenue-protection-${language}.png`), fullPage: true });
    await risk.getByRole('link', { name: c.protection.open }).click();
    await expect(page).toHaveURL(new RegExp(`/rentals/${r.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(r.reference);
  });
}

/**
 * A deposit applied to late charges already on an ISSUED invoice pays that invoice (issue 10), in
 * a real browser, in English and Arabic: a returned rental whose rent and late damage charge are
 * on an issued invoice; "Apply to charges" on /deposits takes the balance from the deposit; the
 * toast names the invoice, and the invoice's page reads Paid. Screenshot of the invoice after it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { collections } from '../../shared/i18n/collections';
import { invoices } from '../../shared/i18n/invoices';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.DEPOSIT_INVOICE_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'deposit-invoice-e2e-'));
const DAY = 86_400_000;

const { session, api, open } = specCompany('Harbour Cars');

for (const language of ['en', 'ar'] as const) {
  const c = collections[language];
  test(`${language}: a deposit applied to a late charge on an issued invoice marks the invoice paid`, async ({
    page,
  }) => {
    const vehicle = await createVehicleViaApi(page.request, session());
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Huda Al Mansoori' : 'Peter Walsh',
      fullNameArabic: 'هدى المنصوري',
    });
    const start = Date.now() - 2 * DAY - 3_600_000;
    const rental = await api(page.request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * DAY).toISOString(),
      dailyRate: 150,
      securityDeposit: 2000,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/payments`, {
      amount: 2000,
      method: 'cash',
      forDeposit: true,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/pickup`, {
      odometerStart: 5000,
      fuelLevelStart: 'full',
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/return`, {
      odometerEnd: 5200,
      condition: 'good',
      fuelLevelEnd: 'full',
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/charges`, {
      category: 'damage_fees',
      label: 'Cracked mirror',
      amount: 240,
    });
    const draft = await api(page.request, 'POST', '/api/v1/invoices', { rentalId: rental.id });
    const invoice = await api(page.request, 'POST', `/api/v1/invoices/${draft.id}/issue`, {});
    expect(invoice.status).toBe('issued');

    await open(page, language, '/deposits');
    const row = page.locator(`tr[data-deposit="${rental.referenceNumber}"]`);
    await row.getByRole('button', { name: c.deposits.apply, exact: true }).click();
    const dialog = page.getByRole('dialog');
    // Prefilled with what is owed (the invoice's total), which the deposit covers.
    await expect(dialog.getByLabel(c.deposits.amount)).toHaveValue(String(invoice.total));
    await dialog.getByRole('button', { name: c.deposits.save }).click();
    await expect(page.getByText(c.deposits.applied_invoices_ok.replace('{{numbers}}', invoice.number))).toBeVisible();

    await page.goto(`/invoices/${draft.id}`);
    await expect(page.getByTestId('invoice-status').first()).toHaveText(invoices[language].status.paid);
    await expect(page.getByTestId('invoice-deposit-applied')).toBeVisible();
    await expect(page.getByText(invoices[language].ui.depositApplied)).toBeVisible();
    await page.screenshot({ path: join(outDir, `deposit-paid-invoice-${language}.png`), fullPage: true });
    const after = await api(page.request, 'GET', `/api/v1/invoices/${draft.id}`);
    expect(after).toMatchObject({
      status: 'paid',
      balance: 0,
      amountPaid: invoice.total,
      depositApplied: invoice.total,
    });
  });
}

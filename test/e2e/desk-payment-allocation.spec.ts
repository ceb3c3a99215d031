/**
 * Invoices that know what was paid (issue 26), the desk side, in a real browser, in English and in
 * Arabic: a payment recorded on the rental's page AFTER its invoice was issued pays the invoice —
 * the rental page's invoice list shows it partly paid at once, and the invoice page shows the
 * amount paid and the balance the rental shows. An amount above the balance due is refused under
 * the Amount field in the reader's language. One UAE company with VAT on, signed up once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.DESK_ALLOCATION_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'desk-alloc-e2e-'));

const { session, api, open } = specCompany('Oasis Car Rental', {
  settings: { preferences: { region: 'AE' }, enableVat: true, vatNumber: '100234567800003' },
  books: true,
});

const WORDS = {
  en: {
    record: 'Record payment',
    amount: 'Amount',
    method: 'Method',
    save: 'Save',
    partly: 'Partly paid',
    over: 'Payment cannot exceed the balance due. Record the security deposit separately.',
  },
  ar: {
    record: 'تسجيل دفعة',
    amount: 'المبلغ',
    method: 'الطريقة',
    save: 'حفظ',
    partly: 'مدفوعة جزئيًا',
    over: 'لا يمكن أن تتجاوز الدفعة الرصيد المستحق. سجّل مبلغ التأمين بشكل منفصل.',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`${language}: a desk payment after the invoice was issued pays it; more than the balance is refused`, async ({
    page,
  }) => {
    const vehicle = await createVehicleViaApi(page.request, session(), {
      make: 'Nissan',
      model: 'Patrol',
      dailyRate: 450,
    });
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Mariam Al Suwaidi' : 'Oliver Grant',
      fullNameArabic: 'مريم السويدي',
    });
    // Two days at 450 (5 % VAT on top: 945), picked up now, invoiced before any payment.
    const start = Date.now() - 3_600_000;
    const rental = await api(page.request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 86_400_000).toISOString(),
      dailyRate: 450,
      taxRate: 5,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/pickup`, {
      odometerStart: 10_000,
      fuelLevelStart: 'full',
    });
    const draft = await api(page.request, 'POST', '/api/v1/invoices', { rentalId: rental.id });
    const issued = await api(page.request, 'POST', `/api/v1/invoices/${draft.id}/issue`, {});
    expect(issued).toMatchObject({ status: 'issued', balance: 945 });

    await open(page, language, `/rentals/${rental.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const row = page.getByTestId('invoice-links').locator(`[data-invoice="${issued.number}"]`);
    await expect(row).toBeVisible();

    // More than the balance: refused under the Amount field, in the reader's language.
    await page.getByRole('button', { name: w.record }).click();
    const dialog = page.getByRole('dialog', { name: w.record });
    await expect(dialog.getByLabel(w.amount)).toHaveValue('945');
    await dialog.getByLabel(w.amount).fill('1000');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByText(w.over)).toBeVisible();
    await page.screenshot({ path: join(outDir, `desk-over-balance-${language}.png`), fullPage: true });

    // 600 taken: the invoice is partly paid at once on the rental's page.
    await dialog.getByLabel(w.amount).fill('600');
    await dialog.getByLabel(w.method).selectOption('cash');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('rental-balance')).toContainText('345.00');
    await expect(row).toContainText(w.partly);
    await page.screenshot({ path: join(outDir, `desk-paid-rental-${language}.png`), fullPage: true });

    // The invoice page: amount paid and balance, the same open amount as the rental.
    await page.goto(`/invoices/${issued.id}`);
    await expect(page.getByTestId('invoice-status').first()).toHaveText(w.partly);
    await expect(page.getByTestId('invoice-amount-paid')).toContainText('600.00');
    await expect(page.getByTestId('invoice-balance')).toContainText('345.00');
    await page.screenshot({ path: join(outDir, `desk-paid-invoice-${language}.png`), fullPage: true });
  });
}

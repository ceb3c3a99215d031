/**
 * Invoices that know what was paid (issue 26), in a real browser, in English and in Arabic: a
 * payment taken on the rental's page before the invoice; the invoice issued from the rental shows
 * it as paid, with its balance, and its lines as quantity × unit price with their VAT (screen and
 * PDF, rendered with pdftoppm and looked at); "Pay online" asks the PayTabs sandbox for the
 * balance only (its page and its /_emulator/transactions), and once paid the invoice and the
 * rental are both at zero. One UAE company with VAT on and sandbox gateway keys, signed up once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.INVOICE_PAID_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'inv-paid-e2e-'));

const { session, api, open } = specCompany('Dune Car Rental', {
  settings: {
    preferences: { region: 'AE' },
    enableVat: true,
    vatNumber: '100234567800003',
    address: 'Al Barsha, Dubai',
    gatewayKeys: { profileId: '54321', serverKey: `SK-e2e-paid-${Date.now().toString(36)}` },
  },
  books: true,
});

const WORDS = {
  en: {
    record: 'Record payment',
    amount: 'Amount',
    method: 'Method',
    save: 'Save',
    create: 'Create invoice',
    issue: 'Issue invoice',
    download: 'Download PDF',
    payOnline: 'Pay online',
    partly: 'Partly paid',
  },
  ar: {
    record: 'تسجيل دفعة',
    amount: 'المبلغ',
    method: 'الطريقة',
    save: 'حفظ',
    create: 'إنشاء فاتورة',
    issue: 'إصدار الفاتورة',
    download: 'تنزيل PDF',
    payOnline: 'الدفع الإلكتروني',
    partly: 'مدفوعة جزئيًا',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`${language}: a payment taken on the rental shows on the invoice issued after it; pay online asks the sandbox for the balance only`, async ({
    page,
  }) => {
    const vehicle = await createVehicleViaApi(page.request, session(), {
      make: 'Lexus',
      model: 'LX 600',
      dailyRate: 450,
    });
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Fatima Al Zaabi' : 'Daniel Brooks',
      fullNameArabic: 'فاطمة الزعابي',
      email: `paid-${language}@example.test`,
      preferredLanguage: language === 'ar' ? 'arabic' : 'english',
    });
    // Two days at 450 (5 % VAT on top: 945), picked up now.
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

    // Take 700 on the rental's page.
    await open(page, language, `/rentals/${rental.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('button', { name: w.record }).click();
    const payment = page.getByRole('dialog', { name: w.record });
    await payment.getByLabel(w.amount).fill('700');
    await payment.getByLabel(w.method).selectOption('cash');
    await payment.getByRole('button', { name: w.save }).click();
    await expect(page.getByTestId('rental-balance')).toContainText('245.00');

    // Create the invoice from the rental and issue it: it shows the 700 as paid.
    await page.getByTestId('invoice-links').getByRole('button', { name: w.create }).click();
    await expect(page).toHaveURL(/\/invoices\/[0-9A-Z]{26}$/);
    const invoiceId = page.url().split('/').pop()!;
    await page.getByRole('button', { name: w.issue }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: w.issue }).click();
    await expect(page.getByTestId('invoice-status').first()).toHaveText(w.partly);
    await expect(page.getByTestId('invoice-total')).toContainText('945.00');
    await expect(page.getByTestId('invoice-amount-paid')).toContainText('700.00');
    await expect(page.getByTestId('invoice-balance')).toContainText('245.00');
    const rentLine = page.locator('tr[data-line="base_rental"]');
    await expect(rentLine.getByTestId('line-qty')).toHaveText('2');
    await expect(rentLine.getByTestId('line-unit-price')).toContainText('450.00');
    await expect(rentLine.getByTestId('line-vat-rate')).toHaveText('5%');
    await expect(rentLine.getByTestId('line-vat')).toContainText('45.00');
    const issued = await api(page.request, 'GET', `/api/v1/invoices/${invoiceId}`);
    expect(issued).toMatchObject({ status: 'partially_paid', total: 945, amountPaid: 700, balance: 245 });
    await page.reload(); // the toasts of the payment and the issue gone, nothing over the totals
    await expect(page.getByTestId('invoice-amount-paid')).toContainText('700.00');
    await page.screenshot({ path: join(outDir, `invoice-paid-${language}.png`), fullPage: true });

    // The PDF says the same (rendered and looked at).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: w.download }).click();
    const pdfPath = join(outDir, `${issued.number}-${language}.pdf`);
    await (await download).saveAs(pdfPath);
    expect(statSync(pdfPath).size).toBeGreaterThan(5_000);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(outDir, `invoice-paid-pdf-${language}`),
    ]);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toContain('700.00');
    expect(text).toContain('245.00');
    expect(text).toContain('450.00');

    // Pay online: the sandbox is asked for the balance only.
    await page.getByTestId('invoice-payments').getByRole('button', { name: w.payOnline }).click();
    await page.getByRole('dialog').getByTestId('pay-online-link').click();
    await expect(page.locator('#amount')).toContainText('245.00');
    const attempts = await api(page.request, 'GET', `/api/v1/invoices/${invoiceId}/payments`);
    const pending = attempts.items.find((p: { status: string }) => p.status === 'pending');
    const seen = (await (
      await page.request.get(new URL('/_emulator/transactions', pending.gateway.url).toString())
    ).json()) as { tranRef: string; cartAmount: string }[];
    expect(seen.find((x) => x.tranRef === pending.gateway.tranRef)?.cartAmount).toBe('245.00');
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/payments\/success\?payment=[0-9A-Z]{26}/);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(page.getByTestId('invoice-balance')).toContainText('0.00');
    await expect(page.getByTestId('rental-balance')).toContainText('0.00');
    expect((await api(page.request, 'GET', `/api/v1/rentals/${rental.id}`)).balance).toBe(0);
    expect(await api(page.request, 'GET', `/api/v1/invoices/${invoiceId}`)).toMatchObject({
      status: 'paid',
      amountPaid: 945,
      balance: 0,
    });
  });
}

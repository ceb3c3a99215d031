/**
 * Invoices in a real browser (issue 19 "Done when"), in English and in Arabic: from a rental's
 * page create an invoice, issue it (INV- number, locked), find it on /invoices with its totals,
 * download its PDF and render the first page with pdftoppm (looked at: Arabic shaped, amounts
 * right), and issue a credit note. One UAE company with VAT on, signed up once for the file;
 * each language books its own rental through the API.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.INVOICE_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'inv-e2e-'));

const { session, api, open } = specCompany('Oasis Car Rental', {
  settings: {
    preferences: { region: 'AE' },
    enableVat: true,
    vatNumber: '100234567800003',
    address: 'Sheikh Zayed Road, Dubai',
  },
  books: true,
});

const WORDS = {
  en: {
    email: 'Email',
    send: 'Send',
    sent: 'Invoice sent to',
    create: 'Create invoice',
    issue: 'Issue invoice',
    issued: 'Issued',
    download: 'Download PDF',
    credit: 'Credit note',
    reason: 'Reason',
    confirmCredit: 'Issue credit note',
    void: 'Void',
    search: 'Search',
  },
  ar: {
    email: 'بريد إلكتروني',
    send: 'إرسال',
    sent: 'أُرسلت الفاتورة إلى',
    create: 'إنشاء فاتورة',
    issue: 'إصدار الفاتورة',
    issued: 'صادرة',
    download: 'تنزيل PDF',
    credit: 'إشعار دائن',
    reason: 'السبب',
    confirmCredit: 'إصدار الإشعار الدائن',
    void: 'ملغاة',
    search: 'بحث',
  },
} as const;

for (const [i, language] of (['en', 'ar'] as const).entries()) {
  const w = WORDS[language];

  test(`${language}: issue an invoice from a rental, download and look at its PDF, credit it`, async ({ page }) => {
    const vehicle = await createVehicleViaApi(page.request, session(), {
      make: 'Nissan',
      model: 'Patrol',
      dailyRate: 350,
    });
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Khalid Al Mansouri' : 'Sarah Johnson',
      fullNameArabic: 'خالد المنصوري',
      email: `inv-${language}@example.test`,
    });
    const start = Date.UTC(2035, 4, 1 + i * 7, 9);
    const rental = await api(page.request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      dailyRate: 350,
      taxRate: 5,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/charges`, {
      amount: 157.5,
      label: 'Bumper scratch',
      category: 'damage_fees',
    });

    // From the rental: Create invoice opens the draft.
    await open(page, language, `/rentals/${rental.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('invoice-links').getByRole('button', { name: w.create }).click();
    await expect(page).toHaveURL(/\/invoices\/[0-9A-Z]{26}$/);
    const detail = page.getByTestId('invoice-detail');
    await expect(detail).toBeVisible();
    const invoiceId = page.url().split('/').pop()!;
    const draft = await api(page.request, 'GET', `/api/v1/invoices/${invoiceId}`);
    // Figures: 3 days × 350 + tax 5% + damage 157.50 (VAT included: 150 + 7.50).
    expect(draft.total).toBe(1260);
    expect(draft.vat).toBe(60);

    await page.screenshot({ path: join(outDir, `invoice-draft-${language}.png`), fullPage: true });
    // Issue it.
    await page.getByRole('button', { name: w.issue }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: w.issue }).click();
    await expect(page.getByTestId('invoice-status').first()).toHaveText(w.issued);
    const issued = await api(page.request, 'GET', `/api/v1/invoices/${invoiceId}`);
    expect(issued.number).toMatch(/^INV-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(issued.number);
    await expect(page.getByTestId('invoice-total')).toContainText('1,260.00');
    await page.screenshot({ path: join(outDir, `invoice-detail-${language}.png`), fullPage: true });

    // Download the PDF and render its first page.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: w.download }).click();
    const file = await download;
    const pdfPath = join(outDir, `${issued.number}-${language}.pdf`);
    await file.saveAs(pdfPath);
    expect(file.suggestedFilename()).toBe(`${issued.number}.pdf`);
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
      join(outDir, `invoice-pdf-${language}`),
    ]);

    // Email it to the customer (the PDF attached; the SES emulator keeps it).
    await page.getByRole('button', { name: w.email, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.send }).click();
    await expect(page.getByText(`${w.sent} inv-${language}@example.test`)).toBeVisible();

    // The list finds it by number, with its totals.
    await page.goto(`/invoices?q=${encodeURIComponent(issued.number)}`);
    await expect(page.locator(`tr[data-invoice="${issued.number}"]`)).toBeVisible();
    await expect(page.getByTestId('invoice-totals')).toContainText('1,260.00');
    await page.screenshot({ path: join(outDir, `invoices-list-${language}.png`), fullPage: true });

    // Credit note: the invoice becomes void and the rental balance drops by its total.
    await page.goto(`/invoices/${invoiceId}`);
    await page.getByRole('button', { name: w.credit }).click();
    await page
      .getByRole('dialog')
      .getByLabel(w.reason)
      .fill(language === 'ar' ? 'خطأ في الرسوم' : 'Charged the wrong vehicle');
    await page.getByRole('dialog').getByRole('button', { name: w.confirmCredit }).click();
    await expect(page.getByTestId('invoice-status').first()).toHaveText(w.void);
    await expect(page.getByTestId('credit-note-info')).toContainText('CN-');
    const after = await api(page.request, 'GET', `/api/v1/rentals/${rental.id}`);
    expect(after.balance).toBe(0);

    // The rental page lists the invoice with its download.
    await page.goto(`/rentals/${rental.id}`);
    await expect(page.getByTestId('invoice-links').locator(`[data-invoice="${issued.number}"]`)).toBeVisible();
  });
}

/**
 * Online payments in a real browser (issue 19 "Done when"), in English and in Arabic: from an
 * issued invoice's page, "Pay online" shows the hosted page's link and QR code; the PayTabs
 * sandbox page's Pay button sends the signed callback and brings the browser back to
 * /payments/success, which shows the payment paid with the invoice settled and the REC- receipt;
 * the rental's balance is settled; the receipt PDF is rendered with pdftoppm (looked at). A
 * declined payment shows the failure state with "Try again". A return page opened while the payment
 * is pending turns paid by itself when the callback lands (it polls). Recording a cash payment in the
 * panel's dialog shows it in the list with its receipt. One UAE company for the file, signed up
 * through the API with sandbox gateway keys.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.PAYMENT_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'pay-e2e-'));

const { session, api, open } = specCompany('Falcon Car Rental', {
  settings: {
    preferences: { region: 'AE' },
    enableVat: true,
    vatNumber: '100234567800003',
    gatewayKeys: { profileId: '54321', serverKey: `SK-e2e-${Date.now().toString(36)}` },
  },
  books: true,
});

let seq = 0;
/** A booked rental and its issued invoice, through the API. */
async function issuedInvoice(request: APIRequestContext, language: 'en' | 'ar') {
  seq += 1;
  const vehicle = await createVehicleViaApi(request, session(), {
    make: 'Toyota',
    model: 'Land Cruiser',
    dailyRate: 300,
  });
  const customer = await createCustomerViaApi(request, session(), {
    fullNameEnglish: language === 'ar' ? 'Mariam Al Hashimi' : 'James Carter',
    fullNameArabic: 'مريم الهاشمي',
    email: `pay-${language}-${seq}@example.test`,
  });
  const start = Date.UTC(2036, 2, 1 + seq * 5, 9);
  const rental = await api(request, 'POST', '/api/v1/rentals', {
    vehicleId: vehicle.id,
    customerId: customer.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 86_400_000).toISOString(),
    dailyRate: 300,
    taxRate: 5,
  });
  const draft = await api(request, 'POST', '/api/v1/invoices', { rentalId: rental.id });
  const invoice = await api(request, 'POST', `/api/v1/invoices/${draft.id}/issue`, {});
  expect(invoice.balance).toBeGreaterThan(0);
  return { rental, invoice };
}

/** An issued invoice's page with "Pay online" clicked: the hosted page's link (the customer's QR code). */
async function startOnlinePayment(page: Page, language: 'en' | 'ar', payOnline: string) {
  const { invoice } = await issuedInvoice(page.request, language);
  await open(page, language, `/invoices/${invoice.id}`);
  await page.getByTestId('invoice-payments').getByRole('button', { name: payOnline }).click();
  const href = await page.getByRole('dialog').getByTestId('pay-online-link').getAttribute('href');
  expect(href).toMatch(/\/payment\/page\//);
  return { invoice, href: href! };
}

/** The customer's phone: another browser context, no Sayyara session, in `language`. */
async function customerPhone(browser: Browser, language: 'en' | 'ar') {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await phone.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
  return { phone, p: await phone.newPage() };
}

const WORDS = {
  en: {
    payOnline: 'Pay online',
    openPage: 'Open payment page',
    pay: 'Pay',
    decline: 'Decline',
    paidTitle: 'Payment received',
    failedTitle: 'Payment failed',
    retry: 'Try again',
    record: 'Record payment',
    amount: 'Amount',
    method: 'Payment method',
    save: 'Record',
    paid: 'Paid',
    declined: 'Declined by the bank',
    detail: 'Gateway message: Declined',
    notFound: 'This payment link is not valid or has expired.',
  },
  ar: {
    payOnline: 'الدفع الإلكتروني',
    openPage: 'فتح صفحة الدفع',
    pay: 'ادفع',
    decline: 'رفض',
    paidTitle: 'تم استلام الدفعة',
    failedTitle: 'فشلت عملية الدفع',
    retry: 'حاول مرة أخرى',
    record: 'تسجيل دفعة',
    amount: 'المبلغ',
    method: 'طريقة الدفع',
    save: 'تسجيل',
    paid: 'مدفوع',
    declined: 'رفضها البنك',
    detail: 'رسالة البوابة: Declined',
    notFound: 'رابط الدفع هذا غير صالح أو انتهت صلاحيته.',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`${language}: pay an invoice online through the sandbox and land on /payments/success paid; the receipt PDF`, async ({
    page,
  }) => {
    const { rental, invoice } = await issuedInvoice(page.request, language);
    await open(page, language, `/invoices/${invoice.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const panel = page.getByTestId('invoice-payments');
    await panel.getByRole('button', { name: w.payOnline }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('payment-qr')).toBeVisible();
    await page.screenshot({ path: join(outDir, `pay-online-dialog-${language}.png`) });
    await dialog.getByTestId('pay-online-link').click();

    // The sandbox's hosted page (another origin), in the customer's language.
    await expect(page.locator('#amount')).toContainText(invoice.balance.toFixed(2));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.locator('#pay').click();

    await expect(page).toHaveURL(/\/payments\/success\?payment=[0-9A-Z]{26}/);
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(result).toContainText(w.paidTitle);
    await expect(result).toContainText(invoice.number);
    await expect(page.getByTestId('invoice-balance')).toContainText('0.00');
    const receiptLink = page.getByTestId('receipt-link');
    await expect(receiptLink).toContainText(/REC-\d+/);
    await expect(page.getByRole('link', { name: rental.referenceNumber })).toBeVisible();
    await expect(page.getByTestId('rental-balance')).toContainText('0.00');
    await page.screenshot({ path: join(outDir, `payment-success-${language}.png`), fullPage: true });

    // The rental's balance is settled and the invoice is paid.
    expect((await api(page.request, 'GET', `/api/v1/rentals/${rental.id}`)).balance).toBe(0);
    expect((await api(page.request, 'GET', `/api/v1/invoices/${invoice.id}`)).status).toBe('paid');

    // The receipt: the link opens the PDF in a new tab; render its page.
    const paymentId = new URL(page.url()).searchParams.get('payment')!;
    const payment = await api(page.request, 'GET', `/api/v1/payments/${paymentId}`);
    const popup = page.waitForEvent('popup');
    await receiptLink.click();
    const tab = await popup;
    expect(tab.url()).toContain(`receipts/${payment.receipt.id}.pdf`);
    await tab.close();
    const { url } = await api(page.request, 'GET', `/api/v1/receipts/${payment.receipt.id}/pdf`);
    const pdf = Buffer.from(await (await page.request.get(url)).body());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfPath = join(outDir, `${payment.receipt.number}-${language}.pdf`);
    writeFileSync(pdfPath, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(outDir, `receipt-pdf-${language}`),
    ]);

    // Back on the invoice: the payment is listed as paid with its receipt.
    await page.goto(`/invoices/${invoice.id}`);
    const row = page.getByTestId('invoice-payments').getByTestId('payment-row').first();
    await expect(row).toContainText(w.paid);
    await expect(row).toContainText(payment.receipt.number);
  });

  test(`${language}: a declined payment shows the failure state with Try again; a cash payment is recorded in the panel`, async ({
    page,
  }) => {
    const { invoice } = await issuedInvoice(page.request, language);
    await open(page, language, `/invoices/${invoice.id}`);
    await page.getByTestId('invoice-payments').getByRole('button', { name: w.payOnline }).click();
    await page.getByRole('dialog').getByTestId('pay-online-link').click();
    await page.locator('#decline').click();
    await expect(page).toHaveURL(/\/payments\/success/);
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
    await expect(result).toContainText(w.failedTitle);
    // The gateway's status in the reader's language; its own English text only as a detail.
    await expect(result).toContainText(w.declined);
    await expect(result.getByTestId('gateway-detail')).toHaveText(w.detail);
    await expect(result.getByRole('button', { name: w.retry })).toBeVisible();
    await page.screenshot({ path: join(outDir, `payment-failed-${language}.png`), fullPage: true });
    expect((await api(page.request, 'GET', `/api/v1/invoices/${invoice.id}`)).status).toBe('issued');

    // Try again opens a new hosted page for the balance.
    await result.getByRole('button', { name: w.retry }).click();
    await expect(page.locator('#pay')).toBeVisible();

    // Record 100 in cash from the panel.
    await open(page, language, `/invoices/${invoice.id}`);
    const panel = page.getByTestId('invoice-payments');
    await panel.getByRole('button', { name: w.record }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.amount).fill('100');
    await dialog.getByLabel(w.method).selectOption('cash');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('payment-row').first()).toContainText(/REC-\d+/);
    const after = await api(page.request, 'GET', `/api/v1/invoices/${invoice.id}`);
    expect(after.status).toBe('partially_paid');
    expect(after.amountPaid).toBe(100);
    await page.screenshot({ path: join(outDir, `invoice-payments-${language}.png`), fullPage: true });
  });

  test(`${language}: a return page opened while the payment is pending turns paid by itself when the callback lands`, async ({
    page,
    browser,
  }) => {
    const { href } = await startOnlinePayment(page, language, w.payOnline);
    // The attempt's return link (with its token), as the gateway will send the customer back to it.
    const tranRef = href.split('/').pop();
    const listed = await page.request.get(`${new URL(href).origin}/_emulator/transactions`);
    const attempt = ((await listed.json()) as { tranRef: string; returnUrl: string }[]).find(
      (t) => t.tranRef === tranRef,
    )!;
    const token = new URL(attempt.returnUrl).searchParams.get('token')!;

    // The customer's phone shows the attempt before paying: pending, polling.
    const { phone, p } = await customerPhone(browser, language);
    await p.goto(`/payments/return?token=${encodeURIComponent(token)}`);
    const result = p.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-state', 'pending');

    // Paid on the hosted page elsewhere: the signed callback settles it; the phone page is not reloaded.
    await page.goto(href);
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/payments\/success/);
    await expect(result).toHaveAttribute('data-state', 'paid', { timeout: 10_000 });
    await expect(result).toContainText(w.paidTitle);
    await expect(p.getByTestId('receipt-link')).toContainText(/REC-\d+/);
    await phone.close();
  });

  test(`${language}: the customer pays on their own phone, not signed in: public return page (declined, translated, Try again, then paid with the receipt); a wrong link is not found`, async ({
    page,
    browser,
  }) => {
    const { invoice, href } = await startOnlinePayment(page, language, w.payOnline);

    // The customer's phone: another browser, no Sayyara session.
    const { phone, p } = await customerPhone(browser, language);
    await p.goto(href);
    await p.locator('#decline').click();
    await expect(p).toHaveURL(/\/payments\/return\?token=/);
    const result = p.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
    await expect(p.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(result).toContainText(w.declined);
    await expect(result.getByTestId('gateway-detail')).toHaveText(w.detail);
    await expect(p.getByTestId('company')).toContainText(session().tenantName);
    await expect(p.getByTestId('invoice-number')).toHaveText(invoice.number);
    await p.screenshot({ path: join(outDir, `public-return-failed-${language}.png`), fullPage: true });
    const failedUrl = p.url();

    // Try again: a new hosted page for the same invoice, paid this time, back to the public page.
    await result.getByRole('button', { name: w.retry }).click();
    await expect(p.locator('#amount')).toContainText(invoice.balance.toFixed(2));
    await p.locator('#pay').click();
    await expect(p).toHaveURL(/\/payments\/return\?token=/);
    await expect(result).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(result).toContainText(w.paidTitle);
    await expect(result).toContainText(invoice.number);
    await expect(p.getByTestId('amount')).toContainText(invoice.balance.toFixed(2));
    const receiptLink = p.getByTestId('receipt-link');
    await expect(receiptLink).toContainText(/REC-\d+/);
    // Nothing of the signed-in app: no rental, no customer, no sidebar.
    await expect(p.getByTestId('rental-balance')).toHaveCount(0);
    await expect(p.locator('body')).not.toContainText('Mariam');
    await expect(p.locator('body')).not.toContainText('James Carter');
    await p.screenshot({ path: join(outDir, `public-return-paid-${language}.png`), fullPage: true });
    const popup = p.waitForEvent('popup');
    await receiptLink.click();
    const tab = await popup;
    expect(tab.url()).toMatch(/receipts\/[0-9A-Z]{26}\.pdf/);
    await tab.close();
    expect((await api(page.request, 'GET', `/api/v1/invoices/${invoice.id}`)).status).toBe('paid');

    // A tampered link: not found, nothing shown.
    const tampered = new URL(failedUrl);
    tampered.searchParams.set(
      'token',
      tampered.searchParams.get('token')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    await p.goto(tampered.toString());
    await expect(p.getByText(w.notFound)).toBeVisible();
    await expect(p.getByTestId('payment-result')).toHaveCount(0);
    await phone.close();
  });
}

/**
 * E-invoicing in a real browser (issue 29 "Done when"), English and Arabic: a Saudi company's owner sets the VAT
 * number, the national address and the CR number in company settings, onboards with ZATCA (the emulator refuses
 * the OTP 000000 first: ZATCA's message under the field, then any other 6 digits), issues a simplified invoice,
 * sees it pending then reported after the submission job's run, and downloads the PDF (phase-2 QR: nine tags) and
 * the XML (the signed UBL with the document's UUID and ICV). Each language signs its own company up. Screenshots of
 * the e-invoicing page and the invoice's e-invoice block in both languages (test/.out/screenshots).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { einvoicing } from '../../shared/i18n/einvoicing';
import { invoices } from '../../shared/i18n/invoices';
import { settings } from '../../shared/i18n/settings';
import { decodeZatcaTlv } from '../../shared/invoices/zatca';
import { handler as einvoicingSubmitJob } from '../../functions/jobs/einvoicing-submit';
import {
  apiAs,
  setupBooksAs,
  createCustomerViaApi,
  createVehicleViaApi,
  seriousViolations,
  signUpViaApi,
  useSession,
  type E2eSession,
} from './helpers';

const outDir = join(process.cwd(), 'test/.out/screenshots');
mkdirSync(outDir, { recursive: true });

for (const [i, language] of (['en', 'ar'] as const).entries()) {
  const e = einvoicing[language];
  const s = settings[language];
  const inv = invoices[language];

  test(`${language}: a Saudi owner onboards with ZATCA, issues an invoice, sees it reported, downloads PDF and XML`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const session: E2eSession = await signUpViaApi(page.request, {
      tenantName: `Najd Car Rental ${language} ${Date.now().toString(36).slice(-4)}`,
      region: 'SA',
    });
    const api = (method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) =>
      apiAs(page.request, session, method, path, data);
    const before = await api('GET', '/api/v1/company/settings');
    expect(before.preferences.region).toBe('SA');
    await api('PUT', '/api/v1/company/settings', {
      version: before.version,
      enableVat: true,
      address: 'King Fahd Road, Al Olaya, Riyadh',
    });
    await setupBooksAs(page.request, session);

    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);

    // Company settings → profile: VAT number, national address, CR number.
    await useSession(page, session, '/company-settings?tab=profile');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const profile = page.locator('[data-panel="profile"]');
    await expect(profile.getByRole('heading', { name: s.sections.taxAddress })).toBeVisible();
    await expect(profile.getByLabel(s.field.emirate)).toHaveCount(0);
    const fill = async (label: string, value: string) => profile.getByLabel(label, { exact: true }).fill(value);
    await fill(s.field.vatNumber, '399999999900003');
    await fill(s.field.buildingNumber, '12'); // Not 4 digits: refused by the shared schema before sending.
    await profile.getByRole('button', { name: s.save }).click();
    await expect(profile.getByText(s.messages.buildingNumberInvalid)).toBeVisible();
    await fill(s.field.buildingNumber, '7391');
    await fill(s.field.street, 'King Fahd Road');
    await fill(s.field.district, 'Al Olaya');
    await fill(s.field.city, 'Riyadh');
    await fill(s.field.postalCode, '12214');
    await fill(s.field.additionalNumber, '3267');
    await fill(s.field.commercialRegistration, '1010010000');
    await profile.getByRole('button', { name: s.save }).click();
    await expect(page.getByText(s.saved).first()).toBeVisible();
    const saved = await api('GET', '/api/v1/company/settings');
    expect(saved).toMatchObject({
      vatNumber: '399999999900003',
      commercialRegistration: '1010010000',
      taxAddress: { buildingNumber: '7391', district: 'Al Olaya', postalCode: '12214', additionalNumber: '3267' },
    });
    await page.screenshot({ path: join(outDir, `einvoicing-settings-${language}.png`), fullPage: true });

    // The e-invoicing page: not onboarded; the OTP 000000 is refused by ZATCA (the emulator), another one works.
    await page.goto('/einvoicing');
    await expect(page.getByRole('heading', { level: 1, name: e.title })).toBeVisible();
    await expect(page.getByTestId('einvoicing-stage')).toHaveText(e.stage.not_started);
    const onboard = page.getByTestId('einvoicing-onboard');
    await expect(onboard).toContainText('fatoora.zatca.gov.sa');
    const otp = onboard.getByLabel(e.otp);
    await otp.fill('000000');
    await onboard.getByRole('button', { name: e.onboard }).click();
    // ZATCA's refusal (its own words) under the field; nothing was onboarded.
    await expect(otp).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(page.getByTestId('einvoicing-stage')).not.toHaveText(e.stage.production);
    await otp.fill(String(123456 + i));
    await onboard.getByRole('button', { name: e.onboard }).click();
    await expect(page.getByTestId('einvoicing-stage')).toHaveText(e.stage.production, { timeout: 60_000 });
    await expect(page.getByTestId('einvoicing-csid-expiry')).toBeVisible();
    for (const check of ['simplified-invoice', 'standard-invoice'])
      await expect(page.locator(`[data-check="${check}"] [data-check="passed"]`)).toBeVisible();
    await expect(onboard.getByRole('button', { name: e.renew })).toBeVisible();
    await page.screenshot({ path: join(outDir, `einvoicing-onboarded-${language}.png`), fullPage: true });

    // A simplified invoice (the customer has no VAT number) issued from the invoice page.
    const vehicle = await createVehicleViaApi(page.request, session, {
      make: 'Toyota',
      model: 'Camry',
      dailyRate: 200,
    });
    const customer = await createCustomerViaApi(page.request, session, {
      fullNameEnglish: language === 'ar' ? 'Faisal Al Qahtani' : 'Noura Al Harbi',
      fullNameArabic: 'فيصل القحطاني',
    });
    const start = Date.UTC(2035, 5, 1 + i * 7, 9);
    const rental = await api('POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 86_400_000).toISOString(),
      dailyRate: 200,
      taxRate: 15,
    });
    const draft = await api('POST', '/api/v1/invoices', { rentalId: rental.id });
    await page.goto(`/invoices/${draft.id}`);
    await page.getByRole('button', { name: inv.ui.issue }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: inv.ui.issue }).click();
    await expect(page.getByTestId('invoice-status').first()).toHaveText(inv.status.issued);
    const block = page.getByTestId('einvoice-block');
    await expect(block).toBeVisible();
    await expect(block.getByTestId('einvoice-status')).toHaveText(e.docStatus.pending);
    await expect(block).toContainText(e.profile.simplified);
    const issued = await api('GET', `/api/v1/invoices/${draft.id}`);
    expect(issued.einvoice).toMatchObject({ status: 'pending', profile: 'simplified', icv: 1, released: true });

    // The submission job reports it to ZATCA; the page and the invoice show it reported.
    await einvoicingSubmitJob({
      time: new Date(Date.now() + 60_000).toISOString(),
      onlyTenants: [session.user.tenantId],
    });
    await page.goto('/einvoicing');
    const row = page.locator(`tr[data-edoc="${issued.number}"]`);
    await expect(row.getByTestId('edoc-status')).toHaveText(e.docStatus.reported);
    await expect(row).toContainText(e.kind.invoice);
    // The document's total is the invoice's (decimals, like every amount the API answers).
    expect(issued.total).toBe(460);
    await expect(row).toContainText('460.00');
    await page.screenshot({ path: join(outDir, `einvoicing-page-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(e.ui.statusFilter).selectOption('rejected');
    await expect(page.getByText(e.ui.noMatchesTitle)).toBeVisible();
    await page.getByLabel(e.ui.statusFilter).selectOption('reported');
    await expect(row).toBeVisible();

    await row.getByRole('link', { name: issued.number }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${draft.id}$`));
    await expect(block.getByTestId('einvoice-status')).toHaveText(e.docStatus.reported);
    const reported = await api('GET', `/api/v1/invoices/${draft.id}`);
    await expect(block).toContainText(reported.einvoice.uuid);
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, `einvoicing-invoice-${language}.png`), fullPage: true });

    // The phase-2 QR: nine tags (seller, VAT number, time, total, VAT, hash, signature, key, certificate signature).
    const tags = decodeZatcaTlv(reported.einvoice.qr).map((t) => t.tag);
    expect(tags).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // The PDF, rendered to look at (its QR is the phase-2 one).
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: inv.ui.download }).click();
    const pdf = await pdfDownload;
    const pdfPath = join(outDir, `einvoicing-${issued.number}-${language}.pdf`);
    await pdf.saveAs(pdfPath);
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
      join(outDir, `einvoicing-pdf-${language}`),
    ]);

    // The XML as issued: signed UBL with this document's UUID and ICV.
    const xmlDownload = page.waitForEvent('download');
    await block.getByRole('button', { name: e.ui.downloadXml }).click();
    const xml = await xmlDownload;
    expect(xml.suggestedFilename()).toMatch(/\.xml$/);
    const xmlPath = join(outDir, `einvoicing-${issued.number}-${language}.xml`);
    await xml.saveAs(xmlPath);
    const text = readFileSync(xmlPath, 'utf8');
    expect(text).toContain('<Invoice');
    expect(text).toContain(reported.einvoice.uuid);
    expect(text).toMatch(/<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>1<\/cbc:UUID>/);
    expect(text).toContain('ds:SignatureValue');

    // A credit note is its own e-invoice document (ICV 2, chained), reported by the next run of the job.
    await page.getByRole('button', { name: inv.ui.creditNoteAction }).click();
    await page.getByRole('dialog').getByLabel(inv.ui.reasonLabel).fill('Wrong rental dates');
    await page.getByRole('dialog').getByRole('button', { name: inv.ui.confirmCreditNote }).click();
    const cnBlock = page.getByTestId('einvoice-block-cn');
    await expect(cnBlock.getByTestId('einvoice-status')).toHaveText(e.docStatus.pending);
    await einvoicingSubmitJob({
      time: new Date(Date.now() + 60_000).toISOString(),
      onlyTenants: [session.user.tenantId],
    });
    await page.reload();
    await expect(cnBlock.getByTestId('einvoice-status')).toHaveText(e.docStatus.reported);
    const credited = await api('GET', `/api/v1/invoices/${draft.id}`);
    expect(credited.creditNote.einvoice).toMatchObject({ kind: 'credit_note', icv: 2, status: 'reported' });
    const cnDownload = page.waitForEvent('download');
    await cnBlock.getByRole('button', { name: e.ui.downloadXml }).click();
    const cnPath = join(outDir, `einvoicing-${credited.creditNote.number}-${language}.xml`);
    await (await cnDownload).saveAs(cnPath);
    const cnXml = readFileSync(cnPath, 'utf8');
    expect(cnXml).toContain(credited.creditNote.einvoice.uuid);
    expect(cnXml).toMatch(/<cbc:InvoiceTypeCode name="0200000">381<\/cbc:InvoiceTypeCode>/);
    await cnBlock.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, `einvoicing-credit-note-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const language of ['en', 'ar'] as const) {
  const e = einvoicing[language];

  test(`${language}: a UAE owner reads what applies (PINT AE from 2027) and connects the service provider`, async ({
    page,
  }) => {
    const session = await signUpViaApi(page.request, {
      tenantName: `Gulf Drive ${language} ${Date.now().toString(36).slice(-4)}`,
      region: 'AE',
    });
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, session, '/einvoicing');
    const card = page.getByTestId('einvoicing-network');
    await expect(card.getByRole('heading', { name: e.ui.aeTitle })).toBeVisible();
    await expect(card).toContainText(e.ui.aeBody);
    await expect(card.locator('[data-connection]')).toHaveText(e.ui.notConnected);
    await expect(page.getByTestId('einvoicing-status')).toHaveCount(0);
    // Nothing typed: the shared schema's messages, nothing sent.
    await card.getByRole('button', { name: e.ui.connect, exact: true }).click();
    await expect(card.getByText(e.messages.apiKeyRequired)).toBeVisible();
    const apiKey = `asp-key-${Date.now()}-secret`;
    await card.getByLabel(e.ui.apiKey).fill(apiKey);
    await card.getByLabel(e.ui.legalEntityId).fill('42');
    await card.getByRole('button', { name: e.ui.connect, exact: true }).click();
    await expect(card.locator('[data-connection]')).toHaveText(e.ui.connectedLabel);
    await expect(card.getByRole('button', { name: e.ui.disconnect })).toBeVisible();
    const status = await apiAs(page.request, session, 'GET', '/api/v1/einvoicing/status');
    expect(status.network).toMatchObject({ name: 'uae-asp', connected: true });
    expect(JSON.stringify(status)).not.toContain(apiKey);
    await expect(page.getByText(e.ui.emptyTitle)).toBeVisible();
    await page.screenshot({ path: join(outDir, `einvoicing-uae-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

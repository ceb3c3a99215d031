/**
 * Documents in a real browser (issue 11), in English and Arabic: upload a vehicle registration
 * with a progress bar, analyze it, accept the proposed expiry and see "expiring soon"; download
 * two documents as one ZIP; approve a document from "awaiting my review". Screenshots of the page
 * and the document dialog in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { documents } from '../../shared/i18n/documents';
import { customers } from '../../shared/i18n/customers';
import { maintenance } from '../../shared/i18n/maintenance';
import { createVehicleViaApi, seriousViolations, signUpViaApi, useSession } from './helpers';

const outDir = join(import.meta.dirname, '../.out/screenshots/documents');
mkdirSync(outDir, { recursive: true });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function registrationPdf(expiry: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 420]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  [
    'Vehicle Registration Certificate',
    'Plate No: D 55123',
    `Issue Date: ${day(-345)}`,
    `Expiry Date: ${expiry}`,
  ].forEach((l, i) => page.drawText(l, { x: 36, y: 370 - i * 24, size: 14, font }));
  return Buffer.from(await doc.save());
}

for (const language of ['en', 'ar'] as const) {
  const L = documents[language];
  test(`upload, analyze, accept expiry, ZIP download and approve from "awaiting my review" (${language})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    const vehicle = await createVehicleViaApi(page.request, session);
    await useSession(page, session, '/documents');
    await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
    await expect(page.getByText(L.emptyTitle)).toBeVisible();

    // Upload a registration with progress.
    await page.getByRole('button', { name: L.upload }).first().click();
    const upload = page.getByRole('dialog');
    await upload.getByLabel(new RegExp(L.field.vehicle)).selectOption(vehicle.id);
    await upload.getByLabel(new RegExp(L.field.title)).fill('Mulkiya 2026');
    await upload.getByLabel(L.field.documentType).selectOption('registration');
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'mulkiya.pdf', mimeType: 'application/pdf', buffer: await registrationPdf(day(20)) });
    await upload.getByRole('button', { name: L.upload }).click();
    await expect(page.getByText(L.uploaded)).toBeVisible();

    // The new document opens: analyze, accept the proposed expiry, see "expiring soon".
    const dialog = page.getByTestId('document-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: L.analyze }).click();
    await expect(dialog.getByTestId('analysis-status')).toContainText(L.analysis.analyzed);
    const proposal = dialog.locator('[data-proposal="expiryDate"]');
    await expect(proposal).toContainText(day(20));
    await page.screenshot({ path: join(outDir, `dialog-${language}.png`), fullPage: true });
    await proposal.getByRole('button', { name: L.accept }).click();
    await expect(dialog.locator('[data-validity="expiring_soon"]')).toHaveText(L.validity.expiring_soon);
    await dialog.getByRole('button', { name: L.close }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('table').locator('[data-validity="expiring_soon"]')).toBeVisible();

    // A second document through the API, then download both as one ZIP.
    const url = await (
      await page.request.post('/api/v1/documents/upload-url', {
        data: { scope: 'vehicle', contentType: 'application/pdf', size: (await registrationPdf(day(200))).length },
        headers: auth,
      })
    ).json();
    const file = await registrationPdf(day(200));
    expect((await page.request.put(url.uploadUrl, { data: file, headers: url.headers })).ok()).toBe(true);
    const second = await page.request.post('/api/v1/documents', {
      data: {
        scope: 'vehicle',
        vehicleId: vehicle.id,
        title: 'Insurance policy',
        documentType: 'insurance',
        key: url.key,
        expiryDate: day(200),
      },
      headers: auth,
    });
    expect(second.status()).toBe(201);
    await page.reload();
    await expect(page.getByRole('table').getByText('Insurance policy')).toBeVisible();
    await page.getByRole('checkbox', { name: L.selectAll }).check();
    const bulk = page.waitForResponse((r) => r.url().endsWith('/api/v1/documents/bulk'));
    page.on('popup', (p) => void p.close());
    await page.getByRole('button', { name: L.bulk.download }).click();
    const zip = await (await bulk).json();
    expect(zip.count).toBe(2);
    const bytes = await (await page.request.get(zip.downloadUrl)).body();
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Submit the second for review; approve it from "awaiting my review".
    const secondId = (await second.json()).id as string;
    expect(
      (await page.request.post(`/api/v1/documents/${secondId}/submit`, { data: {}, headers: auth })).status(),
    ).toBe(200);
    await page.goto('/documents');
    await page.getByLabel(L.awaitingMyReview).check();
    await expect(page.getByRole('table').getByText('Mulkiya 2026')).toHaveCount(0);
    await page.getByRole('table').getByRole('button', { name: 'Insurance policy' }).click();
    await dialog.getByRole('button', { name: L.approve }).click();
    await expect(page.getByText(L.approved)).toBeVisible();
    await expect(dialog.locator('[data-status="approved"]')).toBeVisible();
    await dialog.getByRole('button', { name: L.close }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(L.noMatchesTitle)).toBeVisible();
    await page.getByLabel(L.awaitingMyReview).uncheck();
    await expect(page.getByRole('table').locator('[data-status="approved"]')).toHaveCount(1);
    await page.screenshot({ path: join(outDir, `page-${language}.png`), fullPage: true });
  });
}

for (const language of ['en', 'ar'] as const) {
  const L = documents[language];
  test(`bulk "schedule maintenance": one record per vehicle document, a refused one named with the failure message (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    const [kept, archived] = [
      await createVehicleViaApi(page.request, session),
      await createVehicleViaApi(page.request, session),
    ];
    const add = async (vehicleId: string, title: string, documentType: string) => {
      const file = await registrationPdf(day(10));
      const url = await (
        await page.request.post('/api/v1/documents/upload-url', {
          data: { scope: 'vehicle', contentType: 'application/pdf', size: file.length },
          headers: auth,
        })
      ).json();
      expect((await page.request.put(url.uploadUrl, { data: file, headers: url.headers })).ok()).toBe(true);
      const res = await page.request.post('/api/v1/documents', {
        data: { scope: 'vehicle', vehicleId, title, documentType, key: url.key, expiryDate: day(10) },
        headers: auth,
      });
      expect(res.status()).toBe(201);
    };
    await add(kept.id, 'Annual inspection', 'inspection');
    await add(archived.id, 'Old mulkiya', 'registration');
    expect(
      (await page.request.post(`/api/v1/vehicles/${archived.id}/archive`, { data: {}, headers: auth })).status(),
    ).toBe(200);

    await useSession(page, session, '/documents');
    await expect(page.getByRole('table').getByText('Annual inspection')).toBeVisible();
    await expect(page.getByText(/maintenance area|قسم الصيانة/)).toHaveCount(0);
    await page.getByRole('checkbox', { name: L.selectAll }).check();
    const bulk = page.waitForResponse((r) => r.url().endsWith('/api/v1/maintenance/from-documents'));
    await page.getByRole('button', { name: L.bulk.schedule_maintenance }).click();
    expect(await (await bulk).json()).toMatchObject({ succeeded: 1, failed: 1 });
    await expect(page.getByText(L.messages.scheduleFailed, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Old mulkiya: ${maintenance[language].messages.vehicleArchived}`, { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: join(outDir, `schedule-maintenance-${language}.png`), fullPage: true });

    const records = await (
      await page.request.get(`/api/v1/maintenance?vehicleId=${kept.id}`, { headers: auth })
    ).json();
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ type: 'inspection', status: 'scheduled' });
  });
}

for (const language of ['en', 'ar'] as const) {
  const L = documents[language];
  test(`the demo company's documents: every validity, versions, reviews and reminders; no serious axe violations (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    // The shared demo company (demo / demo1234), signed in through the API; only read here.
    const login = await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'demo1234' } });
    expect(login.status()).toBe(200);
    const body = await login.json();
    await useSession(
      page,
      {
        accessToken: body.tokens.accessToken,
        refreshToken: body.tokens.refreshToken,
        expiresIn: body.tokens.expiresIn ?? 3600,
        user: body.user,
        username: 'demo',
        password: 'demo1234',
        tenantName: '',
      },
      '/documents?scope=company',
    );
    const table = page.getByRole('table');
    await expect(table.getByText('Trade licence')).toBeVisible();
    for (const v of ['valid', 'expiring_soon', 'expired', 'no_expiry'] as const)
      await expect(table.locator(`[data-validity="${v}"]`).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(outDir, `demo-company-${language}.png`), fullPage: true });
    await table.getByRole('button', { name: 'Trade licence' }).click();
    const dialog = page.getByTestId('document-dialog');
    await expect(dialog.locator('[data-version]')).toHaveCount(3);
    await dialog.getByRole('button', { name: L.close }).click();
    await page.getByRole('tab', { name: L.tabs.vehicle }).click();
    await expect(table.locator('[data-status="under_review"]').first()).toBeVisible();
    await page.screenshot({ path: join(outDir, `demo-vehicle-${language}.png`), fullPage: true });
  });
}

for (const language of ['en', 'ar'] as const) {
  const C = customers[language];
  test(`the customer form reads a photo of a passport by OCR, the same path as document analysis (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    await useSession(page, session, '/customers');
    await page.getByRole('button', { name: C.addCustomer }).first().click();
    const dialog = page.getByRole('dialog', { name: C.addCustomer });
    await dialog
      .getByTestId('scan-id-input')
      .setInputFiles(join(import.meta.dirname, '../fixtures/sample-passport-photo.png'));
    await expect(dialog.getByTestId('scan-result')).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByLabel(new RegExp(C.field.fullNameEnglish.replace(/[()]/g, '\\$&')))).toHaveValue(
      'Anna Maria Eriksson',
    );
    await expect(dialog.getByLabel(C.field.nationalIdOrPassport)).toHaveValue('L898902C3');
  });
}

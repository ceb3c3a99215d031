/**
 * The booking wizard (issue 27), in English and Arabic: the customer search filters as you type
 * (no button; the customer wanted is older than the first page of the directory), and the wizard
 * warns at the step where the customer or the vehicle is chosen about the documents that lapse —
 * the customer's licence before the return (flagged), the vehicle's registration by the start
 * (refused) — naming each document and its expiry date. A UAE company seeded through the API.
 * Screenshots in test/.out/wizard-documents-e2e/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { rentals as rentalsCatalog } from '../../shared/i18n/rentals';
import { SAMPLE_PDF } from '../integration/entity-factories';
import {
  apiAs,
  createCustomerViaApi,
  createVehicleViaApi,
  seriousViolations,
  signUpViaApi,
  useSession,
  type E2eSession,
} from './helpers';

const outDir = resolve(import.meta.dirname, '../.out/wizard-documents-e2e');
mkdirSync(outDir, { recursive: true });
const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k]));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** DD/MM/YYYY (the AE date format) of a calendar date. */
const ae = (date: string) => date.split('-').reverse().join('/');

async function document(request: APIRequestContext, session: E2eSession, body: Record<string, unknown>) {
  const url = await apiAs(request, session, 'POST', '/api/v1/documents/upload-url', {
    scope: body.scope,
    contentType: 'application/pdf',
    size: SAMPLE_PDF.length,
  });
  expect((await request.put(url.uploadUrl, { data: SAMPLE_PDF, headers: url.headers })).ok()).toBe(true);
  return apiAs(request, session, 'POST', '/api/v1/documents', { ...body, key: url.key });
}

for (const language of ['en', 'ar'] as const) {
  const L = rentalsCatalog[language];
  test(`${language}: customer search filters as you type; the wizard warns about the licence and the registration with their dates`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const session = await signUpViaApi(page.request, {
      tenantName: `Papers Wheels ${language} ${Date.now().toString(36).slice(-4)}`,
    });
    const settings = await apiAs(page.request, session, 'GET', '/api/v1/company/settings');
    await apiAs(page.request, session, 'PUT', '/api/v1/company/settings', {
      version: settings.version,
      preferences: { region: 'AE' },
      timezone: 'Asia/Dubai',
    });
    // The customer wanted first, then a page's worth of newer ones: only the search finds her.
    const zainab = await createCustomerViaApi(page.request, session, {
      fullNameEnglish: 'Zainab Al Mansoori',
      dateOfBirth: '1987-03-12',
    });
    for (let i = 0; i < 11; i++)
      await createCustomerViaApi(page.request, session, {
        fullNameEnglish: `Walk-in Customer ${i + 1}`,
        dateOfBirth: '1990-01-01',
      });
    const vehicle = await createVehicleViaApi(page.request, session, {
      make: 'Kia',
      model: 'Sportage',
      year: 2023,
      dailyRate: 180,
    });
    await document(page.request, session, {
      scope: 'customer',
      customerId: zainab.id,
      documentType: 'license',
      title: 'UAE driving licence',
      expiryDate: day(1),
    });
    await document(page.request, session, {
      scope: 'vehicle',
      vehicleId: vehicle.id,
      documentType: 'registration',
      title: 'Mulkiya',
      expiryDate: day(-3),
    });

    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, session, '/rentals');
    await page.getByRole('button', { name: L.newRental }).first().click();
    const wizard = page.getByRole('dialog', { name: L.wizard.title });
    const customers = wizard.getByRole('radiogroup', { name: L.wizard.stepCustomer });
    await expect(customers.getByRole('radio')).toHaveCount(10);
    await expect(customers.getByRole('radio', { name: /Zainab/ })).toHaveCount(0);
    // Typing filters (debounced), nothing else pressed.
    await wizard.getByLabel(L.wizard.customerSearch).pressSequentially('zain', { delay: 40 });
    await expect(customers.getByRole('radio')).toHaveCount(1);
    await customers.getByRole('radio', { name: /Zainab Al Mansoori/ }).check();

    const warning = wizard.getByTestId('wizard-document-warning');
    await expect(warning).toContainText(
      fill(L.wizard.docDuring, { type: L.wizard.docType.license, title: 'UAE driving licence', date: ae(day(1)) }),
    );
    await expect(warning.locator('[data-lapses="before_start"]')).toHaveCount(0);
    await page.screenshot({ path: join(outDir, `wizard-customer-${language}.png`), fullPage: true });

    await wizard.getByRole('button', { name: L.wizard.next }).click();
    await wizard.getByRole('radio', { name: /Kia Sportage/ }).check();
    await expect(warning).toContainText(
      fill(L.wizard.docLapsed, { type: L.wizard.docType.registration, title: 'Mulkiya', date: ae(day(-3)) }),
    );
    await expect(warning).toHaveAttribute('role', 'alert');
    await expect(warning.locator('li')).toHaveCount(2);
    await page.screenshot({ path: join(outDir, `wizard-vehicle-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/**
 * The vehicle and customer pages show their documents through the documents module (issue 11),
 * in English and Arabic: a document uploaded on a vehicle's page is on /documents, one uploaded
 * on /documents for that vehicle is on its page; "Use template" on a company template creates a
 * draft for a customer, shown on the customer's page. Screenshots in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { documents } from '../../shared/i18n/documents';
import { SAMPLE_PDF } from '../integration/entity-factories';
import {
  apiAs,
  createCustomerViaApi,
  createVehicleViaApi,
  seriousViolations,
  signUpViaApi,
  useSession,
} from './helpers';

const outDir = join(import.meta.dirname, '../.out/screenshots/owner-documents');
mkdirSync(outDir, { recursive: true });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: SAMPLE_PDF });

for (const language of ['en', 'ar'] as const) {
  const L = documents[language];

  test(`a vehicle's page and /documents show the same documents, both ways (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    const vehicle = await createVehicleViaApi(page.request, session);
    await useSession(page, session, `/vehicles/${vehicle.id}`);
    const section = page.getByTestId('owner-documents');
    await expect(section.getByRole('heading', { name: L.section })).toBeVisible();
    await expect(section.getByText(L.empty)).toBeVisible();

    // Upload on the vehicle's page: the vehicle is fixed, not chosen.
    await section.getByRole('button', { name: L.upload }).click();
    const upload = page.getByRole('dialog');
    await expect(upload.getByLabel(new RegExp(L.field.vehicle))).toHaveCount(0);
    await upload.getByLabel(new RegExp(L.field.title)).fill('Mulkiya from the car page');
    await upload.getByLabel(L.field.documentType).selectOption('registration');
    await upload.getByLabel(L.field.expiryDate).fill(day(15));
    await upload.locator('input[type=file]').setInputFiles(pdf('mulkiya.pdf'));
    await upload.getByRole('button', { name: L.upload }).click();
    await expect(page.getByText(L.uploaded)).toBeVisible();
    const dialog = page.getByTestId('document-dialog');
    await dialog.getByRole('button', { name: L.close }).click();
    await expect(dialog).toHaveCount(0);
    const row = section.locator('li', { hasText: 'Mulkiya from the car page' });
    await expect(row.locator('[data-validity="expiring_soon"]')).toHaveText(L.validity.expiring_soon);

    // …and it is on /documents (vehicle tab).
    await section.getByRole('link', { name: L.openAll }).click();
    await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
    await expect(page.getByRole('table').getByRole('button', { name: 'Mulkiya from the car page' })).toBeVisible();

    // Vice versa: uploaded on /documents for this vehicle, shown on its page.
    await page.getByRole('button', { name: L.upload }).first().click();
    await upload.getByLabel(new RegExp(L.field.vehicle)).selectOption(vehicle.id);
    await upload.getByLabel(new RegExp(L.field.title)).fill('Insurance from documents');
    await upload.getByLabel(L.field.documentType).selectOption('insurance');
    await upload.locator('input[type=file]').setInputFiles(pdf('policy.pdf'));
    await upload.getByRole('button', { name: L.upload }).click();
    await expect(page.getByText(L.uploaded)).toBeVisible();
    await dialog.getByRole('button', { name: L.close }).click();
    await page.goto(`/vehicles/${vehicle.id}`);
    await expect(section.locator('li')).toHaveCount(2);
    await expect(section.getByRole('button', { name: 'Insurance from documents', exact: true })).toBeVisible();
    await page.screenshot({ path: join(outDir, `vehicle-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Delete one from the vehicle's page, with confirmation.
    await section.getByRole('button', { name: `${L.deleteOne} Insurance from documents` }).click();
    await page.getByRole('dialog').getByRole('button', { name: L.deleteOne }).click();
    await expect(page.getByText(L.deleted)).toBeVisible();
    await expect(section.locator('li')).toHaveCount(1);
    const left = await apiAs(page.request, session, 'GET', `/api/v1/documents?scope=vehicle&vehicleId=${vehicle.id}`);
    expect(left.items.map((d: { title: string }) => d.title)).toEqual(['Mulkiya from the car page']);
  });

  test(`"Use template" creates a customer's draft from a company template (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    const customer = await createCustomerViaApi(page.request, session, { fullNameEnglish: 'Sara Template' });
    const url = await apiAs(page.request, session, 'POST', '/api/v1/documents/upload-url', {
      scope: 'company',
      contentType: 'application/pdf',
      size: SAMPLE_PDF.length,
    });
    expect((await page.request.put(url.uploadUrl, { data: SAMPLE_PDF, headers: url.headers })).ok()).toBe(true);
    await apiAs(page.request, session, 'POST', '/api/v1/documents', {
      scope: 'company',
      title: 'Rental agreement template',
      documentType: 'rental_agreement',
      key: url.key,
      isTemplate: true,
      tags: ['template'],
    });

    await useSession(page, session, '/documents?scope=company');
    const table = page.getByRole('table');
    await expect(table.getByTestId('template-badge')).toHaveText(L.template);
    await table.getByRole('button', { name: 'Rental agreement template' }).click();
    const dialog = page.getByTestId('document-dialog');
    await dialog.getByRole('button', { name: L.useTemplate }).click();
    const form = dialog.getByTestId('use-template-form');
    await expect(form.getByLabel(new RegExp(L.field.title))).toHaveValue('Rental agreement template');
    // The customer is required: refused in the form, nothing sent.
    await form.getByRole('button', { name: L.useTemplate }).click();
    await expect(form.getByText(L.messages.customerIdRequired)).toBeVisible();
    await form.getByLabel(new RegExp(L.field.customer)).selectOption(customer.id);
    await form.getByLabel(new RegExp(L.field.title)).fill('Agreement for Sara');
    await page.screenshot({ path: join(outDir, `use-template-${language}.png`), fullPage: true });
    await form.getByRole('button', { name: L.useTemplate }).click();
    await expect(page.getByText(L.createdFromTemplate)).toBeVisible();
    // The new draft opens on the customer tab.
    await expect(page.getByRole('heading', { level: 2, name: 'Agreement for Sara' })).toBeVisible();
    await expect(dialog.locator('[data-status="draft"]')).toBeVisible();
    await dialog.getByRole('button', { name: L.close }).click();
    await expect(page.getByRole('tab', { name: L.tabs.customer })).toHaveAttribute('aria-selected', 'true');

    await page.goto(`/customers/${customer.id}`);
    const section = page.getByTestId('owner-documents');
    await expect(section.getByRole('button', { name: 'Agreement for Sara', exact: true })).toBeVisible();
    await expect(section.locator('li').first()).toContainText(L.type.rental_agreement);
    await page.screenshot({ path: join(outDir, `customer-${language}.png`), fullPage: true });
  });
}

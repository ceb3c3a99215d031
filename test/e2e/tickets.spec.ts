/**
 * Traffic tickets, Salik and alerts in a real browser (issue 13 "Done when"), in English and in
 * Arabic: import a Salik statement (test/fixtures/salik-statement.csv, whose headers need the
 * mapping step) through mapping and preview, resolve the passage that matched no rental (the dialog
 * offers only rentals whose window covers it), see the passages on the rental and recharge them; add a ticket, change
 * its amount with a reason and
 * see the history; mark alerts read and resolve one. A UAE company (Dubai time, VAT on) per
 * language, seeded through the API. Screenshots of every page go to test/.out/tickets-e2e/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tickets as ticketsCatalog } from '../../shared/i18n/tickets';
import { alerts as alertsCatalog } from '../../shared/i18n/alerts';
import { common } from '../../shared/i18n/common';
import { messageText, type Dict, type Language } from '../../shared/i18n';
import { apiAs, setupBooksAs, signUpViaApi, useSession, type E2eSession } from './helpers';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/salik-statement.csv');
const outDir = resolve(import.meta.dirname, '../.out/tickets-e2e');
mkdirSync(outDir, { recursive: true });
/** A catalog message filled in; a count message (plural) in the form of its count in `language`. */
const fill = (s: string | Dict, p: Record<string, string | number>, language: Language = 'en') =>
  messageText(language, s, p);

test.describe.configure({ mode: 'serial' });

const api = apiAs;

async function open(page: Page, session: E2eSession, language: 'en' | 'ar', path: string) {
  await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
  await useSession(page, session, path);
}

/** axe on the page as it stands: no serious or critical violation. */
async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[id^="headlessui-focus-sentinel"]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  const L = ticketsCatalog[language];
  const A = alertsCatalog[language];
  let session: E2eSession;
  let rental: { id: string; referenceNumber: string; vehicleId: string; customerId: string };

  test.describe(language, () => {
    test.beforeAll(async ({ request }) => {
      session = await signUpViaApi(request, {
        tenantName: `Salik Wheels ${language} ${Date.now().toString(36).slice(-4)}`,
      });
      const settings = await api(request, session, 'GET', '/api/v1/company/settings');
      await api(request, session, 'PUT', '/api/v1/company/settings', {
        version: settings.version,
        preferences: { region: 'AE' },
        timezone: 'Asia/Dubai',
        enableVat: true,
      });
      const pricing = await api(request, session, 'GET', '/api/v1/pricing-settings');
      await api(request, session, 'PUT', '/api/v1/pricing-settings', {
        version: pricing.version,
        fineAdminFee: 25,
        tollAdminFeePerCrossing: 1,
      });
      await setupBooksAs(request, session);
      const vehicle = await api(request, session, 'POST', '/api/v1/vehicles', {
        make: 'Nissan',
        model: 'Patrol',
        year: 2024,
        licensePlate: 'DXB T 48213',
        vin: `E2ESALIK${language.toUpperCase()}${Date.now().toString().slice(-7)}`,
        odometerKm: 5000,
        dailyRate: 300,
        category: 'suv',
      });
      const customer = await api(request, session, 'POST', '/api/v1/customers', {
        fullNameEnglish: 'Omar Haddad',
        dateOfBirth: '1984-04-02',
      });
      rental = await api(request, session, 'POST', '/api/v1/rentals', {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: '2034-05-09T06:00:00.000Z',
        endDate: '2034-05-12T06:00:00.000Z',
        dailyRate: 300,
        taxRate: 5,
      });
    });

    test(`${language}: import a Salik statement through mapping and preview, resolve the unmatched passage, recharge on the rental`, async ({
      page,
    }) => {
      await open(page, session, language, '/salik-charges');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByText(L.salik.emptyTitle)).toBeVisible();
      await page.getByRole('button', { name: L.importStatement }).click();
      const dialog = page.getByRole('dialog', { name: L.importTitle });
      await dialog.getByLabel(L.importFile).setInputFiles(FIXTURE);
      await dialog.getByRole('button', { name: L.preview }).click();
      // The file's headers are not the usual ones: the server names the fields to map.
      await expect(dialog.getByText(L.messages.mappingMissing).first()).toBeVisible();
      await dialog.getByLabel(L.importFields.transactionId, { exact: true }).selectOption('Txn No');
      await dialog.getByLabel(L.importFields.date, { exact: true }).selectOption('Crossing Date');
      await dialog.getByLabel(L.importFields.time, { exact: true }).selectOption('Crossing Time');
      await dialog.getByLabel(L.importFields.gate, { exact: true }).selectOption('Gate Name');
      await dialog.getByLabel(L.importFields.direction, { exact: true }).selectOption('Dir');
      await dialog.getByLabel(L.importFields.amount, { exact: true }).selectOption('Fee (AED)');
      await expect(dialog.getByLabel(L.importFields.plate, { exact: true })).toHaveValue('Vehicle Plate');
      await dialog.getByRole('button', { name: L.preview }).click();
      await expect(dialog.getByTestId('import-summary')).toHaveText(
        fill(L.importSummary, { create: 4, matched: 3, unmatched: 1, duplicate: 0, error: 0 }),
      );
      await expect(dialog.locator('[data-import-row="2"]')).toContainText(rental.referenceNumber);
      await expect(dialog.locator('[data-import-row="5"] [data-match="no_rental"]')).toBeVisible();
      await page.screenshot({ path: join(outDir, `salik-import-preview-${language}.png`), fullPage: true });
      await dialog.getByRole('button', { name: fill(L.importCommit, { count: 4 }, language) }).click();
      await expect(page.getByText(fill(L.imported, { count: 4 }, language))).toBeVisible();
      await expect(page.locator('[data-salik-id]')).toHaveCount(4);

      // The passage a day after the booked return matched no rental. The resolve dialog offers only
      // rentals whose window covers it (issue 27): not the earlier booking, but a booking entered
      // after the statement for that day.
      const lone = page.locator('[data-salik-id][data-gate="Jebel Ali"]');
      await expect(lone.locator('[data-match="no_rental"]')).toBeVisible();
      await page.screenshot({ path: join(outDir, `salik-list-${language}.png`), fullPage: true });
      await noSeriousViolations(page);
      const late = await api(page.request, session, 'POST', '/api/v1/rentals', {
        vehicleId: rental.vehicleId,
        customerId: rental.customerId,
        startDate: '2034-05-12T20:00:00.000Z',
        endDate: '2034-05-14T06:00:00.000Z',
        dailyRate: 300,
        taxRate: 5,
      });
      await lone.getByRole('button', { name: L.resolve }).click();
      const resolveDialog = page.getByRole('dialog', { name: L.resolveTitle });
      await expect(resolveDialog.getByRole('radio', { name: new RegExp(late.referenceNumber) })).toBeVisible();
      await expect(resolveDialog.getByRole('radio', { name: new RegExp(rental.referenceNumber) })).toHaveCount(0);
      await page.screenshot({ path: join(outDir, `salik-resolve-${language}.png`), fullPage: true });
      await resolveDialog.getByRole('radio', { name: new RegExp(late.referenceNumber) }).check();
      await resolveDialog.getByRole('button', { name: L.resolve }).click();
      await expect(page.getByText(L.resolved, { exact: true })).toBeVisible();
      await expect(lone.locator('[data-match="matched"]')).toBeVisible();
      await expect(lone).toContainText(late.referenceNumber);

      // The rental shows its passages and recharges them.
      await page.goto(`/rentals/${rental.id}`);
      const section = page.getByTestId('rental-tolls');
      await expect(section.locator('[data-salik-id]')).toHaveCount(3);
      await section.getByRole('button', { name: L.rechargeTolls }).click();
      await page
        .getByRole('dialog', { name: L.rechargeTollsTitle })
        .getByRole('button', { name: L.rechargeTolls })
        .click();
      await expect(page.getByText(fill(L.tollsRecharged, { count: 3 }, language))).toBeVisible();
      await expect(section.locator('[data-status="recharged"]')).toHaveCount(3);
      await expect(section.getByRole('button', { name: L.rechargeTolls })).toHaveCount(0);
      await page.screenshot({ path: join(outDir, `rental-tolls-${language}.png`), fullPage: true });
    });

    test(`${language}: add a ticket, change its amount with a reason, see the history`, async ({ page }) => {
      await open(page, session, language, '/traffic-tickets');
      await page.getByRole('button', { name: L.addTicket }).click();
      const add = page.getByRole('dialog', { name: L.addTicket });
      await add.getByLabel(new RegExp(L.field.ticketNumber)).fill(`RTA-${language}-7781`);
      await add.getByLabel(new RegExp(L.field.violationDate)).fill('2034-05-10T14:20');
      await add.getByLabel(new RegExp(L.field.plate)).fill('DXB T 48213');
      await add.getByLabel(new RegExp(L.field.amount)).fill('600');
      await add.getByLabel(L.field.violationType, { exact: true }).fill('Speeding');
      await add.getByRole('button', { name: L.save }).click();
      await expect(page.getByText(L.created, { exact: true })).toBeVisible();
      const row = page.locator(`[data-ticket-number="RTA-${language}-7781"]`);
      await expect(row.locator('[data-match="matched"]')).toBeVisible();
      await expect(row).toContainText(rental.referenceNumber);

      await row.getByRole('button', { name: L.details }).click();
      const details = page.getByRole('dialog', { name: new RegExp(`RTA-${language}-7781`) });
      await details.getByLabel(L.field.amount, { exact: true }).fill('500');
      await details.getByRole('button', { name: L.save }).click();
      await expect(details.getByText(L.messages.reasonRequired)).toBeVisible();
      await details.getByLabel(L.field.reason, { exact: true }).fill('Dubai Police reduced the fine on appeal');
      await details.getByRole('button', { name: L.save }).click();
      await expect(page.getByText(L.saved, { exact: true })).toBeVisible();
      const history = details.getByTestId('ticket-history');
      await expect(history.locator('[data-field="amount"]')).toContainText('Dubai Police reduced the fine on appeal');
      await expect(history.locator('[data-field="amount"]')).toContainText(
        fill(L.historyRow, { field: L.historyFields.amount, from: '600', to: '500' }),
      );
      await expect(history.locator('[data-field="created"]')).toBeVisible();
      await page.screenshot({ path: join(outDir, `ticket-history-${language}.png`), fullPage: true });
      await details.getByRole('button', { name: common[language].close, exact: true }).click();

      // A fine on a plate not in the fleet waits in the unmatched queue (and raises an alert).
      await api(page.request, session, 'POST', '/api/v1/traffic-tickets', {
        ticketNumber: `DXBP-${language}-5520`,
        violationDate: '2034-05-20T09:00:00.000Z',
        plate: 'SHJ 3 77410',
        amount: 400,
      });
      await page.reload();
      await page.getByLabel(L.filterMatch, { exact: true }).selectOption('unmatched');
      await expect(page.locator(`[data-ticket-number="DXBP-${language}-5520"]`)).toBeVisible();
      await page.screenshot({ path: join(outDir, `tickets-${language}.png`), fullPage: true });
      await noSeriousViolations(page);
    });

    test(`${language}: alerts: generate, mark read, resolve`, async ({ page }) => {
      await open(page, session, language, '/alerts');
      await page.getByRole('button', { name: A.generate }).click();
      const unmatched = page.locator('[data-alert-type="ticket_unmatched"]');
      await expect(unmatched).toHaveCount(1);
      await expect(unmatched).toContainText(
        fill(A.types.ticket_unmatched, { label: `DXBP-${language}-5520 · SHJ 3 77410` }),
      );
      await expect(page.getByTestId('alerts-bell')).toHaveAccessibleName(fill(A.unreadBadge, { count: 1 }, language));
      await page.screenshot({ path: join(outDir, `alerts-${language}.png`), fullPage: true });
      await noSeriousViolations(page);
      await unmatched.getByRole('button', { name: A.markRead }).click();
      await expect(page.getByText(A.markedRead, { exact: true })).toBeVisible();
      await expect(unmatched).toHaveCount(0);
      await page.getByRole('tab', { name: A.filter.read, exact: true }).click();
      await expect(unmatched).toHaveAttribute('data-status', 'read');
      await unmatched.getByRole('button', { name: A.resolve }).click();
      const dialog = page.getByRole('dialog', { name: A.resolveTitle });
      await dialog.getByLabel(A.resolveNote).fill('Plate misread; checked with Sharjah Police');
      await dialog.getByRole('button', { name: A.resolve }).click();
      await expect(page.getByText(A.resolved, { exact: true })).toBeVisible();
      await page.getByRole('tab', { name: A.filter.resolved, exact: true }).click();
      await expect(unmatched).toContainText('Plate misread; checked with Sharjah Police');
      await expect(page.getByTestId('alerts-bell')).toHaveAccessibleName(fill(A.unreadBadge, { count: 0 }, language));
    });
  });
}

test('the demo company shows its seeded fines, tolls (matched, to resolve, recharged) and alerts', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Try Live Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/salik-charges');
  await expect(page.locator('[data-salik-id] [data-match="matched"]').first()).toBeVisible();
  await page.locator('#salik-match').selectOption('no_rental');
  await expect(page.locator('[data-salik-id] [data-match="no_rental"]').first()).toBeVisible();
  await page.locator('#salik-match').selectOption('all');
  await page.screenshot({ path: join(outDir, 'demo-salik-en.png'), fullPage: true });
  await page.goto('/traffic-tickets');
  await expect(page.locator('[data-ticket-id] [data-status="recharged"]').first()).toBeVisible();
  await expect(page.locator('[data-ticket-id] [data-match="unmatched"]').first()).toBeVisible();
  await page.screenshot({ path: join(outDir, 'demo-tickets-en.png'), fullPage: true });
  await page.goto('/alerts');
  await expect(page.locator('[data-alert-type="toll_no_rental"]').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Resolved', exact: true }).click();
  await expect(page.locator('[data-alert-type="toll_unmatched"][data-status="resolved"]')).toHaveCount(1);
  await page.getByRole('tab', { name: 'All', exact: true }).click();
  await page.screenshot({ path: join(outDir, 'demo-alerts-en.png'), fullPage: true });
});

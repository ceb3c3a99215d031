/**
 * Issue 26 in a real browser, English and Arabic: the dashboard's "Unpaid invoices" card equals
 * the sum of the list it opens (the open invoices), and receivables on no invoice yet are shown
 * apart, labelled. A company seeded through the API: three rentals, two invoices (one partly
 * paid), one rental not invoiced. Screenshots of the dashboard and the list in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, createCustomerViaApi, createVehicleViaApi, signUpViaApi, useSession, type E2eSession } from './helpers';

const outDir = join(process.cwd(), 'test/.out/dashboard-agree-e2e');
mkdirSync(outDir, { recursive: true });
const DAY = 86_400_000;

/** A money text as shown ("USD 1,234.50", Arabic-Indic digits too) → minor units. */
function cents(text: string): number {
  const latin = text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[٬,]/g, '');
  const m = /-?\d+(\.\d+)?/.exec(latin);
  if (!m) throw new Error(`no amount in ${text}`);
  return Math.round(Number(m[0]) * 100);
}

async function seedCompany(page: Page): Promise<E2eSession> {
  const session = await signUpViaApi(page.request);
  const customerId = (await createCustomerViaApi(page.request, session)).id as string;
  const rentals: string[] = [];
  for (const [i, rate] of [
    [0, 120],
    [1, 95],
    [2, 210],
  ] as const) {
    const vehicle = await createVehicleViaApi(page.request, session);
    // On hire since a minute ago (issue 26: a booking is no receivable and takes no tax invoice before pickup).
    const start = Date.now() - 60_000 - i * 1000;
    const r = await apiAs(page.request, session, 'POST', '/api/v1/rentals', {
      customerId,
      vehicleId: vehicle.id as string,
      dailyRate: rate,
      taxRate: 0,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * DAY).toISOString(),
    });
    await apiAs(page.request, session, 'POST', `/api/v1/rentals/${r.id}/pickup`, {
      odometerStart: 10_000,
      fuelLevelStart: 'full',
    });
    rentals.push(r.id);
  }
  // Two invoices: the first partly paid (50), the second unpaid; the third rental on no invoice.
  for (const [rentalId, paid] of [
    [rentals[0], 50],
    [rentals[1], 0],
  ] as const) {
    const draft = await apiAs(page.request, session, 'POST', '/api/v1/invoices', { rentalId });
    const issued = await apiAs(page.request, session, 'POST', `/api/v1/invoices/${draft.id}/issue`, {});
    if (paid)
      await apiAs(page.request, session, 'POST', `/api/v1/invoices/${issued.id}/payments`, {
        amount: paid,
        method: 'cash',
      });
  }
  return session;
}

const WORDS = {
  en: { card: 'Unpaid invoices', uninvoiced: 'Not yet invoiced' },
  ar: { card: 'الفواتير غير المدفوعة', uninvoiced: 'مستحقات لم تُفوتر بعد' },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`${language}: the unpaid-invoices card equals the sum of the open invoices list it opens`, async ({ page }) => {
    const session = await seedCompany(page);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, session, '/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const card = page.locator('[data-card="unpaidInvoices"]');
    await expect(card).toContainText(WORDS[language].card);
    const shown = cents(await card.locator('p[data-value]').first().innerText());
    // 3 × 120 − 50 + 3 × 95 on the open invoices; 3 × 210 on no invoice yet.
    expect(shown).toBe(59_500);
    await expect(card.getByTestId('uninvoiced')).toContainText(WORDS[language].uninvoiced);
    expect(cents(await card.getByTestId('uninvoiced').innerText())).toBe(63_000);
    await page.screenshot({ path: join(outDir, `dashboard-${language}.png`), fullPage: true });

    await card.click();
    await expect(page).toHaveURL(/\/invoices\?status=open$/);
    const rows = page.locator('tr[data-invoice]');
    await expect(rows).toHaveCount(2);
    let sum = 0;
    for (const row of await rows.all()) sum += cents(await row.locator('td').last().innerText());
    expect(sum).toBe(shown);
    await page.screenshot({ path: join(outDir, `open-invoices-${language}.png`), fullPage: true });
  });
}

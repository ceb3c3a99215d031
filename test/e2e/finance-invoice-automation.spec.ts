/**
 * Finance in a real browser (issue 10), in English and Arabic: /dashboard/invoice-automation —
 * a long (open-ended, billed daily) rental picked up three days ago; "Run now" issues the invoice
 * of each ended day (issue 26: nothing was charged at booking, each day's rent is charged by its
 * invoice), the run shows with its invoices (linked), and a second Run now creates nothing and
 * says so. The company's billingTiming on the settings screen (Rentals tab). Screenshots of the
 * page and the setting in both languages (looked at). The finance page itself is in
 * finance.spec.ts.
 *
 * A company of its own (signed up below, books set up as finance.spec.ts does): the run counts
 * the invoices of its one rental, and the billing timing test reads the company's default first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.FINANCE_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'fin-e2e-'));

const { session, api, open } = specCompany('Desert Drive Rentals', { books: true });

const WORDS = {
  en: {
    title: 'Invoice Automation',
    runNow: 'Run now',
    done: 'Run finished: 3 invoices created',
    doneNone: 'Run finished: 0 invoices created',
    daily: 'Daily',
    nothing: 'Nothing was due',
  },
  ar: {
    title: 'أتمتة الفواتير',
    runNow: 'تشغيل الآن',
    done: 'انتهى التشغيل: أُنشئت 3 فواتير',
    doneNone: 'انتهى التشغيل: لم تُنشأ أي فاتورة',
    daily: 'يومية',
    nothing: 'لم يكن هناك شيء مستحق',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test(`${language}: Run now invoices a long rental's ended days and shows the run with its invoices`, async ({
    page,
  }) => {
    const vehicle = await createVehicleViaApi(page.request, session(), {
      make: 'Toyota',
      model: 'Land Cruiser',
      dailyRate: 400,
    });
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Omar Al Hashimi' : 'James Carter',
      fullNameArabic: 'عمر الهاشمي',
    });
    // Booked (one expected day: it plans the schedule, charges nothing) and picked up three days and
    // an hour ago: three daily periods have ended, each invoiced with its day's rent (issue 26).
    const start = new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString();
    const rental = await api(page.request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: start,
      openEnded: true,
      expectedDuration: 1,
      dailyRate: 400,
      taxRate: 5,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/pickup`, {
      odometerStart: 5000,
      fuelLevelStart: 'full',
      pickedUpAt: start,
    });

    await open(page, language, '/dashboard/invoice-automation');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
    const row = page.locator(`tr[data-rental="${rental.referenceNumber}"]`);
    await expect(row).toContainText(w.daily);

    await page.getByRole('button', { name: w.runNow }).click();
    await expect(page.getByText(w.done)).toBeVisible();
    const runs = await api(page.request, 'GET', '/api/v1/invoicing/runs');
    const run = runs.items[0];
    expect(run.invoicesCreated).toBe(3);
    expect(run.invoices.every((i: { rentalId: string }) => i.rentalId === rental.id)).toBe(true);
    const firstRun = page.locator(`tr[data-run="${run.runId}"]`);
    await expect(firstRun.getByTestId('run-invoices-created')).toHaveText('3');
    for (const inv of run.invoices)
      await expect(page.getByRole('link', { name: inv.number, exact: true })).toBeVisible();
    await page.screenshot({ path: join(outDir, `invoice-automation-${language}.png`), fullPage: true });

    // A second run finds nothing due: no invoice twice.
    await page.getByRole('button', { name: w.runNow }).click();
    await expect(page.getByText(w.doneNone)).toBeVisible();
    const list = await api(page.request, 'GET', `/api/v1/invoices?rentalId=${rental.id}&limit=100`);
    expect(list.items).toHaveLength(3);
    expect(list.items.map((i: { total: number }) => i.total)).toEqual([420, 420, 420]); // 1 day × 400 + 5 % VAT each
    const second = (await api(page.request, 'GET', '/api/v1/invoicing/runs')).items[0];
    await expect(page.locator(`tr[data-run="${second.runId}"] + tr`)).toHaveText(w.nothing);

    // An invoice of the run opens its page.
    await page.getByRole('link', { name: run.invoices[0].number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${run.invoices[0].id}$`));
  });
}

const TIMING = {
  en: {
    tab: 'Rentals',
    label: 'Open-ended rentals are invoiced',
    advance: 'At the start of each period (in advance)',
    save: 'Save changes',
    saved: 'Settings saved',
  },
  ar: {
    tab: 'التأجير',
    label: 'تُفوتر الإيجارات المفتوحة',
    advance: 'في بداية كل فترة (مقدماً)',
    save: 'حفظ التغييرات',
    saved: 'تم حفظ الإعدادات',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = TIMING[language];
  test(`${language}: the company's billing timing of open-ended rentals is a setting (Rentals tab), saved and kept`, async ({
    page,
  }) => {
    await open(page, language, '/company-settings?tab=rentals');
    await expect(page.getByRole('tab', { name: w.tab })).toHaveAttribute('aria-selected', 'true');
    const panel = page.locator('[data-panel="rentals"]');
    const field = panel.locator('[data-field="billingTiming"]');
    await expect(field.getByLabel(w.label)).toHaveValue(language === 'en' ? 'arrears' : 'advance');
    await field.getByLabel(w.label).selectOption(language === 'en' ? 'advance' : 'arrears');
    await panel.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    expect((await api(page.request, 'GET', '/api/v1/company/settings')).billingTiming).toBe(
      language === 'en' ? 'advance' : 'arrears',
    );
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, `settings-billing-timing-${language}.png`) });
  });
}

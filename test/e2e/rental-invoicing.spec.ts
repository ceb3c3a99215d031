/**
 * A rental's invoicing settings in a real browser (issue 10), in English and Arabic: on the page
 * of an open-ended rental the Invoicing card shows automatic invoicing on, billed daily; the edit
 * dialog turns it off and bills monthly — the card, the timeline and the invoicing schedule (the
 * job's due index) follow. A save over a stale rental shows the conflict inside the dialog.
 * Screenshots of the dialog in both languages (looked at).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const outDir = process.env.RENTAL_INVOICING_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'rental-invoicing-e2e-'));

const { session, api, open } = specCompany('Oasis Long Rentals');

const WORDS = {
  en: {
    card: 'Invoicing',
    edit: 'Edit invoicing',
    dialog: 'Invoicing settings',
    auto: 'Automatic invoicing',
    frequency: 'Billing frequency',
    on: 'On',
    off: 'Off',
    daily: 'Daily',
    monthly: 'Monthly',
    save: 'Save settings',
    saved: 'Invoicing settings saved',
    timeline: 'Invoicing settings changed',
    stale: 'This record was changed by someone else. Reload and try again.',
  },
  ar: {
    card: 'الفوترة',
    edit: 'تعديل الفوترة',
    dialog: 'إعدادات الفوترة',
    auto: 'الفوترة التلقائية',
    frequency: 'تكرار الفوترة',
    on: 'مفعّلة',
    off: 'متوقفة',
    daily: 'يومي',
    monthly: 'شهري',
    save: 'حفظ الإعدادات',
    saved: 'تم حفظ إعدادات الفوترة',
    timeline: 'تم تغيير إعدادات الفوترة',
    stale: 'قام شخص آخر بتغيير هذا السجل. أعد التحميل وحاول مرة أخرى.',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test(`${language}: edit a rental's invoicing settings on its page`, async ({ page }) => {
    const vehicle = await createVehicleViaApi(page.request, session());
    const customer = await createCustomerViaApi(page.request, session(), {
      fullNameEnglish: language === 'ar' ? 'Salem Al Nuaimi' : 'Laura Bennett',
      fullNameArabic: 'سالم النعيمي',
    });
    const start = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const rental = await api(page.request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: start,
      openEnded: true,
      expectedDuration: 30,
      dailyRate: 250,
      taxRate: 5,
    });
    await api(page.request, 'POST', `/api/v1/rentals/${rental.id}/pickup`, {
      odometerStart: 8000,
      fuelLevelStart: 'full',
      pickedUpAt: start,
    });

    await open(page, language, `/rentals/${rental.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const card = page.getByTestId('rental-invoicing');
    await expect(card.getByRole('heading', { name: w.card })).toBeVisible();
    await expect(card.getByTestId('invoicing-auto')).toHaveText(w.on);
    await expect(card.getByTestId('invoicing-frequency')).toHaveText(w.daily);

    await card.getByRole('button', { name: w.edit }).click();
    // The dialog's wrapper has no box of its own (headlessui): its contents are what is seen.
    const dialog = page.getByRole('dialog', { name: w.dialog });
    const toggle = dialog.getByRole('switch', { name: w.auto });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await dialog.getByLabel(w.frequency).selectOption('monthly');
    await expect(dialog.getByLabel(w.frequency)).toHaveValue('monthly');
    await page.screenshot({ path: join(outDir, `rental-invoicing-dialog-${language}.png`) });
    await dialog.getByRole('button', { name: w.save }).click();

    await expect(page.getByText(w.saved)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('invoicing-auto')).toHaveText(w.off);
    await expect(card.getByTestId('invoicing-frequency')).toHaveText(w.monthly);
    await expect(
      page.getByRole('region', { name: language === 'ar' ? 'السجل الزمني' : 'Timeline' }).getByText(w.timeline),
    ).toBeVisible();
    // The invoicing job's schedule (its due index) no longer holds the rental.
    const schedule = await api(page.request, 'GET', '/api/v1/invoicing/schedule');
    expect(schedule.items.map((i: { rentalId: string }) => i.rentalId)).not.toContain(rental.id);

    // Someone else turns auto-invoicing back on while the dialog is open (the user picks daily): the save shows the
    // conflict in the dialog.
    await card.getByRole('button', { name: w.edit }).click();
    await expect(dialog.getByRole('switch', { name: w.auto })).not.toBeChecked();
    await api(page.request, 'PATCH', `/api/v1/rentals/${rental.id}/invoicing`, {
      autoGenerateInvoice: true,
      billingFrequency: 'monthly',
    });
    await dialog.getByLabel(w.frequency).selectOption('daily');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByRole('alert')).toContainText(w.stale);
    await page.screenshot({ path: join(outDir, `rental-invoicing-conflict-${language}.png`) });
    // The page reloaded the rental: the card shows the other change, and saving again (choices kept) goes through.
    await expect(card.getByTestId('invoicing-auto')).toHaveText(w.on);
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('invoicing-auto')).toHaveText(w.off);
    await expect(card.getByTestId('invoicing-frequency')).toHaveText(w.daily);
  });
}

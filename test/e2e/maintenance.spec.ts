/**
 * Maintenance in a real browser (issue 12 "Done when"), in English and in Arabic: create a record
 * (the spec's validation messages first), complete it with an invoice file uploaded through the
 * presigned PUT, open its detail with the invoice link; generate predictions for a vehicle with a
 * service program and an odometer history seeded through the API, and turn one into a scheduled
 * record in one click; run a check-out inspection with a photo, a damage mark placed with the
 * keyboard and typed signatures, then a check-in with a new mark, see the proposed charge and
 * confirm it, and download the signed inspection PDF (its first page rendered with pdftoppm).
 * Screenshots of the pages in both languages land in test/.out/screens.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCustomerViaApi, createVehicleViaApi, shellReady, specCompany } from './helpers';
import { addDays } from '../../shared/calendar';

const outDir = mkdtempSync(join(tmpdir(), 'maint-e2e-'));
const shots = join(import.meta.dirname, '../.out/screens');

const { session, api, open } = specCompany('Oasis Fleet');

const W = {
  en: {
    add: 'Add record',
    save: 'Save',
    vehicleRequired: 'Vehicle is required',
    typeRequired: 'Type is required',
    costRequired: 'Cost is required',
    vehicle: /^Vehicle/,
    type: /^Type/,
    cost: /^Estimated cost/,
    created: 'Maintenance record created',
    complete: 'Complete',
    actual: /^Actual cost/,
    invoice: 'Invoice or receipt (PDF, JPG or PNG)',
    completed: 'Maintenance completed',
    completedPill: 'Completed',
    oil: 'Oil change',
    download: 'Download invoice',
    generate: 'Generate predictions',
    predictions: 'Predictions',
    schedule: 'Schedule',
    scheduledToast: 'Maintenance scheduled from the prediction',
    scheduled: 'Scheduled',
    alerts: 'Alerts',
    pastDue: 'Past due',
    records: 'Records',
    close: 'Close',
    tyres: 'Tyres',
  },
  ar: {
    add: 'إضافة سجل',
    save: 'حفظ',
    vehicleRequired: 'المركبة مطلوبة',
    typeRequired: 'النوع مطلوب',
    costRequired: 'التكلفة مطلوبة',
    vehicle: /^المركبة/,
    type: /^النوع/,
    cost: /^التكلفة التقديرية/,
    created: 'تم إنشاء سجل الصيانة',
    complete: 'إكمال',
    actual: /^التكلفة الفعلية/,
    invoice: 'الفاتورة أو الإيصال (PDF أو JPG أو PNG)',
    completed: 'اكتملت الصيانة',
    completedPill: 'مكتمل',
    oil: 'تغيير الزيت',
    download: 'تنزيل الفاتورة',
    generate: 'توليد التوقعات',
    predictions: 'التوقعات',
    schedule: 'جدولة',
    scheduledToast: 'تمت جدولة الصيانة من التوقع',
    scheduled: 'مجدولة',
    alerts: 'التنبيهات',
    pastDue: 'متأخرة',
    records: 'السجلات',
    close: 'إغلاق',
    tyres: 'الإطارات',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = W[language];

  test(`${language}: create a maintenance record and complete it with an invoice file`, async ({ page, request }) => {
    const vehicle = await createVehicleViaApi(request, session(), {
      make: 'Nissan',
      model: language === 'en' ? 'Patrol' : 'Sunny',
    });
    await open(page, language, '/maintenance');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('button', { name: w.add }).click();
    const dialog = page.getByRole('dialog', { name: w.add });
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByText(w.vehicleRequired)).toBeVisible();
    await expect(dialog.getByText(w.typeRequired)).toBeVisible();
    await expect(dialog.getByText(w.costRequired)).toBeVisible();
    await dialog.getByLabel(w.vehicle).selectOption(vehicle.id);
    await dialog.getByLabel(w.type).selectOption('oil_change');
    await dialog.getByLabel(w.cost).fill('240');
    await page.screenshot({ path: join(shots, `maintenance-form-${language}.png`), fullPage: true });
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.created)).toBeVisible();

    const row = page.locator('tr', { hasText: `Nissan ${language === 'en' ? 'Patrol' : 'Sunny'}` });
    await row.getByRole('button', { name: w.complete }).click();
    const done = page.getByRole('dialog', { name: w.complete });
    await done.getByLabel(w.actual).fill('252');
    const pdf = join(outDir, `ws-invoice-${language}.pdf`);
    writeFileSync(pdf, `%PDF-1.4\n% workshop invoice ${language}\n%%EOF\n`);
    await done.getByLabel(w.invoice).setInputFiles(pdf);
    await expect(done.getByTestId('invoice-uploaded')).toHaveText(`ws-invoice-${language}.pdf`);
    await done.getByRole('button', { name: w.complete }).click();
    await expect(page.getByText(w.completed)).toBeVisible();
    await expect(row.locator('[data-status="completed"]')).toHaveText(w.completedPill);
    await page.screenshot({ path: join(shots, `maintenance-records-${language}.png`), fullPage: true });

    await row.getByRole('button', { name: w.oil }).click();
    const link = page.getByRole('link', { name: new RegExp(w.download) });
    await expect(link).toBeVisible();
    const stored = await request.get((await link.getAttribute('href'))!);
    expect((await stored.body()).toString()).toContain(`workshop invoice ${language}`);
  });

  test(`${language}: generate predictions and turn one into a scheduled record`, async ({ page, request }) => {
    const today = (await api(request, 'GET', '/api/v1/accounting/summary')).asOf as string;
    const vehicle = await createVehicleViaApi(request, session(), {
      make: 'Toyota',
      model: language === 'en' ? 'Hilux' : 'Yaris',
      odometerKm: 1000,
    });
    // Odometer history: services 60, 30 and 1 days ago, 40 km a day; tyres every 2,000 km → past due.
    for (const [ago, km] of [
      [60, 20_000],
      [30, 21_200],
      [1, 22_360],
    ] as const) {
      const r = await api(request, 'POST', '/api/v1/maintenance', {
        vehicleId: vehicle.id,
        type: 'general_service',
        date: addDays(today, -ago),
        estimatedCost: 100,
        status: 'pending',
        addToFinancials: false,
      });
      await api(request, 'POST', `/api/v1/maintenance/${r.id}/complete`, {
        serviceMileage: km,
        completedDate: addDays(today, -ago),
      });
    }
    await api(request, 'PUT', `/api/v1/vehicles/${vehicle.id}/service-program`, {
      intervals: [
        { type: 'oil_change', everyKm: 10_000, everyMonths: 6 },
        { type: 'tyres', everyKm: 2000 },
      ],
    });

    await open(page, language, '/maintenance');
    await page.getByRole('button', { name: w.generate }).click();
    await expect(page.getByRole('tab', { name: w.predictions })).toHaveAttribute('aria-selected', 'true');
    const label = `Toyota ${language === 'en' ? 'Hilux' : 'Yaris'}`;
    const tyres = page.locator('tr', { hasText: label }).filter({ hasText: w.tyres });
    await expect(tyres).toHaveAttribute('data-urgency', 'past_due');
    const oil = page.locator('tr', { hasText: label }).filter({ hasText: w.oil });
    await expect(oil).toHaveAttribute('data-urgency', 'not_urgent');
    await page.screenshot({ path: join(shots, `maintenance-predictions-${language}.png`), fullPage: true });

    await oil.getByRole('button', { name: w.schedule }).click();
    const dialog = page.getByRole('dialog', { name: w.add });
    await dialog.getByLabel(w.cost).fill('180');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.scheduledToast)).toBeVisible();
    await expect(oil).toContainText(w.scheduled);

    await page.getByRole('tab', { name: w.alerts }).click();
    await expect(page.locator('[data-alert-group="pastDue"]')).toContainText(label);
    await page.screenshot({ path: join(shots, `maintenance-alerts-${language}.png`), fullPage: true });

    // A booking of that vehicle spans the (past due) tyre service: the rental page warns.
    const customer = await createCustomerViaApi(request, session(), {
      fullNameEnglish: `Risk ${language}`,
      dateOfBirth: '1988-04-04',
    });
    const start = `${addDays(today, 3)}T09:00:00.000Z`;
    const rental = await api(request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: start,
      endDate: `${addDays(today, 6)}T09:00:00.000Z`,
      dailyRate: 120,
    });
    await page.goto(`/rentals/${rental.id}`);
    await expect(page.getByTestId('service-warning')).toContainText(w.tyres);
    await page.screenshot({ path: join(shots, `rental-service-warning-${language}.png`), fullPage: true });
  });
}

const IW = {
  en: {
    add: 'New inspection',
    odometer: /^Odometer/,
    fuel: /^Fuel level/,
    kind: 'Inspection',
    checkIn: 'check_in',
    photo: 'Add a photo (camera or file)',
    save: 'Save inspection',
    saved: 'Inspection saved',
    customerTyped: 'Or type the name to sign',
    sign: 'Sign and lock',
    signed: 'Inspection signed and locked',
    pdf: 'Download PDF',
    confirm: 'Confirm charge',
    confirmed: 'Charge added to the rental',
    close: 'Close',
    open: 'Open',
    damageLabel: 'Damage · Scratch (Minor), Rear',
    extraKmLabel: 'Extra km · 100 km over the 400 km allowance (2 days)',
    posted: 'Posted',
  },
  ar: {
    add: 'فحص جديد',
    odometer: /^عداد المسافة/,
    fuel: /^مستوى الوقود/,
    kind: 'الفحص',
    checkIn: 'check_in',
    photo: 'إضافة صورة (الكاميرا أو ملف)',
    save: 'حفظ الفحص',
    saved: 'تم حفظ الفحص',
    customerTyped: 'أو اكتب الاسم للتوقيع',
    sign: 'توقيع وقفل',
    signed: 'تم توقيع الفحص وقفله',
    pdf: 'تنزيل PDF',
    confirm: 'تأكيد الرسوم',
    confirmed: 'أضيفت الرسوم إلى العقد',
    close: 'إغلاق',
    open: 'فتح',
    damageLabel: 'أضرار · خدش (طفيف)، الخلف',
    extraKmLabel: 'كيلومترات إضافية · 100 كم فوق المسافة المسموحة 400 كم (عدد الأيام: 2)',
    posted: 'تم الترحيل',
  },
} as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADElEQVR4nGNgIB0AAAA0AAF2Xq7DAAAAAElFTkSuQmCC',
  'base64',
);

const DW = {
  en: { section: 'Damage price list', scratchMinor: 'Scratch – Minor', save: 'Save changes', saved: 'Settings saved' },
  ar: { section: 'قائمة أسعار الأضرار', scratchMinor: 'خدش – طفيف', save: 'حفظ التغييرات', saved: 'تم حفظ الإعدادات' },
} as const;

for (const language of ['en', 'ar'] as const) {
  const d = DW[language];
  test(`${language}: the damage price list on /pricing-settings is saved and read back`, async ({ page }) => {
    await open(page, language, '/pricing-settings');
    const table = page.getByRole('table', { name: d.section });
    await expect(table.locator('tr[data-damage-type]')).toHaveCount(4);
    const cell = table.getByLabel(d.scratchMinor);
    // A new company starts from the default list (150 for a minor scratch); the Arabic run reads the English run's 180
    // (one company).
    await expect(cell).toHaveValue(language === 'en' ? '150' : '180');
    const price = language === 'en' ? '180' : '185';
    await cell.fill(price);
    await page.getByRole('button', { name: d.save, exact: true }).click();
    await expect(page.getByText(d.saved).first()).toBeVisible();
    await page.screenshot({ path: join(shots, `damage-price-list-${language}.png`), fullPage: true });
    await page.reload();
    await expect(page.getByRole('table', { name: d.section }).getByLabel(d.scratchMinor)).toHaveValue(price);
  });
}

for (const language of ['en', 'ar'] as const) {
  const w = IW[language];
  test(`${language}: check-out with a photo, a damage mark and signatures; check-in with a new mark shows the proposed charge; the PDF`, async ({
    page,
    request,
  }) => {
    const today = (await api(request, 'GET', '/api/v1/accounting/summary')).asOf as string;
    const vehicle = await createVehicleViaApi(request, session(), {
      make: 'Kia',
      model: language === 'en' ? 'Sportage' : 'Picanto',
      odometerKm: 1200,
    });
    const customer = await createCustomerViaApi(request, session(), {
      fullNameEnglish: `Inspect ${language}`,
      dateOfBirth: '1985-05-05',
    });
    const rental = await api(request, 'POST', '/api/v1/rentals', {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: `${addDays(today, 1)}T09:00:00.000Z`,
      endDate: `${addDays(today, 3)}T09:00:00.000Z`,
      dailyRate: 100,
      dailyKmLimit: 200,
      extraChargePerKm: 0.5,
    });

    await open(page, language, `/vehicle-inspections?rentalId=${rental.id}`);
    await page.getByRole('button', { name: w.add }).click();
    let dialog = page.getByRole('dialog', { name: w.add });
    await dialog.getByLabel(w.odometer).fill('1200');
    await dialog.getByLabel(w.fuel).selectOption('full');
    const photo = join(outDir, `left-${language}.png`);
    writeFileSync(photo, PNG);
    await dialog.getByLabel(w.photo).setInputFiles(photo);
    await expect(dialog.getByTestId('photo-thumbs').locator('img')).toHaveCount(1);
    // A damage mark placed with the keyboard: focus the left view, move the cross, Enter.
    await dialog.locator('svg[data-view="left"]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('damage-list').locator('li')).toHaveCount(1);
    await page.screenshot({ path: join(shots, `inspection-form-${language}.png`), fullPage: true });
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved)).toBeVisible();

    // Signatures (typed: the keyboard way; drawing uses the same canvas), then sign.
    const view = page.getByTestId('inspection-view');
    const typed = view.getByLabel(w.customerTyped);
    await typed.nth(0).fill(`Inspect ${language}`);
    await typed.nth(1).fill('Layla Haddad');
    await view.getByRole('button', { name: w.sign }).click();
    await expect(page.getByText(w.signed)).toBeVisible();
    await expect(view).toHaveAttribute('data-status', 'signed');
    const pdfLink = view.getByRole('link', { name: w.pdf });
    const pdf = await request.get((await pdfLink.getAttribute('href'))!);
    const pdfPath = join(shots, `inspection-checkout-${language}.pdf`);
    writeFileSync(pdfPath, await pdf.body());
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(shots, `inspection-checkout-${language}`),
    ]);
    await view.getByRole('button', { name: w.close }).click();

    // Check-in: further on, half a tank, a new dent on the rear (by mouse).
    await page.getByRole('button', { name: w.add }).click();
    dialog = page.getByRole('dialog', { name: w.add });
    await dialog.getByLabel(w.kind, { exact: true }).selectOption('check_in');
    // 500 km over the booking's 2 days × 200 km: 100 extra km (the return's own rule).
    await dialog.getByLabel(w.odometer).fill('1700');
    await dialog.getByLabel(w.fuel).selectOption('half');
    await dialog.locator('svg[data-view="rear"]').click({ position: { x: 20, y: 20 } });
    await expect(dialog.getByTestId('damage-list').locator('li')).toHaveCount(1);
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    const diff = page.getByTestId('inspection-diff');
    await expect(diff.locator('[data-charge="damage_fees"]')).toBeVisible();
    await expect(diff.locator('[data-charge="extra_km"]')).toBeVisible();
    await page.screenshot({ path: join(shots, `inspection-checkin-${language}.png`), fullPage: true });
    // Labels in the user's language, no codes (issue 27); the extra km as the return will charge them.
    await expect(diff.locator('[data-charge="damage_fees"]')).toContainText(w.damageLabel);
    await expect(diff.locator('[data-charge="extra_km"]')).toContainText(w.extraKmLabel);
    await expect(diff).not.toContainText(/damage_fees|extra_km|scratch|minor|\brear\b/);
    // The damage amount (from the price list) is editable before confirming; confirmed, it shows posted.
    const damageRow = diff.locator('[data-charge="damage_fees"]');
    const prices = await api(request, 'GET', '/api/v1/pricing-settings');
    await expect(damageRow.getByRole('spinbutton')).toHaveValue(String(prices.damagePrices.scratch.minor));
    await damageRow.getByRole('spinbutton').fill('175');
    await damageRow.getByRole('button', { name: w.confirm }).click();
    await expect(page.getByText(w.confirmed)).toBeVisible();
    await expect(damageRow).toHaveAttribute('data-posted', 'confirmation');
    await expect(damageRow).toContainText(w.posted);
    await expect(damageRow.getByRole('button', { name: w.confirm })).toHaveCount(0);
    await page.screenshot({ path: join(shots, `inspection-charge-posted-${language}.png`), fullPage: true });
    const ledger = await api(request, 'GET', `/api/v1/rentals/${rental.id}/ledger`);
    expect(
      ledger.items
        .filter((e: { category: string }) => e.category === 'damage_fees')
        .map((e: { amount: number }) => e.amount),
    ).toEqual([175]);
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`${language}: axe finds no serious or critical violations on /maintenance and the inspection form`, async ({
    page,
  }) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const serious = async () =>
      (
        await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .exclude('[id^="headlessui-focus-sentinel"]')
          .analyze()
      ).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
    await open(page, language, '/maintenance');
    await page.getByRole('tab', { name: W[language].predictions }).click();
    await expect(page.locator('tr[data-prediction-id]').first()).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.goto('/vehicle-inspections');
    await shellReady(page);
    await page.getByRole('button', { name: IW[language].add }).click();
    await expect(page.getByRole('dialog', { name: IW[language].add }).getByLabel(IW[language].odometer)).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}

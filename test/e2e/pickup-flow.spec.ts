/**
 * Issue 27, on a phone (390×844), in English and Arabic: the pickup as ONE guided flow (readings
 * once → check-out inspection with a photo, a mark and the checklist → one signing for the
 * contract and the inspection), then the return mirroring it (check-in whose diagram shows the
 * check-out's mark in another colour → charges with the check-in's readings → the check-in's
 * signature), the inspection detail (checklist, each mark's type and severity, the notes); and a
 * contract sent for remote signing, signed from the link read out of the SES emulator's store.
 * Screenshots of every step in test/.out/screens.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, createCustomerViaApi, createVehicleViaApi, specCompany } from './helpers';

const shots = join(import.meta.dirname, '../.out/screens');
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

const { session, api, open } = specCompany('Oasis Cars');

const W = {
  en: {
    pickup: 'Pick up',
    pickupTitle: 'Pick up vehicle',
    ret: 'Return',
    returnTitle: 'Return vehicle',
    tyres: 'Tyres',
    type: 'Damage type',
    severity: 'Severity',
    notes: 'Notes',
    photo: 'Add a photo (camera or file)',
    saveContinue: 'Save and continue',
    typed: 'Or type the name to sign',
    sign: 'Sign and lock',
    close: 'Close',
    odometer: /^Odometer/,
    fuel: /^Fuel level/,
    condition: 'Condition',
    calculate: 'Calculate final charges',
    confirmReturn: 'Confirm return',
    send: 'Send for signature',
    sent: 'Signing link sent to',
    signPublic: 'Sign the contract',
    signedPublic: 'Thank you. The contract is signed.',
    openInspection: 'Open',
    resume: 'Continue pickup',
    pickedUpToast: 'Vehicle picked up',
    dent: 'Dent',
    moderate: 'Moderate',
    issue: 'Issue',
    noteText: 'Small dent on the front bumper',
  },
  ar: {
    pickup: 'تسليم المركبة',
    pickupTitle: 'تسليم المركبة',
    ret: 'إرجاع',
    returnTitle: 'إرجاع المركبة',
    tyres: 'الإطارات',
    type: 'نوع الضرر',
    severity: 'الشدة',
    notes: 'ملاحظات',
    photo: 'إضافة صورة (الكاميرا أو ملف)',
    saveContinue: 'حفظ ومتابعة',
    typed: 'أو اكتب الاسم للتوقيع',
    sign: 'توقيع وقفل',
    close: 'إغلاق',
    odometer: /^عداد المسافة/,
    fuel: /^مستوى الوقود/,
    condition: 'الحالة',
    calculate: 'احتساب الرسوم النهائية',
    confirmReturn: 'تأكيد الإرجاع',
    send: 'إرسال للتوقيع',
    sent: 'أُرسل رابط التوقيع إلى',
    signPublic: 'توقيع العقد',
    signedPublic: 'شكرًا لك. تم توقيع العقد.',
    openInspection: 'فتح',
    resume: 'متابعة التسليم',
    pickedUpToast: 'تم تسليم المركبة',
    dent: 'انبعاج',
    moderate: 'متوسط',
    issue: 'ملاحظة',
    noteText: 'انبعاج صغير في الصدام الأمامي',
  },
} as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADElEQVR4nGNgIB0AAAA0AAF2Xq7DAAAAAElFTkSuQmCC',
  'base64',
);

/** Nothing wider than the phone: no sideways scrolling of the page. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width + 1);
}

async function booking(request: Parameters<typeof apiAs>[0], language: string, email: string) {
  const vehicle = await createVehicleViaApi(request, session(), {
    make: 'Nissan',
    model: language === 'en' ? 'Patrol' : 'Sunny',
    odometerKm: 4200,
    dailyRate: 150,
  });
  const customer = await createCustomerViaApi(request, session(), {
    fullNameEnglish: `Omar Saleh ${language}`,
    dateOfBirth: '1988-08-08',
    email,
  });
  const now = Date.now();
  return api(request, 'POST', '/api/v1/rentals', {
    vehicleId: vehicle.id,
    customerId: customer.id,
    startDate: new Date(now - 3_600_000).toISOString(),
    endDate: new Date(now + 2 * 86_400_000).toISOString(),
    dailyRate: 150,
  });
}

for (const language of ['en', 'ar'] as const) {
  const w = W[language];
  test(`${language} phone: pickup → check-out inspection → signatures in one flow; return with the check-in showing the earlier marks`, async ({
    page,
    request,
  }) => {
    const rental = await booking(request, language, `flow-${language}-${Date.now()}@example.test`);
    await open(page, language, `/rentals/${rental.id}`);
    await fitsPhone(page);

    // 1. Readings, once.
    await page.getByRole('button', { name: w.pickup, exact: true }).click();
    const flow = page.getByRole('dialog', { name: w.pickupTitle });
    const steps = flow.getByTestId('flow-steps');
    await expect(steps).toHaveAttribute('data-current', 'readings');
    await page.screenshot({ path: join(shots, `pickup-flow-1-readings-${language}.png`) });
    await flow.getByRole('button', { name: w.pickup, exact: true }).click();

    // Interrupted after the hand-over: "Continue pickup" resumes at the inspection (derived from the server).
    await expect(steps).toHaveAttribute('data-current', 'inspection');
    await page.keyboard.press('Escape');
    await expect(flow).toBeHidden();
    await page.getByRole('button', { name: w.resume }).click();
    await expect(flow.getByTestId('flow-steps')).toHaveAttribute('data-current', 'inspection');
    await expect(flow.getByTestId('flow-steps').locator('[data-step="readings"]')).toHaveAttribute(
      'data-state',
      'done',
    );

    // 2. The check-out inspection: the readings are shown, not asked again.
    await expect(flow.getByTestId('inspection-readings')).toBeVisible();
    await expect(flow.getByLabel(w.odometer)).toHaveCount(0);
    await expect(flow.getByLabel(w.fuel)).toHaveCount(0);
    await flow.getByLabel(w.tyres, { exact: true }).selectOption('issue');
    const photo = join(shots, `flow-photo-${language}.png`);
    writeFileSync(photo, PNG);
    await flow.getByLabel(w.photo).setInputFiles(photo);
    await expect(flow.getByTestId('photo-thumbs').locator('img')).toHaveCount(1);
    await flow.getByLabel(w.type, { exact: true }).selectOption('dent');
    await flow.getByLabel(w.severity, { exact: true }).selectOption('moderate');
    await flow.locator('svg[data-view="front"]').click({ position: { x: 30, y: 30 } });
    await expect(flow.getByTestId('damage-list').locator('li')).toHaveCount(1);
    await flow.getByLabel(w.notes, { exact: true }).fill(w.noteText);
    await page.screenshot({ path: join(shots, `pickup-flow-2-inspection-${language}.png`) });
    // No success toast over the step's buttons.
    await expect(page.getByRole('status').filter({ hasText: w.pickedUpToast })).toHaveCount(0);
    await flow.getByRole('button', { name: w.saveContinue }).click();

    // 3. One signing for the contract and the check-out inspection.
    await expect(steps).toHaveAttribute('data-current', 'signature');
    const signing = flow.getByTestId('flow-signatures');
    await expect(signing.locator('[data-sign="contract"]')).toContainText(rental.contractNumber as string);
    await expect(signing.locator('[data-sign="inspection"]')).toBeVisible();
    await signing.getByLabel(w.typed).nth(0).fill(`Omar Saleh ${language}`);
    await signing.getByLabel(w.typed).nth(1).fill('Layla Haddad');
    await page.screenshot({ path: join(shots, `pickup-flow-3-signatures-${language}.png`) });
    await signing.getByRole('button', { name: w.sign }).click();
    await expect(flow.getByTestId('flow-done')).toBeVisible();
    await expect(steps).toHaveAttribute('data-current', 'done');
    await page.screenshot({ path: join(shots, `pickup-flow-4-done-${language}.png`) });
    await flow.getByRole('button', { name: w.close }).click();
    await expect(flow).toBeHidden();

    // The server agrees: active, contract signed, check-out signed with the readings taken once.
    const after = await api(request, 'GET', `/api/v1/rentals/${rental.id}`);
    expect(after).toMatchObject({
      status: 'active',
      contractStatus: 'signed',
      odometerStart: 4200,
      fuelLevelStart: 'full',
    });
    const inspections = (await api(request, 'GET', `/api/v1/inspections?rentalId=${rental.id}`)).items as {
      kind: string;
      status: string;
      odometer: number;
      damages: unknown[];
      checklist: Record<string, string>;
    }[];
    const out = inspections.find((i) => i.kind === 'check_out')!;
    expect(out).toMatchObject({ status: 'signed', odometer: 4200, checklist: { tyres: 'issue' } });
    expect(out.damages).toHaveLength(1);

    // Return: the check-in first; its diagram shows the check-out's mark in blue.
    await page.getByRole('button', { name: w.ret, exact: true }).click();
    const back = page.getByRole('dialog', { name: w.returnTitle });
    await expect(back.getByTestId('flow-steps')).toHaveAttribute('data-current', 'inspection');
    await expect(back.locator('[data-reference-mark]')).toHaveCount(1);
    await expect(back.getByTestId('diagram-legend')).toBeVisible();
    await back.getByLabel(w.odometer).fill('4500');
    await back.getByLabel(w.fuel).selectOption('half');
    await back.locator('svg[data-view="rear"]').click({ position: { x: 40, y: 25 } });
    await expect(back.locator('[data-mark]')).toHaveCount(1);
    await page.screenshot({ path: join(shots, `return-flow-1-checkin-${language}.png`) });
    await back.getByRole('button', { name: w.saveContinue }).click();

    // Charges: the check-in's readings, not asked again.
    await expect(back.getByTestId('flow-steps')).toHaveAttribute('data-current', 'charges');
    await expect(back.getByTestId('readings-from-inspection')).toBeVisible();
    await expect(back.getByLabel(w.odometer)).toHaveCount(0);
    await back.getByLabel(w.condition, { exact: true }).selectOption('good');
    await back.getByRole('button', { name: w.calculate }).click();
    await expect(back.getByTestId('return-preview')).toBeVisible();
    await page.screenshot({ path: join(shots, `return-flow-2-charges-${language}.png`) });
    await back.getByRole('button', { name: w.confirmReturn }).click();

    // The check-in's signatures (the contract is signed already).
    await expect(back.getByTestId('flow-steps')).toHaveAttribute('data-current', 'signature');
    const sign2 = back.getByTestId('flow-signatures');
    await expect(sign2.locator('[data-sign="contract"]')).toHaveCount(0);
    await sign2.getByLabel(w.typed).nth(0).fill(`Omar Saleh ${language}`);
    await sign2.getByLabel(w.typed).nth(1).fill('Layla Haddad');
    await sign2.getByRole('button', { name: w.sign }).click();
    await expect(back.getByTestId('flow-done')).toBeVisible();
    await back.getByRole('button', { name: w.close }).click();
    const returned = await api(request, 'GET', `/api/v1/rentals/${rental.id}`);
    expect(returned).toMatchObject({ status: 'completed', odometerEnd: 4500, fuelLevelEnd: 'half' });

    // The check-in's detail: the check-out's mark in another colour, the checklist, marks, notes.
    await page.goto(`/vehicle-inspections?rentalId=${rental.id}`);
    const checkInRow = page.locator('tr[data-inspection-id]').first();
    await checkInRow.getByRole('button', { name: w.openInspection }).click();
    const view = page.getByTestId('inspection-view');
    await expect(view.locator('[data-reference-mark]')).toHaveCount(1);
    await expect(view.getByTestId('inspection-checklist')).toBeVisible();
    await expect(view.getByTestId('inspection-marks').locator('li')).toHaveCount(1);
    await page.screenshot({ path: join(shots, `inspection-detail-checkin-${language}.png`), fullPage: true });
    await page.keyboard.press('Escape');
    // The check-out's detail lists its mark's type and severity, the checklist issue and the notes.
    await page.locator('tr[data-inspection-id]').nth(1).getByRole('button', { name: w.openInspection }).click();
    const outView = page.getByTestId('inspection-view');
    await expect(outView.getByTestId('inspection-marks')).toContainText(w.dent);
    await expect(outView.getByTestId('inspection-marks')).toContainText(w.moderate);
    await expect(outView.getByTestId('inspection-checklist').locator('[data-check="tyres"]')).toHaveAttribute(
      'data-result',
      'issue',
    );
    await expect(outView.getByTestId('inspection-notes')).toContainText(w.noteText);
    await page.screenshot({ path: join(shots, `inspection-detail-checkout-${language}.png`), fullPage: true });
  });

  test(`${language} phone: send the contract for remote signing and sign it from the emailed link`, async ({
    page,
    browser,
    request,
  }) => {
    const email = `remote-${language}-${Date.now()}@example.test`;
    const rental = await booking(request, language, email);
    await open(page, language, `/rentals/${rental.id}`);
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByText(w.sent).first()).toBeVisible();
    await page.screenshot({ path: join(shots, `contract-send-${language}.png`) });

    // The email in the SES emulator's store holds the link.
    const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: { destination: unknown; subject: string; body: { text?: string } }[];
    };
    const mail = store.emails.filter((e) => JSON.stringify(e.destination).includes(email)).at(-1)!;
    expect(mail.subject).toContain(rental.contractNumber as string);
    const link = /(https?:\/\/\S+\/contracts\/sign\?token=\S+)/.exec(mail.body.text ?? '')![1];
    const url = new URL(link);

    // The customer's own phone: no session.
    const phone = await browser.newContext({ viewport: PHONE });
    const customerPage = await phone.newPage();
    await customerPage.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await customerPage.goto(`${url.pathname}${url.search}`);
    const contract = customerPage.getByTestId('public-contract');
    await expect(contract.getByTestId('contract-number')).toContainText(rental.contractNumber as string);
    await expect(contract).toHaveAttribute('data-status', 'draft');
    await fitsPhone(customerPage);
    await contract.getByLabel(w.typed).fill(`Omar Saleh ${language}`);
    await customerPage.screenshot({ path: join(shots, `contract-remote-sign-${language}.png`), fullPage: true });
    await contract.getByRole('button', { name: w.signPublic }).click();
    await expect(contract.getByTestId('signed')).toContainText(w.signedPublic);
    await expect(contract).toHaveAttribute('data-status', 'signed');
    await customerPage.screenshot({ path: join(shots, `contract-remote-signed-${language}.png`), fullPage: true });
    await phone.close();

    const signed = await api(request, 'GET', `/api/v1/rentals/${rental.id}/contract`);
    expect(signed.status).toBe('signed');
    expect(signed.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
  });
}

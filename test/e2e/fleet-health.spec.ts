/**
 * Fleet health in a real browser (issue 14 part B), in English and in Arabic: /fleet-health
 * redirects to /fleet-analytics; the Fleet Health tab shows a company's vehicles (seeded through
 * the API so that they fall in every grade) with their grades and each factor's contribution;
 * after urgent maintenance on one vehicle, "Recompute now" lowers its grade and the System
 * Alerts tab lists the health change beside the trackers' state. Screenshots in test/.out/screens.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fleetHealth as catalog } from '../../shared/i18n/fleet-health';
import { createVehicleViaApi, specCompany } from './helpers';

const shots = join(import.meta.dirname, '../.out/screens');
const ids: Record<string, string> = {};
const year = new Date().getUTCFullYear();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k]));

const { session, api, open } = specCompany('Health Fleet');

test.beforeAll(async ({ request }) => {
  const valid = { insuranceExpiryDate: day(200), registrationExpiryDate: day(300) };
  const lapsed = { insuranceExpiryDate: day(-10), registrationExpiryDate: day(-10) };
  // Scores (idle for 30 days: −10 each): 90 excellent, 75 good, 60 fair, 40 poor, 10 critical.
  ids.excellent = (
    await createVehicleViaApi(request, session(), { make: 'Lexus', model: 'ES', year, odometerKm: 4000, ...valid })
  ).id;
  ids.goodEn = (
    await createVehicleViaApi(request, session(), {
      make: 'Kia',
      model: 'Sportage',
      year,
      odometerKm: 4000,
      ...valid,
      registrationExpiryDate: day(-10),
    })
  ).id;
  ids.goodAr = (
    await createVehicleViaApi(request, session(), {
      make: 'Kia',
      model: 'Sorento',
      year,
      odometerKm: 4000,
      ...valid,
      registrationExpiryDate: day(-10),
    })
  ).id;
  ids.fair = (
    await createVehicleViaApi(request, session(), {
      make: 'Hyundai',
      model: 'Elantra',
      year,
      odometerKm: 4000,
      ...lapsed,
    })
  ).id;
  ids.poor = (
    await createVehicleViaApi(request, session(), { make: 'Nissan', model: 'Sunny', year, odometerKm: 4000, ...lapsed })
  ).id;
  ids.critical = (
    await createVehicleViaApi(request, session(), {
      make: 'Mitsubishi',
      model: 'Pajero',
      year: year - 12,
      odometerKm: 210_000,
      ...lapsed,
    })
  ).id;
  for (const id of [ids.poor, ids.poor, ids.critical, ids.critical]) {
    await api(request, 'POST', '/api/v1/maintenance', {
      vehicleId: id,
      type: 'brakes',
      date: day(1),
      estimatedCost: 300,
      status: 'pending',
      priority: 'urgent',
    });
  }
  // A stored computation to compare later ones with (as the daily job leaves every morning).
  await api(request, 'POST', '/api/v1/fleet-health/recompute', {});
});

for (const language of ['en', 'ar'] as const) {
  const w = catalog[language];
  const goodKey = language === 'en' ? 'goodEn' : 'goodAr';

  test(`${language}: the Fleet Health tab shows every grade with each factor's contribution`, async ({ page }) => {
    await open(page, language, '/fleet-health');
    await expect(page).toHaveURL(/\/fleet-analytics$/);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
    await expect(page.getByRole('tab', { name: w.tabs.health })).toHaveAttribute('aria-selected', 'true');
    const row = (id: string) => page.locator(`li[data-vehicle-id="${id}"]`);
    const expected: Record<string, [string, number]> = {
      excellent: ['excellent', 90],
      [goodKey]: ['good', 75],
      fair: ['fair', 60],
      poor: ['poor', 40],
      critical: ['critical', 10],
    };
    for (const [key, [grade, score]] of Object.entries(expected)) {
      const r = row(ids[key]);
      await expect(r).toHaveAttribute('data-grade', grade);
      await expect(r.getByTestId('score')).toHaveText(fill(w.scoreOf, { score }));
      await expect(r.locator('span[data-grade]').first()).toHaveText(w.grade[grade as keyof typeof w.grade]);
    }
    // The English run moved its Kia from good to fair before the Arabic one.
    const counts =
      language === 'en'
        ? { excellent: 1, good: 2, fair: 1, poor: 1, critical: 1 }
        : { excellent: 1, good: 1, fair: 2, poor: 1, critical: 1 };
    for (const [g, n] of Object.entries(counts))
      await expect(page.locator(`[data-grade-count="${g}"] p`).first()).toHaveText(String(n));
    // The critical vehicle's factors: every one listed with −points of its weight and its facts.
    const crit = row(ids.critical);
    await expect(crit.locator('[data-factor]')).toHaveCount(7);
    const docs = crit.locator('[data-factor="documents"]');
    await expect(docs).toContainText(w.factors.documents);
    await expect(docs).toContainText(fill(w.penalty, { points: 30, weight: 30 }));
    await expect(docs).toContainText(
      fill(w.detail.documents, { registration: w.docState.expired, insurance: w.docState.expired }),
    );
    await expect(crit.locator('[data-factor="maintenance"]')).toContainText(
      fill(w.penalty, { points: 20, weight: 25 }),
    );
    await expect(crit.locator('[data-factor="age"]')).toContainText(fill(w.penalty, { points: 15, weight: 15 }));
    await expect(crit.locator('[data-factor="utilisation"]')).toContainText(
      fill(w.detail.utilisation, { percent: 0, days: 30 }),
    );
    await expect(row(ids.excellent).locator('[data-factor="documents"]')).toHaveAttribute('data-penalty', '0');
    await page.screenshot({ path: join(shots, `fleet-health-${language}.png`), fullPage: true });

    // The grade filter narrows the list.
    await page.getByLabel(w.gradeFilter).selectOption('critical');
    await expect(page.locator('li[data-vehicle-id]')).toHaveCount(1);
  });

  test(`${language}: a recompute after urgent maintenance lowers a grade, and System Alerts lists the change`, async ({
    page,
    request,
  }) => {
    const good = ids[goodKey];
    await api(request, 'POST', '/api/v1/maintenance', {
      vehicleId: good,
      type: 'tyres',
      date: day(1),
      estimatedCost: 200,
      status: 'pending',
      priority: 'urgent',
    });
    await open(page, language, '/fleet-analytics');
    const r = page.locator(`li[data-vehicle-id="${good}"]`);
    await expect(r).toHaveAttribute('data-grade', 'good'); // the stored computation is fresh
    await page.getByRole('button', { name: w.recompute }).click();
    await expect(r).toHaveAttribute('data-grade', 'fair');
    await expect(r.getByTestId('score')).toHaveText(fill(w.scoreOf, { score: 65 }));
    await expect(r).toContainText(fill(w.previous, { score: 75 }));
    await page.getByRole('tab', { name: w.tabs.alerts }).click();
    await expect(page).toHaveURL(/tab=alerts/);
    await expect(page.locator('[data-section="trackers"]')).toContainText(w.trackersOk);
    const changes = page.locator('[data-section="fleet"]');
    await expect(
      changes
        .locator('[data-alert-type="health_dropped"]')
        .filter({ hasText: language === 'en' ? 'Kia Sportage' : 'Kia Sorento' }),
    ).toContainText(w.grade.fair);
    await page.screenshot({ path: join(shots, `fleet-health-alerts-${language}.png`), fullPage: true });
  });
}

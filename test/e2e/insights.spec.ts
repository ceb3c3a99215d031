/**
 * AI insights in a real browser (issue 15 "Done when"), in English and in Arabic: an insight the
 * engine found in the company's data (a customer whose rentals are over a year old — the one step
 * not made through the API, since no API books the past: the customer's rental counters are set
 * as the rentals domain keeps them), acknowledged then dismissed from the Marketing tab, its
 * history in the details, and /ai-insights-logs listing the refresh run and both status changes.
 * The shared demo company is only read: its tabs show what the engine found in its year of data.
 * Screenshots of both pages in both languages land in test/.out/screens.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { insightProbe } from '../integration/insight-probe';
import { seriousViolations, signUpViaApi, useSession, type E2eSession } from './helpers';

const shots = join(import.meta.dirname, '../.out/screens');
test.describe.configure({ mode: 'serial' });

async function open(page: Page, session: E2eSession, language: 'en' | 'ar', path: string) {
  await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
  await useSession(page, session, path);
}

const W = {
  en: {
    title: 'AI Insights',
    marketing: 'Marketing',
    finance: 'Finance',
    insight: '1 customers have not rented for 90 days',
    acknowledge: 'Acknowledge',
    dismiss: 'Dismiss',
    acknowledged: 'Insight acknowledged',
    dismissed: 'Insight dismissed',
    ackPill: 'Acknowledged',
    dismissedPill: 'Dismissed',
    showClosed: 'Show done and dismissed',
    details: 'Details',
    logs: 'Insight runs',
    logTitle: 'AI insights log',
    refresh: 'Refresh',
    newPill: 'New',
    noteLabel: 'Note (optional)',
    impact: 'Estimated impact',
  },
  ar: {
    title: 'رؤى الذكاء الاصطناعي',
    marketing: 'التسويق',
    finance: 'المالية',
    insight: '1 عملاء لم يستأجروا منذ 90 يوماً',
    acknowledge: 'اطلعت عليها',
    dismiss: 'استبعاد',
    acknowledged: 'تم الاطلاع على الرؤية',
    dismissed: 'استُبعدت الرؤية',
    ackPill: 'تم الاطلاع',
    dismissedPill: 'مستبعدة',
    showClosed: 'عرض المنجزة والمستبعدة',
    details: 'التفاصيل',
    logs: 'سجل التشغيل',
    logTitle: 'سجل رؤى الذكاء الاصطناعي',
    refresh: 'تحديث',
    newPill: 'جديدة',
    noteLabel: 'ملاحظة (اختياري)',
    impact: 'الأثر المقدّر',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = W[language];

  test(`${language}: acknowledge and dismiss an insight, then see it in the log`, async ({ page, request }) => {
    const session = await signUpViaApi(request, { tenantName: `Palm Cars ${Date.now().toString(36).slice(-4)}` });
    const id = await insightProbe(session.accessToken, language === 'en' ? 'Dormant Dana' : 'Dormant Dalia');
    await open(page, session, language, '/ai-insights?tab=marketing');
    await expect(page.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: w.marketing })).toHaveAttribute('aria-selected', 'true');
    const card = page.locator(`[data-insight-id="${id}"]`);
    await expect(card.getByText(w.insight)).toBeVisible();
    await expect(card.getByText(w.newPill, { exact: true })).toBeVisible();
    await expect(card.getByText(w.impact)).toBeVisible();
    await card.getByRole('button', { name: w.details }).click();
    await expect(card.getByRole('link', { name: language === 'en' ? 'Dormant Dana' : 'Dormant Dalia' })).toBeVisible();
    await page.screenshot({ path: join(shots, `insights-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: w.acknowledge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.noteLabel).fill('Call them next week');
    await dialog.getByRole('button', { name: w.acknowledge }).click();
    await expect(page.getByText(w.acknowledged)).toBeVisible();
    await expect(card.getByText(w.ackPill, { exact: true })).toBeVisible();
    await expect(card.getByTestId('history')).toContainText('Call them next week');

    await card.getByRole('button', { name: w.dismiss }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.dismiss }).click();
    await expect(page.getByText(w.dismissed)).toBeVisible();
    // Closed insights leave the open list; "Show done and dismissed" brings them back.
    await expect(card).toHaveCount(0);
    await page.getByLabel(w.showClosed).check();
    await expect(card.getByText(w.dismissedPill, { exact: true })).toBeVisible();

    await page.getByRole('link', { name: w.logs }).click();
    await expect(page.getByRole('heading', { name: w.logTitle, level: 1 })).toBeVisible();
    await expect(page.locator('[data-trigger="manual"]')).toHaveCount(1);
    const log = page.getByTestId('status-log');
    await expect(log.locator(`[data-insight-id="${id}"]`)).toHaveCount(2);
    await expect(log.locator('li').first()).toHaveAttribute('data-to', 'dismissed');
    await expect(log.getByText(w.insight).first()).toBeVisible();
    await page.screenshot({ path: join(shots, `insights-log-${language}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${language}: the demo company's insights come from its own data`, async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'demo1234' } });
    const body = await login.json();
    const demo: E2eSession = {
      accessToken: body.tokens.accessToken,
      refreshToken: body.tokens.refreshToken,
      expiresIn: body.tokens.expiresIn ?? 3600,
      user: body.user,
      username: 'demo',
      password: 'demo1234',
      tenantName: '',
    };
    const res = await page.request.get('/api/v1/ai/insights?limit=100', {
      headers: { authorization: `Bearer ${demo.accessToken}` },
    });
    const items = (await res.json()).items as { category: string; rule: string; status: string }[];
    expect(items.length).toBeGreaterThan(2);
    console.log('demo insights:', items.map((i) => `${i.category}/${i.rule}/${i.status}`).join(', '));
    // A year of history: every tab has something true to show.
    const tabs = ['overview', 'finance', 'marketing', 'strategy'] as const;
    for (const tab of tabs.filter((c) => items.some((i) => i.category === c))) {
      await open(page, demo, language, `/ai-insights?tab=${tab}`);
      await expect(page.locator('[data-insight-id]').first()).toBeVisible();
      await page.screenshot({ path: join(shots, `insights-demo-${tab}-${language}.png`), fullPage: true });
    }
    // The dashboard's suggestions are the top open insights (acknowledged and planned ones included).
    const open_ = items.filter((i) => ['new', 'acknowledged', 'planned'].includes(i.status)).length;
    await open(page, demo, language, '/dashboard');
    await expect(page.getByTestId('suggestions').locator('li[data-insight-id]')).toHaveCount(Math.min(5, open_));
    await page.getByTestId('suggestions').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `insights-dashboard-${language}.png`) });
  });
}

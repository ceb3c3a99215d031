/**
 * Issue 27 in a real browser, English and Arabic:
 * - "Run now" on the documents page emails the reminders due for this company; the document's
 *   dialog shows its reminder history;
 * - the link test: every link in the emails the SES emulator holds opens a page of the running
 *   app (the configured app URL is the harness gateway's real origin, never localhost:3000), here
 *   the reminder's link opens the document itself; the email is in the company's language;
 * - "Replace file" then Analyze reads the new version (the dialog follows it).
 * Screenshots of the page, the dialog with its history, and the dialog after replace → analyze.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { documents } from '../../shared/i18n/documents';
import { messageText } from '../../shared/i18n';
import { apiAs, signUpViaApi, uniqueName, useSession } from './helpers';

const outDir = join(import.meta.dirname, '../.out/screenshots/document-reminders');
mkdirSync(outDir, { recursive: true });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const APP = new URL(process.env.SAYYARA_URL ?? 'http://localhost:3000').origin;

async function permitPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 420]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  ['Trade Permit', `Expiry Date: ${day(5)}`].forEach((l, i) =>
    page.drawText(l, { x: 36, y: 370 - i * 24, size: 14, font }),
  );
  return Buffer.from(await doc.save());
}

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}
const sesStore = async (): Promise<StoredEmail[]> =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: StoredEmail[] }).emails;
const linksIn = (e: StoredEmail) =>
  [...`${e.body.text ?? ''}\n${e.body.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

/** A link of the app: the app's own origin, and the page it opens is the app (its shell), not an error. */
async function expectAppPage(page: Page, link: string) {
  expect(new URL(link).origin, link).toBe(APP);
  const res = await page.goto(link);
  expect(res?.status(), link).toBe(200);
  // The app's shell renders (a link of another company's email opens the app too, its dialog
  // then saying the document cannot be loaded: the app, not a dead page).
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
}

for (const language of ['en', 'ar'] as const) {
  const L = documents[language];
  test(`Run now emails the due reminder in the company's language, its link opens the document with its history; replace → analyze reads v2 (${language})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    const session = await signUpViaApi(page.request);
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    if (language === 'ar') {
      const before = await apiAs(page.request, session, 'GET', '/api/v1/company/settings');
      await apiAs(page.request, session, 'PUT', '/api/v1/company/settings', {
        version: before.version,
        preferences: { language: 'ar' },
      });
    }
    const to = `${uniqueName('remind')}@example.test`;
    const file = await permitPdf();
    const url = await (
      await page.request.post('/api/v1/documents/upload-url', {
        data: { scope: 'company', contentType: 'application/pdf', size: file.length },
        headers: auth,
      })
    ).json();
    expect((await page.request.put(url.uploadUrl, { data: file, headers: url.headers })).ok()).toBe(true);
    const created = await page.request.post('/api/v1/documents', {
      data: {
        scope: 'company',
        title: 'Trade permit',
        documentType: 'permit',
        key: url.key,
        expiryDate: day(5),
        assignee: to,
      },
      headers: auth,
    });
    expect(created.status()).toBe(201);
    const doc = (await created.json()) as { id: string };

    // Run now from the page.
    await useSession(page, session, '/documents?scope=company');
    await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
    await page.getByRole('button', { name: L.reminders.runNow }).click();
    await expect(page.getByText(messageText(language, L.reminders.runDone, { n: 1 }))).toBeVisible();
    await page.screenshot({ path: join(outDir, `page-${language}.png`), fullPage: true });
    // A second run sends nothing (exactly once per stage, like the daily job).
    await page.getByRole('button', { name: L.reminders.runNow }).click();
    await expect(page.getByText(L.reminders.runNone)).toBeVisible();

    // The email: the company's language, one link, to this app.
    const mails = (await sesStore()).filter((e) => JSON.stringify(e.destination).includes(to));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${L.reminder.subjectDueSoon}: Trade permit`);
    const links = linksIn(mails[0]);
    expect(links).toEqual([`${APP}/documents?scope=company&id=${doc.id}`]);

    // Following it opens the document's dialog, with the reminder in its history.
    await expectAppPage(page, links[0]);
    const dialog = page.getByTestId('document-dialog');
    await expect(dialog).toBeVisible();
    const history = dialog.getByTestId('reminder-history');
    await expect(history.locator('[data-reminder="due_soon"]')).toContainText(L.reminders.stage.due_soon);
    await expect(history.locator('[data-reminder="due_soon"]')).toContainText(L.reminders.trigger.manual);
    await expect(history).toContainText(to);
    await page.screenshot({ path: join(outDir, `dialog-history-${language}.png`), fullPage: true });

    // Replace the file, then Analyze: the dialog follows v2 and reads the new file (a passport).
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(join(import.meta.dirname, '../fixtures/sample-passport.pdf')),
    });
    await expect(page.getByText(L.replaced)).toBeVisible();
    await expect(dialog.locator('[data-version="2"]')).toBeVisible();
    await expect(dialog.getByText(L.noProposals)).toBeVisible();
    await dialog.getByRole('button', { name: L.analyze }).click();
    await expect(dialog.getByTestId('analysis-status')).toContainText(L.analysis.analyzed);
    await expect(dialog.locator('[data-proposal="documentNumber"]')).toContainText('L898902C3');
    // The history belongs to the document, across its versions.
    await expect(history.locator('[data-reminder="due_soon"]')).toBeVisible();
    await page.screenshot({ path: join(outDir, `dialog-replaced-analyzed-${language}.png`), fullPage: true });

    // The link test over the whole SES store: every link any email carries opens a page of the app.
    const all = [...new Set((await sesStore()).flatMap(linksIn))];
    expect(all.length).toBeGreaterThan(0);
    for (const link of all) await expectAppPage(page, link);
  });
}

/**
 * Accounting in a real browser (issue 18 "Done when"), in English and in Arabic: post a manual
 * journal entry on /journal-entries/new (Post stays disabled until debits equal credits) and find
 * it in the general ledger and the trial balance; open the VAT report and download its CSV and
 * PDF (the PDF opens: its first page is rendered with pdftoppm); the self-check runs from its page
 * in the background and the page shows its stored result, every check passed. One company (a UAE
 * company with VAT on, set through the API) signed up once for the file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { specCompany } from './helpers';
import { accounting as catalog } from '../../shared/i18n/accounting';

const outDir = mkdtempSync(join(tmpdir(), 'acct-e2e-'));

// A UAE company with VAT on; accounting then adds the VAT accounts of the region (idempotent setup).
const { api, open } = specCompany('Falcon Books', {
  settings: { preferences: { region: 'AE' }, enableVat: true },
  books: true,
});

const WORDS = {
  en: {
    attach: 'Attach a file',
    post: 'Post entry',
    debit: 'Debit',
    credit: 'Credit',
    account: 'Account',
    description: 'Description',
    vat: 'VAT code',
    choose: 'Choose an account',
    csv: 'Download CSV',
    pdf: 'Download PDF',
    allPassed: 'Every check passed',
    balanced: 'Balanced',
    never: catalog.en.ui.selfCheck.never,
    run: 'Run the check',
    rerun: 'Run again',
    checkedAt: 'Last checked',
  },
  ar: {
    attach: 'إرفاق ملف',
    post: 'ترحيل القيد',
    debit: 'مدين',
    credit: 'دائن',
    account: 'الحساب',
    description: 'الوصف',
    vat: 'رمز الضريبة',
    choose: 'اختر حسابًا',
    csv: 'تنزيل CSV',
    pdf: 'تنزيل PDF',
    allPassed: 'نجحت كل الفحوصات',
    balanced: 'متوازن',
    never: catalog.ar.ui.selfCheck.never,
    run: 'تشغيل الفحص',
    rerun: 'إعادة الفحص',
    checkedAt: 'آخر فحص',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`${language}: a manual entry posts and shows in the general ledger and the trial balance`, async ({ page }) => {
    const accounts = (await api(page.request, 'GET', '/api/v1/accounting/accounts')).items as {
      id: string;
      code: string;
    }[];
    const id = (code: string) => accounts.find((a) => a.code === code)!.id;
    const description = `Office rent ${language} ${Date.now().toString(36)}`;
    await open(page, language, '/dashboard/accounting/journal-entries/new');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByLabel(w.description, { exact: true }).fill(description);
    await page.getByLabel(`${w.account} 1`).selectOption(id('5110'));
    await page.getByLabel(`${w.debit} 1`).fill('1000');
    await page.getByLabel(`${w.vat} 1`).selectOption('AE_IN_SR');
    await page.getByLabel(`${w.account} 2`).selectOption(id('1210'));
    await page.getByLabel(`${w.credit} 2`).fill('999');
    // Not balanced: Post stays disabled and the difference shows.
    await expect(page.getByRole('button', { name: w.post })).toBeDisabled();
    await page.getByLabel(`${w.credit} 2`).fill('1000');
    await expect(page.getByTestId('balance-state')).toHaveText(w.balanced);
    // The workshop's invoice goes with the entry (presigned upload to S3, then posted with its key).
    const invoicePdf = join(outDir, `workshop-invoice-${language}.pdf`);
    writeFileSync(invoicePdf, `%PDF-1.4\n% workshop invoice ${language}\n%%EOF\n`);
    await page.getByText(w.attach).locator('..').locator('input[type=file]').setInputFiles(invoicePdf);
    await expect(page.getByTestId('attachment-list')).toContainText(`workshop-invoice-${language}.pdf`);
    await page.screenshot({ path: join(outDir, `new-entry-${language}.png`), fullPage: true });
    await page.getByRole('button', { name: w.post }).click();

    // The entry's detail opens on the journal.
    const detail = page.getByTestId('entry-detail');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(description);
    await expect(detail).toContainText('AE_IN_SR');
    const attachmentLink = page
      .getByTestId('entry-attachments')
      .getByRole('link', { name: `workshop-invoice-${language}.pdf` });
    const stored = await page.request.get((await attachmentLink.getAttribute('href'))!);
    expect((await stored.body()).toString()).toContain(`workshop invoice ${language}`);
    await expect(page).toHaveURL(/journal-entries\?entry=/);
    const entryNumber = (await page.getByRole('dialog').getByRole('heading').first().textContent())!.match(
      /JE-\d+/,
    )![0];
    await page.keyboard.press('Escape');
    await expect(page.locator(`[data-entry="${entryNumber}"]`)).toBeVisible();
    // What was posted, as the API has it.
    const listed = await api(
      page.request,
      'GET',
      `/api/v1/accounting/journal-entries?q=${encodeURIComponent(entryNumber)}`,
    );
    const posted = (listed.items as { id: string; entryNumber: string; date: string }[]).find(
      (e) => e.entryNumber === entryNumber,
    )!;
    const full = await api(page.request, 'GET', `/api/v1/accounting/journal-entries/${posted.id}`);
    expect(
      full.lines
        .map((l: { accountCode: string; debit: number; credit: number }) => `${l.accountCode}:${l.debit}/${l.credit}`)
        .sort(),
    ).toEqual(['1210:0/1000', '5110:1000/0']);

    // General ledger of 5110 (maintenance) for the month: the entry with its running balance.
    await page.goto(`/dashboard/accounting/general-ledger?accountId=${id('5110')}`);
    const line = page.locator(`tr[data-entry="${entryNumber}"]`);
    await expect(line).toBeVisible();
    await expect(line).toContainText(description);
    await expect(line).toContainText('1,000.00');

    // Trial balance as of today: 5110 carries the debit and the totals are equal.
    await page.goto('/dashboard/accounting/trial-balance');
    await expect(page.getByTestId('tb-status')).toHaveText(w.balanced);
    const tb = await api(page.request, 'GET', '/api/v1/accounting/trial-balance');
    const debit = (tb.items as { code: string; debit: number }[]).find((r) => r.code === '5110')!.debit;
    expect(debit).toBeGreaterThanOrEqual(1000);
    const row = page.locator('tr', { hasText: '5110' });
    await expect(row).toContainText(language === 'en' ? 'Maintenance' : 'صيانة');
    await expect(row).toContainText(debit.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await page.screenshot({ path: join(outDir, `trial-balance-${language}.png`), fullPage: true });
  });

  test(`${language}: the VAT report downloads as CSV and as a PDF that opens`, async ({ page }) => {
    await open(page, language, '/dashboard/accounting/vat-report');
    await expect(page.getByTestId('vat-layout')).toHaveAttribute('data-layout', 'UAE_VAT_201');
    await expect(page.locator('tr[data-box="1a"]')).toBeVisible();

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: w.csv }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`vat-report-${language}.csv`);
    const csvPath = join(outDir, `vat-${language}.csv`);
    await csv.saveAs(csvPath);
    const bytes = readFileSync(csvPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(
      language === 'en' ? 'Standard rated expenses' : 'النفقات الخاضعة للنسبة الأساسية',
    );

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: w.pdf }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`vat-report-${language}.pdf`);
    const pdfPath = join(outDir, `vat-${language}.pdf`);
    await pdf.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The PDF opens: its first page renders to an image of real size.
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdfPath, join(outDir, `vat-${language}`)]);
    const image = join(outDir, `vat-${language}-1.png`);
    expect(statSync(image).size).toBeGreaterThan(10_000);
    writeFileSync(join(outDir, 'where.txt'), outDir);
    await page.screenshot({ path: join(outDir, `vat-page-${language}.png`), fullPage: true });
  });

  test(`${language}: the books setup and a ledger export run in the background: progress, then the result`, async ({
    page,
  }) => {
    const words = catalog[language].ui.tasks;
    await open(page, language, '/dashboard/accounting');
    await page.getByRole('button', { name: words.setupStart }).click();
    await expect(page.getByTestId('setup-result')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('task-status')).toContainText(words.status.done);
    await page.screenshot({ path: join(outDir, `setup-task-${language}.png`), fullPage: true });

    const accounts = (await api(page.request, 'GET', '/api/v1/accounting/accounts')).items as {
      id: string;
      code: string;
    }[];
    const bank = accounts.find((a) => a.code === '1210')!.id;
    await page.goto(`/dashboard/accounting/general-ledger?accountId=${bank}`);
    await page.getByRole('button', { name: words.exportStart }).click();
    const link = page.getByTestId('export-download');
    await expect(link).toBeVisible({ timeout: 60_000 });
    const file = await page.request.get((await link.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    const text = (await file.body()).toString('utf8');
    expect(text).toContain('date,entry,description,source,debit,credit,balance');
    expect(text).toContain('1000.00'); // the manual entry of this file, paid from the bank
    await page.screenshot({ path: join(outDir, `export-task-${language}.png`), fullPage: true });
  });

  test(`${language}: every accounting screen opens with its figures`, async ({ page }) => {
    await open(page, language, '/dashboard/accounting');
    // Every manual entry of this file paid 1,000.00 from the bank: the figure is the API's, shown in AED.
    const summary = await api(page.request, 'GET', '/api/v1/accounting/summary');
    expect(summary.bank).toBeLessThanOrEqual(-1000);
    await expect(page.getByTestId('figure-bank')).toContainText(
      Math.abs(summary.bank).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    await page.screenshot({ path: join(outDir, `dashboard-${language}.png`), fullPage: true });
    const screens: [string, string][] = [
      ['/dashboard/accounting/chart-of-accounts', 'tr[data-code="5110"]'],
      ['/dashboard/accounting/journal-entries', 'tr[data-entry]'],
      ['/dashboard/accounting/balance-sheet', '[data-testid="bs-status"][data-status="balanced"]'],
      ['/dashboard/accounting/profit-loss', 'tr'],
      ['/dashboard/accounting/journal-entries/new', 'tr[data-line="2"]'],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible();
      await page.screenshot({ path: join(outDir, `${path.split('/').pop()}-${language}.png`), fullPage: true });
    }
  });

  test(`${language}: the self-check runs in the background and the page shows its stored result`, async ({ page }) => {
    await open(page, language, '/dashboard/test-accounts');
    const run = page.getByTestId('self-check-run');
    if (language === 'en') {
      // The file's company has never been checked: the page says so, and the button runs the first check.
      await expect(page.getByTestId('self-check-never')).toHaveText(w.never);
      await expect(run).toHaveText(w.run);
    } else await expect(run).toHaveText(w.rerun);
    const started = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/accounting/self-check') && r.request().method() === 'POST',
    );
    await run.click();
    expect((await started).status()).toBe(202);
    await expect(page.getByTestId('self-check-never')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('self-check-summary')).toHaveText(w.allPassed);
    await expect(page.getByTestId('self-check-checked-at')).toContainText(w.checkedAt);
    await expect(run).toHaveText(w.rerun);
    await expect(run).toBeEnabled();
    const checks = page.locator('[data-check]');
    await expect(checks).toHaveCount(7);
    await expect(page.locator('[data-check][data-passed="false"]')).toHaveCount(0);
    // The result is stored: a fresh visit shows it at once, without a run.
    await page.reload();
    await expect(page.getByTestId('self-check-summary')).toHaveText(w.allPassed);
    await expect(page.getByTestId('self-check-run-status')).toHaveCount(0);
    await page.screenshot({ path: join(outDir, `self-check-${language}.png`), fullPage: true });
  });
}

test.afterAll(() => {
  // Screens and the rendered PDF pages stay in outDir for a person to look at.
  console.log(`accounting e2e artefacts: ${outDir}`);
});

/**
 * Finance in a real browser (issue 10), in English and Arabic: /dashboard/finance — an entry
 * added after its validation shows, the petty cash balance moves with it; a bank account (IBAN
 * checked), a transfer into it, its statement and the operational charges ledger; the links to
 * the related money areas. Issue 26: an expense with VAT (input VAT). Screenshots in both
 * languages (looked at). Invoice automation and the billing timing setting, the other half of
 * issue 10, are in finance-invoice-automation.spec.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, signUpViaApi, useSession, type E2eSession, specCompany } from './helpers';

const outDir = process.env.FINANCE_E2E_OUT ?? mkdtempSync(join(tmpdir(), 'fin-e2e-'));

const { api, open } = specCompany('Desert Drive Rentals', { books: true });

const ENTRY_WORDS = {
  en: {
    title: 'Finance',
    add: 'Add entry',
    fill: 'Please fill all required fields',
    amountRequired: 'Amount is required',
    categoryRequired: 'Category is required',
    amount: 'Amount',
    category: 'Category',
    account: 'Account',
    added: 'Finance entry added',
    fuel: 'Fuel',
    petty: 'Petty cash',
  },
  ar: {
    title: 'المالية',
    add: 'إضافة القيد',
    fill: 'يرجى تعبئة جميع الحقول المطلوبة',
    amountRequired: 'المبلغ مطلوب',
    categoryRequired: 'الفئة مطلوبة',
    amount: 'المبلغ',
    category: 'الفئة',
    account: 'الحساب',
    added: 'أُضيف القيد المالي',
    fuel: 'الوقود',
    petty: 'النثرية',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = ENTRY_WORDS[language];
  test(`${language}: add a finance entry, seeing the validation first`, async ({ page }) => {
    await open(page, language, '/dashboard/finance');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.getByTestId('finance-fill-required')).toHaveText(w.fill);
    await expect(page.getByText(w.amountRequired)).toBeVisible();
    await expect(page.getByText(w.categoryRequired)).toBeVisible();
    await page.screenshot({ path: join(outDir, `finance-validation-${language}.png`), fullPage: true });
    const amount = language === 'ar' ? '95.25' : '120.50';
    await page.getByLabel(w.amount, { exact: true }).fill(amount);
    await page.getByLabel(w.category, { exact: true }).selectOption({ label: w.fuel });
    await page.getByLabel(w.account, { exact: true }).selectOption({ label: w.petty });
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.getByText(w.added)).toBeVisible();
    const entries = await api(page.request, 'GET', '/api/v1/finance/entries');
    const mine = entries.items.find((e: { amount: number }) => e.amount === Number(amount));
    expect(mine).toMatchObject({ type: 'expense', category: 'fuel', account: 'petty_cash' });
    await expect(page.locator(`tr[data-entry="${mine.id}"]`)).toContainText(w.petty);
    // The petty cash balance (from the GL) moved by the expense.
    const accounts = await api(page.request, 'GET', '/api/v1/finance/accounts');
    const petty = accounts.items.find((a: { id: string }) => a.id === 'petty_cash');
    expect(petty.balance).toBeLessThanOrEqual(-Number(amount));
    await expect(page.getByTestId('finance-balances').locator('[data-account="petty_cash"]')).toContainText(
      Math.abs(petty.balance).toFixed(2),
    );
    await page.screenshot({ path: join(outDir, `finance-entries-${language}.png`), fullPage: true });
  });
}

/**
 * Issue 26: an expense with the VAT of its tax invoice, in a UAE company with VAT on (its own
 * sign-up: the company above is a US one). The VAT field shows for expenses; "Use 5 %" fills the
 * VAT inside the amount; VAT ≥ amount is refused under the field; the entry shows its VAT in the
 * list and posts input VAT (1510, AE_IN_SR) that VAT 201 box 9 counts.
 */
const VAT_WORDS = {
  en: {
    add: 'Add entry',
    amount: 'Amount',
    category: 'Category',
    vat: 'VAT included (optional)',
    fill: 'Use 5 %:',
    form: 'Add finance entry',
    tooLarge: 'VAT must be less than the amount',
    added: 'Finance entry added',
    fuel: 'Fuel',
    insurance: 'Insurance',
    income: 'Income',
    type: 'Type',
  },
  ar: {
    add: 'إضافة القيد',
    amount: 'المبلغ',
    category: 'الفئة',
    vat: 'ضريبة القيمة المضافة المشمولة (اختياري)',
    fill: 'استخدم 5٪:',
    form: 'إضافة قيد مالي',
    tooLarge: 'يجب أن تكون ضريبة القيمة المضافة أقل من المبلغ',
    added: 'أُضيف القيد المالي',
    fuel: 'الوقود',
    insurance: 'التأمين',
    income: 'إيراد',
    type: 'النوع',
  },
} as const;
let vatSession: E2eSession;

for (const language of ['en', 'ar'] as const) {
  const w = VAT_WORDS[language];
  test(`${language}: an expense with VAT in a UAE company posts input VAT into VAT 201 box 9`, async ({
    page,
    request,
  }) => {
    if (!vatSession) {
      vatSession = await signUpViaApi(request, { tenantName: `Gulf Fleet ${Date.now().toString(36).slice(-4)}` });
      const settings = await apiAs(request, vatSession, 'GET', '/api/v1/company/settings');
      await apiAs(request, vatSession, 'PUT', '/api/v1/company/settings', {
        version: settings.version,
        preferences: { region: 'AE' },
        enableVat: true,
        vatNumber: '100234567800003',
      });
    }
    await page.addInitScript((lang) => localStorage.setItem('sy_language', lang), language);
    await useSession(page, vatSession, '/dashboard/finance');
    const form = page.getByRole('form', { name: w.form });
    // The same receipt in both languages: fuel 180.50 in English, insurance 1,575 in Arabic.
    const [amount, category, vat] = language === 'en' ? ['180.50', w.fuel, 8.6] : ['1575', w.insurance, 75];
    await form.getByLabel(w.amount, { exact: true }).fill(amount);
    await form.getByLabel(w.category, { exact: true }).selectOption({ label: category });
    const vatField = form.getByLabel(w.vat, { exact: true });
    await vatField.fill(amount);
    await form.getByRole('button', { name: w.add }).click();
    await expect(form.getByText(w.tooLarge)).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, `finance-vat-form-${language}.png`) });
    await form.getByRole('button', { name: w.fill }).click();
    await expect(vatField).toHaveValue(vat.toFixed(2));
    await form.getByRole('button', { name: w.add }).click();
    await expect(page.getByText(w.added)).toBeVisible();

    const entries = await apiAs(page.request, vatSession, 'GET', '/api/v1/finance/entries');
    const mine = entries.items.find((e: { amount: number }) => e.amount === Number(amount));
    expect(mine).toMatchObject({ type: 'expense', vatAmount: vat });
    await expect(page.locator(`tr[data-entry="${mine.id}"] [data-vat]`)).toContainText(vat.toFixed(2));
    const journal = await apiAs(
      page.request,
      vatSession,
      'GET',
      '/api/v1/accounting/journal-entries?source=finance&limit=10',
    );
    const lines = journal.items
      .find((j: { sourceId: string }) => j.sourceId === mine.id)
      .lines.map((l: { accountCode: string; debit: number; vatCode: string | null }) => [
        l.accountCode,
        l.debit,
        l.vatCode,
      ]);
    expect(lines).toContainEqual(['1510', vat, 'AE_IN_SR']);
    const today = (await apiAs(page.request, vatSession, 'GET', '/api/v1/accounting/summary')).asOf;
    const report = await apiAs(
      page.request,
      vatSession,
      'GET',
      `/api/v1/accounting/vat-report?from=2000-01-01&to=${today}`,
    );
    const box9 = report.boxes.find((b: { box: string }) => b.box === '9');
    expect(box9.vat).toBe(language === 'en' ? 8.6 : 83.6); // the English receipt, then the Arabic one added to it
    // Income takes no VAT: the field goes away.
    await form.getByLabel(w.type, { exact: true }).selectOption({ label: w.income });
    await expect(form.getByLabel(w.vat, { exact: true })).toHaveCount(0);
    await page.screenshot({ path: join(outDir, `finance-vat-list-${language}.png`), fullPage: true });
  });
}

const MONEY_WORDS = {
  en: {
    addBank: 'Add bank account',
    name: 'Account name',
    bank: 'Bank',
    iban: 'IBAN',
    checksum: "This IBAN's check digits do not match: check it for a typo",
    bankAdded: 'Bank account added',
    transfer: 'Transfer',
    from: 'From',
    to: 'To',
    amount: 'Amount',
    save: 'Record transfer',
    done: 'Transfer recorded',
    cash: 'Cash box',
    statement: 'Statement',
    opening: 'Opening balance',
    closing: 'Closing balance',
    operational: 'Operational charges',
    operationalTitle: 'Operational charges ledger',
    fuel: 'Fuel',
    close: 'Close',
    account: {
      name: 'Operations',
      bank: 'Emirates NBD',
      iban: 'AE07 0331 2345 6789 0123 456',
      typo: 'AE07 0331 2345 6789 0123 457',
    },
  },
  ar: {
    addBank: 'إضافة حساب بنكي',
    name: 'اسم الحساب',
    bank: 'البنك',
    iban: 'رقم الآيبان',
    checksum: 'خانتا التحقق في هذا الآيبان غير مطابقتين: تحقّق من وجود خطأ في الكتابة',
    bankAdded: 'أُضيف الحساب البنكي',
    transfer: 'تحويل',
    from: 'من',
    to: 'إلى',
    amount: 'المبلغ',
    save: 'تسجيل التحويل',
    done: 'سُجّل التحويل',
    cash: 'الصندوق',
    statement: 'كشف الحساب',
    opening: 'الرصيد الافتتاحي',
    closing: 'الرصيد الختامي',
    operational: 'المصاريف التشغيلية',
    operationalTitle: 'دفتر المصاريف التشغيلية',
    fuel: 'الوقود',
    close: 'إغلاق',
    account: {
      name: 'الرواتب',
      bank: 'مصرف الراجحي',
      iban: 'SA03 8000 0000 6080 1016 7519',
      typo: 'SA03 8000 0000 6080 1016 7518',
    },
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = MONEY_WORDS[language];
  test(`${language}: add a bank account (IBAN checked), transfer into it, open its statement and the operational charges`, async ({
    page,
  }) => {
    // Cash to transfer: an income into the cash box.
    await api(page.request, 'POST', '/api/v1/finance/entries', {
      type: 'income',
      amount: 1000,
      category: 'other_income',
      account: 'cash_box',
    });
    await open(page, language, '/dashboard/finance');
    await page.getByRole('button', { name: w.addBank }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.name, { exact: true }).fill(w.account.name);
    await dialog.getByLabel(w.bank, { exact: true }).fill(w.account.bank);
    await dialog.getByLabel(w.iban, { exact: true }).fill(w.account.typo);
    await dialog.getByRole('button', { name: w.addBank }).click();
    await expect(dialog.getByText(w.checksum)).toBeVisible();
    await page.screenshot({ path: join(outDir, `finance-bank-iban-${language}.png`), fullPage: true });
    await dialog.getByLabel(w.iban, { exact: true }).fill(w.account.iban);
    await dialog.getByRole('button', { name: w.addBank }).click();
    await expect(page.getByText(w.bankAdded)).toBeVisible();
    const accounts = await api(page.request, 'GET', '/api/v1/finance/accounts');
    const added = accounts.items.find((a: { name: string | null }) => a.name === w.account.name);
    expect(added).toMatchObject({ kind: 'bank', balance: 0 });
    const label = `${w.account.name} · ${w.account.bank}`;

    await page.getByRole('button', { name: w.transfer, exact: true }).click();
    const transfer = page.getByRole('dialog');
    await transfer.getByLabel(w.from, { exact: true }).selectOption({ label: w.cash });
    await transfer.getByLabel(w.to, { exact: true }).selectOption({ label });
    await transfer.getByLabel(w.amount, { exact: true }).fill('400');
    await transfer.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.done)).toBeVisible();
    await expect(page.getByTestId('finance-balances').locator(`[data-account="${added.id}"]`)).toContainText('400.00');
    const transfers = await api(page.request, 'GET', '/api/v1/finance/transfers');
    expect(transfers.items[0]).toMatchObject({ from: 'cash_box', to: added.id, amount: 400 });
    await expect(page.locator(`tr[data-transfer="${transfers.items[0].id}"]`)).toContainText(label);

    await page.getByRole('button', { name: `${w.statement} — ${label}` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('statement-iban')).toHaveText(w.account.iban);
    await expect(drawer.getByText(w.opening)).toBeVisible();
    await expect(drawer.getByText(w.closing)).toBeVisible();
    await expect(drawer.getByTestId('statement-closing')).toContainText('400.00');
    await page.screenshot({ path: join(outDir, `finance-statement-${language}.png`) });
    await drawer.getByRole('button', { name: w.close }).click();

    await page.getByRole('button', { name: w.operational }).click();
    const ledger = page.getByRole('dialog');
    await expect(ledger.getByText(w.operationalTitle)).toBeVisible();
    await expect(ledger.getByTestId('operational-table')).toContainText(w.fuel);
    await page.screenshot({ path: join(outDir, `finance-operational-${language}.png`) });
  });
}

const RELATED = {
  en: {
    ledger: 'Operational charges ledger',
    deposits: 'Deposits',
    aging: 'Outstanding Balances',
    protection: 'Revenue Protection',
  },
  ar: {
    ledger: 'دفتر المصاريف التشغيلية',
    deposits: 'الودائع',
    aging: 'الأرصدة المستحقة',
    protection: 'حماية الإيرادات',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = RELATED[language];
  test(`${language}: the dashboard's operational charges link opens the ledger; finance links to deposits, balances and revenue protection`, async ({
    page,
  }) => {
    // Signed in on the page first (the session helper waits for its heading, which an open drawer hides).
    await open(page, language, '/dashboard/finance');
    await page.goto('/dashboard/finance?drawer=operational');
    await expect(page.getByRole('dialog').getByText(w.ledger)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const related = page.getByRole('navigation', {
      name: language === 'en' ? 'Related money areas' : 'مجالات مالية ذات صلة',
    });
    for (const name of [w.aging, w.protection])
      await expect(related.getByRole('link', { name, exact: true })).toBeVisible();
    await related.getByRole('link', { name: w.deposits, exact: true }).click();
    await expect(page).toHaveURL(/\/deposits$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.deposits);
  });
}

import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put, setupBooks, checkBooks } from '../../test/integration/client';
import { createStaffUser, registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { FINANCE_MESSAGES } from '../../shared/schemas/finance';

/**
 * Finance entries over HTTP (issue 10): the spec's validation messages verbatim and nothing
 * written on bad input; an income and an expense post their journals (cash box / bank against
 * the category's account) and the accounting self-check stays green; a retry with the same
 * Idempotency-Key writes one entry; STAFF reads, MECHANIC 403, another company sees nothing.
 */
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;

const entries = async (token = owner) => {
  const res = await get('/api/v1/finance/entries?limit=100', token);
  expect(res.status).toBe(200);
  return res.body.items as {
    id: string;
    type: string;
    amount: number;
    category: string;
    account: string;
    journalEntryId: string;
  }[];
};

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  expect((await setupBooks(owner)).status).toBe(200);
});

describe('finance entries', () => {
  it('bad input: the spec messages verbatim, nothing written', async () => {
    const empty = await post('/api/v1/finance/entries', { type: 'expense' }, owner);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      amount: FINANCE_MESSAGES.amountRequired,
      category: FINANCE_MESSAGES.categoryRequired,
    });
    expect(FINANCE_MESSAGES).toMatchObject({
      amountRequired: 'Amount is required',
      amountPositive: 'Amount must be positive',
      categoryRequired: 'Category is required',
      fillRequired: 'Please fill all required fields',
    });
    const negative = await post('/api/v1/finance/entries', { type: 'expense', amount: -5, category: 'fuel' }, owner);
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields.amount).toBe('Amount must be positive');
    const zero = await post('/api/v1/finance/entries', { type: 'income', amount: 0, category: 'other_income' }, owner);
    expect(zero.body.error.fields.amount).toBe('Amount must be positive');
    const blankCategory = await post('/api/v1/finance/entries', { type: 'income', amount: 10, category: '  ' }, owner);
    expect(blankCategory.body.error.fields.category).toBe('Category is required');
    const wrongType = await post('/api/v1/finance/entries', { type: 'income', amount: 10, category: 'fuel' }, owner);
    expect(wrongType.body.error.fields.category).toBe(FINANCE_MESSAGES.categoryInvalid);
    expect(await entries()).toEqual([]);
    const journal = await get('/api/v1/accounting/journal-entries?source=finance&limit=10', owner);
    expect(journal.body.items).toEqual([]);
  });

  it('an income and an expense post their journals; the self-check stays green; one entry per Idempotency-Key', async () => {
    const income = await post(
      '/api/v1/finance/entries',
      { type: 'income', amount: 250.5, category: 'other_income', notes: 'Parking space rent', account: 'bank' },
      owner,
    );
    expect(income.status, JSON.stringify(income.body)).toBe(201);
    const key = { 'Idempotency-Key': 'fuel-2026-11-26' };
    const send = () =>
      post(
        '/api/v1/finance/entries',
        { type: 'expense', amount: 80, category: 'fuel', account: 'petty_cash' },
        owner,
        key,
      );
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const list = await entries();
    expect(list.map((e) => [e.type, e.amount, e.account]).sort()).toEqual([
      ['expense', 80, 'petty_cash'],
      ['income', 250.5, 'bank'],
    ]);

    const journal = await get('/api/v1/accounting/journal-entries?source=finance&limit=10', owner);
    const lines = journal.body.items as {
      sourceId: string;
      lines: { accountCode: string; debit: number; credit: number }[];
    }[];
    expect(lines).toHaveLength(2);
    const byEntry = Object.fromEntries(
      lines.map((j) => [j.sourceId, j.lines.map((l) => [l.accountCode, l.debit, l.credit])]),
    );
    expect(byEntry[income.body.id]).toEqual(
      expect.arrayContaining([
        ['1210', 250.5, 0],
        ['4180', 0, 250.5],
      ]),
    );
    expect(byEntry[a.body.id]).toEqual(
      expect.arrayContaining([
        ['5120', 80, 0],
        ['1120', 0, 80],
      ]),
    );
    const check = await checkBooks(owner);
    for (const c of check.body.checks) expect(c.passed, c.name).toBe(true);

    // Balances and the bank statement are views of the GL.
    const accounts = await get('/api/v1/finance/accounts', t.staff.token);
    expect(accounts.status).toBe(200);
    expect(
      accounts.body.items.map((a: { id: string; code: string; balance: number }) => [a.id, a.code, a.balance]),
    ).toEqual([
      ['cash_box', '1110', 0],
      ['petty_cash', '1120', -80],
      ['bank', '1210', 250.5],
    ]);
    const day = income.body.date as string;
    const statement = await get(`/api/v1/finance/accounts/bank/statement?from=${day}&to=${day}`, owner);
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body).toMatchObject({ opening: 0, closing: 250.5, totalDebit: 250.5, totalCredit: 0 });
    expect(statement.body.items.map((l: { debit: number; balance: number }) => [l.debit, l.balance])).toEqual([
      [250.5, 250.5],
    ]);
    expect((await get(`/api/v1/finance/accounts/vault/statement?from=${day}&to=${day}`, owner)).status).toBe(404); // an unknown account
  });

  it('roles and tenancy', async () => {
    expect((await get('/api/v1/finance/entries', t.staff.token)).status).toBe(200);
    expect(
      (await post('/api/v1/finance/entries', { type: 'expense', amount: 5, category: 'fuel' }, t.staff.token)).status,
    ).toBe(403);
    expect((await get('/api/v1/finance/entries', t.mechanic.token)).status).toBe(403);
    expect(await entries(other.token)).toEqual([]);
  });
});

/**
 * Issue 26: an expense with the VAT of its tax invoice. A UAE company with VAT on posts the
 * expense net and the VAT to input VAT (1510) with AE_IN_SR, so VAT 201 box 9 counts it (and a
 * KSA company's box 7); the reversal takes it out again; the self-check stays green. VAT off, a
 * US company, income with VAT, VAT ≥ amount → 400 on vatAmount and nothing written.
 */
describe('finance entries with input VAT', () => {
  const SETTINGS = '/api/v1/company/settings';
  const vatOn = async (token: string, vatNumber: string) => {
    const s = (await get(SETTINGS, token)).body;
    const on = await put(SETTINGS, { version: s.version, enableVat: true, vatNumber }, token);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
  };
  const today = async (token: string) => (await get('/api/v1/accounting/summary', token)).body.asOf as string;
  const vatBox = async (token: string, box: string) => {
    const res = await get(`/api/v1/accounting/vat-report?from=2000-01-01&to=${await today(token)}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.boxes as { box: string; amount: number; vat: number }[]).find((b) => b.box === box)!;
  };
  const financeJournal = async (token: string) =>
    (await get('/api/v1/accounting/journal-entries?source=finance&limit=20', token)).body.items as {
      id: string;
      sourceId: string;
      lines: { accountCode: string; debit: number; credit: number; vatCode: string | null }[];
    }[];
  const allGreen = async (token: string) => {
    const check = await checkBooks(token);
    expect(check.status).toBe(200);
    for (const c of check.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
  };

  it('UAE, VAT on: fuel 180.50 with 8.60 VAT → Dr 5120 171.90 + Dr 1510 8.60 (AE_IN_SR) / Cr petty cash 180.50; box 9; the reversal undoes it', async () => {
    const ae = await registerTenant({ region: 'AE' });
    await vatOn(ae.token, '100234567800003');
    const admin = await createStaffUser(ae.token, 'ADMIN');
    const staff = await createStaffUser(ae.token, 'STAFF');
    const body = {
      type: 'expense',
      amount: 180.5,
      vatAmount: 8.6,
      category: 'fuel',
      account: 'petty_cash',
      notes: 'ENOC receipt',
    };
    expect((await post('/api/v1/finance/entries', body, staff.token)).status).toBe(403);
    const res = await post('/api/v1/finance/entries', body, admin.token, { 'Idempotency-Key': 'fuel-vat-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ amount: 180.5, vatAmount: 8.6, type: 'expense' });
    const listed = (await get('/api/v1/finance/entries?limit=10', staff.token)).body.items;
    expect(listed.map((e: { amount: number; vatAmount: number | null }) => [e.amount, e.vatAmount])).toEqual([
      [180.5, 8.6],
    ]);

    const entry = (await financeJournal(ae.token)).find((j) => j.sourceId === res.body.id)!;
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit, l.vatCode])).toEqual([
      ['5120', 171.9, 0, 'AE_IN_SR'],
      ['1510', 8.6, 0, 'AE_IN_SR'],
      ['1120', 0, 180.5, null],
    ]);
    expect(await vatBox(ae.token, '9')).toMatchObject({ amount: 171.9, vat: 8.6 });
    const accounts = (await get('/api/v1/finance/accounts', ae.token)).body.items as { id: string; balance: number }[];
    expect(accounts.find((a) => a.id === 'petty_cash')!.balance).toBe(-180.5); // the money account pays the gross
    await allGreen(ae.token);

    // Another company cannot reverse it (404); the reversal reverses the VAT too.
    const other = await registerTenant({ region: 'AE' });
    expect((await post(`/api/v1/finance/entries/${res.body.id}/reverse`, {}, other.token)).status).toBe(404);
    const rev = await post(
      `/api/v1/finance/entries/${res.body.id}/reverse`,
      { reason: 'Duplicate receipt' },
      admin.token,
    );
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    expect(rev.body).toMatchObject({ reversed: true, vatAmount: 8.6 });
    const reversal = (await financeJournal(ae.token)).find((j) => j.sourceId === res.body.id && j.id !== entry.id)!;
    expect(reversal.lines.map((l) => [l.accountCode, l.debit, l.credit, l.vatCode])).toEqual([
      ['5120', 0, 171.9, 'AE_IN_SR'],
      ['1510', 0, 8.6, 'AE_IN_SR'],
      ['1120', 180.5, 0, null],
    ]);
    expect(await vatBox(ae.token, '9')).toMatchObject({ amount: 0, vat: 0 });
    await allGreen(ae.token);
  });

  it('KSA, VAT on: insurance 1,150 with 150 VAT lands in box 7 (standard rated domestic purchases)', async () => {
    const sa = await registerTenant({ region: 'SA' });
    await vatOn(sa.token, '300000000000003');
    const res = await post(
      '/api/v1/finance/entries',
      { type: 'expense', amount: 1150, vatAmount: 150, category: 'insurance', account: 'bank' },
      sa.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await vatBox(sa.token, '7')).toMatchObject({ amount: 1000, vat: 150 });
    await allGreen(sa.token);
  });

  it('refused with a field message and nothing written: VAT off, a US company, VAT on income, VAT ≥ amount', async () => {
    const [aeOff, us] = await Promise.all([registerTenant({ region: 'AE' }), registerTenant({ region: 'US' })]);
    await vatOn(us.token, '12-3456789');
    const expense = { type: 'expense', amount: 105, vatAmount: 5, category: 'insurance' };
    const off = await post('/api/v1/finance/entries', expense, aeOff.token);
    expect(off.status).toBe(400);
    expect(off.body.error.fields).toEqual({ vatAmount: FINANCE_MESSAGES.vatOff });
    const usRes = await post('/api/v1/finance/entries', expense, us.token);
    expect(usRes.status).toBe(400);
    expect(usRes.body.error.fields).toEqual({ vatAmount: FINANCE_MESSAGES.vatNoInput });
    const income = await post(
      '/api/v1/finance/entries',
      { type: 'income', amount: 105, vatAmount: 5, category: 'other_income' },
      aeOff.token,
    );
    expect(income.body.error.fields.vatAmount).toBe(FINANCE_MESSAGES.vatExpensesOnly);
    const whole = await post('/api/v1/finance/entries', { ...expense, vatAmount: 105 }, aeOff.token);
    expect(whole.body.error.fields.vatAmount).toBe(FINANCE_MESSAGES.vatTooLarge);
    for (const token of [aeOff.token, us.token]) {
      expect(await entries(token)).toEqual([]);
      expect(await financeJournal(token)).toEqual([]);
    }
    // Without VAT the same expense is fine in both (VAT is optional).
    expect((await post('/api/v1/finance/entries', { ...expense, vatAmount: undefined }, us.token)).status).toBe(201);
    expect((await post('/api/v1/finance/entries', { ...expense, vatAmount: 0 }, aeOff.token)).status).toBe(201);
  });
});

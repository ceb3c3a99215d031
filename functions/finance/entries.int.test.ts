import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
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
  return res.body.items as { id: string; type: string; amount: number; category: string; account: string; journalEntryId: string }[];
};

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  expect((await post('/api/v1/accounting/setup', {}, owner)).status).toBe(200);
});

describe('finance entries', () => {
  it('bad input: the spec messages verbatim, nothing written', async () => {
    const empty = await post('/api/v1/finance/entries', { type: 'expense' }, owner);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({ amount: FINANCE_MESSAGES.amountRequired, category: FINANCE_MESSAGES.categoryRequired });
    expect(FINANCE_MESSAGES).toMatchObject({ amountRequired: 'Amount is required', amountPositive: 'Amount must be positive', categoryRequired: 'Category is required', fillRequired: 'Please fill all required fields' });
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
    const income = await post('/api/v1/finance/entries', { type: 'income', amount: 250.5, category: 'other_income', notes: 'Parking space rent', account: 'bank' }, owner);
    expect(income.status, JSON.stringify(income.body)).toBe(201);
    const key = { 'Idempotency-Key': 'fuel-2026-11-26' };
    const send = () => post('/api/v1/finance/entries', { type: 'expense', amount: 80, category: 'fuel', account: 'petty_cash' }, owner, key);
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const list = await entries();
    expect(list.map((e) => [e.type, e.amount, e.account]).sort()).toEqual([['expense', 80, 'petty_cash'], ['income', 250.5, 'bank']]);

    const journal = await get('/api/v1/accounting/journal-entries?source=finance&limit=10', owner);
    const lines = (journal.body.items as { sourceId: string; lines: { accountCode: string; debit: number; credit: number }[] }[]);
    expect(lines).toHaveLength(2);
    const byEntry = Object.fromEntries(lines.map((j) => [j.sourceId, j.lines.map((l) => [l.accountCode, l.debit, l.credit])]));
    expect(byEntry[income.body.id]).toEqual(expect.arrayContaining([['1210', 250.5, 0], ['4180', 0, 250.5]]));
    expect(byEntry[a.body.id]).toEqual(expect.arrayContaining([['5120', 80, 0], ['1120', 0, 80]]));
    const check = await get('/api/v1/accounting/self-check', owner);
    for (const c of check.body.checks) expect(c.passed, c.name).toBe(true);

    // Balances and the bank statement are views of the GL.
    const accounts = await get('/api/v1/finance/accounts', t.staff.token);
    expect(accounts.status).toBe(200);
    expect(accounts.body.items).toEqual([{ id: 'cash_box', code: '1110', balance: 0 }, { id: 'petty_cash', code: '1120', balance: -80 }, { id: 'bank', code: '1210', balance: 250.5 }]);
    const day = income.body.date as string;
    const statement = await get(`/api/v1/finance/accounts/bank/statement?from=${day}&to=${day}`, owner);
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body).toMatchObject({ opening: 0, closing: 250.5, totalDebit: 250.5, totalCredit: 0 });
    expect(statement.body.items.map((l: { debit: number; balance: number }) => [l.debit, l.balance])).toEqual([[250.5, 250.5]]);
    expect((await get(`/api/v1/finance/accounts/vault/statement?from=${day}&to=${day}`, owner)).status).toBe(404); // an unknown account
  });

  it('roles and tenancy', async () => {
    expect((await get('/api/v1/finance/entries', t.staff.token)).status).toBe(200);
    expect((await post('/api/v1/finance/entries', { type: 'expense', amount: 5, category: 'fuel' }, t.staff.token)).status).toBe(403);
    expect((await get('/api/v1/finance/entries', t.mechanic.token)).status).toBe(403);
    expect(await entries(other.token)).toEqual([]);
  });
});

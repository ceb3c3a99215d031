import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, get, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { FINANCE_MESSAGES } from '../../shared/schemas/finance';
import { IBAN_MESSAGES } from '../../shared/finance/iban';

/**
 * Money accounts over HTTP (issue 10): adding a bank account (IBAN mod-97 check, messages
 * verbatim, nothing written on bad input, its own GL account), transfers between the cash box,
 * petty cash and banks (journal, Idempotency-Key, cash cannot go below zero), corrections as
 * reversals, the bank statement (JSON, CSV with BOM, PDF), the operational charges ledger and an
 * entry's receipt file; the accounting self-check stays green.
 */
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let owner: string;
let currency: string;
const IBAN = 'AE07 0331 2345 6789 0123 456';

type Acc = {
  id: string;
  kind: string;
  code: string;
  name: string | null;
  iban: string | null;
  currency: string;
  balance: number;
};
const accounts = async (token = owner) => (await get('/api/v1/finance/accounts', token)).body.items as Acc[];
const balance = async (id: string) => (await accounts()).find((a) => a.id === id)!.balance;
const selfCheckGreen = async () => {
  const check = await checkBooks(owner);
  for (const c of check.body.checks) expect(c.passed, c.name).toBe(true);
};
const financeJournal = async () =>
  (await get('/api/v1/accounting/journal-entries?source=finance&limit=50', owner)).body.items as {
    id: string;
    sourceId: string;
    reversalOfId: string | null;
    lines: { accountCode: string; debit: number; credit: number }[];
  }[];

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
  expect((await setupBooks(owner)).status).toBe(200);
  currency = (await accounts())[0].currency;
});

describe('bank accounts', () => {
  it('bad input: clear messages, nothing written', async () => {
    const empty = await post('/api/v1/finance/accounts', {}, owner);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      name: FINANCE_MESSAGES.bankNameRequired,
      bank: FINANCE_MESSAGES.bankRequired,
      iban: IBAN_MESSAGES.required,
      currency: FINANCE_MESSAGES.currencyRequired,
    });
    const typo = await post(
      '/api/v1/finance/accounts',
      { name: 'Operations', bank: 'Emirates NBD', iban: 'AE07 0331 2345 6789 0123 457', currency },
      owner,
    );
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields.iban).toBe("This IBAN's check digits do not match: check it for a typo");
    const short = await post(
      '/api/v1/finance/accounts',
      { name: 'Operations', bank: 'Emirates NBD', iban: 'AE07 0331 2345 6789 0123 45', currency },
      owner,
    );
    expect(short.body.error.fields.iban).toBe(IBAN_MESSAGES.length);
    const garbage = await post(
      '/api/v1/finance/accounts',
      { name: 'Operations', bank: 'Emirates NBD', iban: '12345', currency },
      owner,
    );
    expect(garbage.body.error.fields.iban).toBe(IBAN_MESSAGES.format);
    const otherCurrency = await post(
      '/api/v1/finance/accounts',
      { name: 'Operations', bank: 'Emirates NBD', iban: IBAN, currency: currency === 'USD' ? 'AED' : 'USD' },
      owner,
    );
    expect(otherCurrency.status).toBe(400);
    expect(otherCurrency.body.error.fields.currency).toBe(FINANCE_MESSAGES.currencyNotCompany);
    expect((await accounts()).map((a) => a.id)).toEqual(['cash_box', 'petty_cash', 'bank']);
    const chart = await get('/api/v1/accounting/accounts', owner);
    expect(chart.body.items.some((a: { code: string }) => a.code === '1211')).toBe(false);
  });

  it('adds a bank account with its own GL account; one account per IBAN; STAFF may not add', async () => {
    expect(
      (await post('/api/v1/finance/accounts', { name: 'Ops', bank: 'ENBD', iban: IBAN, currency }, t.staff.token))
        .status,
    ).toBe(403);
    const res = await post(
      '/api/v1/finance/accounts',
      { name: 'Operations', bank: 'Emirates NBD', iban: IBAN, currency },
      owner,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'bank',
      code: '1211',
      name: 'Operations',
      bank: 'Emirates NBD',
      iban: 'AE070331234567890123456',
      balance: 0,
    });
    const again = await post(
      '/api/v1/finance/accounts',
      { name: 'Again', bank: 'Emirates NBD', iban: 'ae070331234567890123456', currency },
      owner,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.fields.iban).toBe(FINANCE_MESSAGES.ibanTaken);
    const second = await post(
      '/api/v1/finance/accounts',
      { name: 'Payroll', bank: 'Al Rajhi', iban: 'SA03 8000 0000 6080 1016 7519', currency },
      owner,
    );
    expect(second.body.code).toBe('1212');
    expect((await accounts()).map((a) => [a.kind, a.code, a.name])).toEqual([
      ['cash_box', '1110', null],
      ['petty_cash', '1120', null],
      ['bank', '1210', null],
      ['bank', '1211', 'Operations'],
      ['bank', '1212', 'Payroll'],
    ]);
    const chart = await get('/api/v1/accounting/accounts', owner);
    expect(chart.body.items.find((a: { code: string }) => a.code === '1211')).toMatchObject({
      name: 'Bank — Operations',
      type: 'asset',
    });
  });
});

describe('transfers, reversals, statement, operational charges', () => {
  let bankId: string;
  beforeAll(async () => {
    bankId = (await accounts()).find((a) => a.name === 'Operations')!.id;
  });

  it('bad input and an empty cash box: clear messages, nothing written', async () => {
    const same = await post('/api/v1/finance/transfers', { from: 'cash_box', to: 'cash_box', amount: 10 }, owner);
    expect(same.status).toBe(400);
    expect(same.body.error.fields.to).toBe(FINANCE_MESSAGES.transferSameAccount);
    const missing = await post('/api/v1/finance/transfers', { from: 'cash_box', to: 'bank' }, owner);
    expect(missing.body.error.fields.amount).toBe(FINANCE_MESSAGES.amountRequired);
    const unknown = await post(
      '/api/v1/finance/transfers',
      { from: 'cash_box', to: '01JZZZZZZZZZZZZZZZZZZZZZZZ', amount: 10 },
      owner,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.to).toBe(FINANCE_MESSAGES.accountInvalid);
    const empty = await post('/api/v1/finance/transfers', { from: 'cash_box', to: bankId, amount: 10 }, owner);
    expect(empty.status).toBe(409);
    expect(empty.body.error.fields.amount).toBe(FINANCE_MESSAGES.transferInsufficient);
    expect((await get('/api/v1/finance/transfers', owner)).body.items).toEqual([]);
    expect(await financeJournal()).toEqual([]);
  });

  it('a transfer posts its journal once per Idempotency-Key; a reversal is the correction, once', async () => {
    expect(
      (
        await post(
          '/api/v1/finance/entries',
          { type: 'income', amount: 500, category: 'other_income', account: 'cash_box' },
          owner,
        )
      ).status,
    ).toBe(201);
    const send = () =>
      post(
        '/api/v1/finance/transfers',
        { from: 'cash_box', to: bankId, amount: 300, notes: 'Deposit of the week' },
        owner,
        { 'Idempotency-Key': 'tr-1' },
      );
    const [a, b] = [await send(), await send()];
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await get('/api/v1/finance/transfers', owner)).body.items).toHaveLength(1);
    expect(await balance('cash_box')).toBe(200);
    expect(await balance(bankId)).toBe(300);
    const entry = (await financeJournal()).find((j) => j.sourceId === a.body.id)!;
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual(
      expect.arrayContaining([
        ['1211', 300, 0],
        ['1110', 0, 300],
      ]),
    );
    await selfCheckGreen();

    expect(
      (await post(`/api/v1/finance/transfers/${a.body.id}/reverse`, { reason: 'Wrong account' }, t.staff.token)).status,
    ).toBe(403);
    const rev = await post(`/api/v1/finance/transfers/${a.body.id}/reverse`, { reason: 'Wrong account' }, owner);
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    expect(rev.body.reversed).toBe(true);
    expect(await balance('cash_box')).toBe(500);
    expect(await balance(bankId)).toBe(0);
    expect((await financeJournal()).filter((j) => j.reversalOfId === a.body.journalEntryId)).toHaveLength(1);
    const twice = await post(`/api/v1/finance/transfers/${a.body.id}/reverse`, {}, owner);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(FINANCE_MESSAGES.alreadyReversed);
    await selfCheckGreen();
  });

  it('an entry is corrected by its reversal', async () => {
    const e = await post(
      '/api/v1/finance/entries',
      { type: 'expense', amount: 40, category: 'fuel', account: bankId },
      owner,
    );
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    expect(await balance(bankId)).toBe(-40);
    const rev = await post(`/api/v1/finance/entries/${e.body.id}/reverse`, {}, owner);
    expect(rev.status).toBe(200);
    expect(await balance(bankId)).toBe(0);
    const list = (await get('/api/v1/finance/entries?limit=100', owner)).body.items as {
      id: string;
      reversed: boolean;
    }[];
    expect(list.find((x) => x.id === e.body.id)!.reversed).toBe(true);
    expect((await post(`/api/v1/finance/entries/${e.body.id}/reverse`, {}, owner)).status).toBe(409);
  });

  it('the bank statement: opening, movements with running balance, closing; CSV (BOM) and PDF downloads', async () => {
    const day = (await post('/api/v1/finance/transfers', { from: 'cash_box', to: bankId, amount: 120 }, owner)).body
      .date as string;
    await post(
      '/api/v1/finance/entries',
      { type: 'expense', amount: 20, category: 'card_fees', account: bankId },
      owner,
    );
    const s = await get(`/api/v1/finance/accounts/${bankId}/statement?from=${day}&to=${day}`, owner);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body).toMatchObject({
      opening: 0,
      totalDebit: 460,
      totalCredit: 360,
      closing: 100,
      moneyAccount: { name: 'Operations', iban: 'AE070331234567890123456' },
    });
    expect(s.body.items.at(-1).balance).toBe(100);
    const download = (q: string) =>
      fetch(
        `${BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/finance/accounts/${bankId}/statement?from=${day}&to=${day}&${q}`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
    const csv = Buffer.from(await (await download('format=csv')).arrayBuffer());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toContain('Balance');
    expect(text).toContain('Opening');
    const pdf = await download('format=pdf&lang=ar');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 4).toString()).toBe('%PDF');
    if (process.env.FINANCE_PDF_OUT) writeFileSync(process.env.FINANCE_PDF_OUT, pdfBytes); // to look at (pdftoppm)
    expect(
      (await get(`/api/v1/finance/accounts/01JZZZZZZZZZZZZZZZZZZZZZZZ/statement?from=${day}&to=${day}`, owner)).status,
    ).toBe(404);
    const other = await registerTenant();
    expect((await get(`/api/v1/finance/accounts/${bankId}/statement?from=${day}&to=${day}`, other.token)).status).toBe(
      404,
    );
  });

  it('the operational charges ledger: expenses by category for the period', async () => {
    const today = (await get('/api/v1/finance/entries?limit=1', owner)).body.items[0].date as string;
    await post(
      '/api/v1/finance/entries',
      { type: 'expense', amount: 75.25, category: 'maintenance', account: 'cash_box' },
      owner,
    );
    const r = await get(`/api/v1/finance/operational-charges?from=${today}&to=${today}`, t.staff.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const by = Object.fromEntries(
      (r.body.items as { category: string | null; code: string; amount: number }[]).map((i) => [
        i.category ?? i.code,
        i.amount,
      ]),
    );
    // fuel 40 reversed → 0 and left out; card fees 20; maintenance 75.25
    expect(by).toEqual({ card_fees: 20, maintenance: 75.25 });
    expect(r.body.total).toBe(95.25);
    expect((await get(`/api/v1/finance/operational-charges?from=${today}&to=${today}`, t.mechanic.token)).status).toBe(
      403,
    );
  });

  it('a receipt file on an entry (uploaded through a presigned URL, checked, linked)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% receipt\n');
    const up = await post(
      '/api/v1/finance/receipts/upload-url',
      { fileName: 'fuel.pdf', contentType: 'application/pdf', size: pdf.length },
      owner,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await fetch(up.body.uploadUrl, { method: 'PUT', body: pdf, headers: up.body.headers })).status).toBe(200);
    const e = await post(
      '/api/v1/finance/entries',
      {
        type: 'expense',
        amount: 12,
        category: 'fuel',
        account: 'petty_cash',
        receipt: { key: up.body.key, name: 'fuel.pdf' },
      },
      owner,
    );
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    const listed = (
      (await get('/api/v1/finance/entries?limit=100', owner)).body.items as {
        id: string;
        receipt: { name: string; url: string } | null;
      }[]
    ).find((x) => x.id === e.body.id)!;
    expect(listed.receipt?.name).toBe('fuel.pdf');
    expect((await fetch(listed.receipt!.url)).status).toBe(200);
    const foreign = await post(
      '/api/v1/finance/entries',
      {
        type: 'expense',
        amount: 12,
        category: 'fuel',
        receipt: { key: 'tenants/someone-else/finance-receipts/x.pdf', name: 'x.pdf' },
      },
      owner,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.receipt).toBe(FINANCE_MESSAGES.receiptInvalid);
    const exe = await post(
      '/api/v1/finance/receipts/upload-url',
      { fileName: 'x.exe', contentType: 'application/x-msdownload', size: 10 },
      owner,
    );
    expect(exe.body.error.fields.contentType).toBe(FINANCE_MESSAGES.receiptType);
  });
});

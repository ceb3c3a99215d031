import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, call, get, patch, post, put, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { accountingRoutes } from '../../shared/routes/accounting';
import { extractTax } from '../../shared/money';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';

/**
 * Accounting over HTTP: the chart at sign-up, accounts and mappings, manual entries (balanced,
 * unbalanced → 400 with nothing written, locked period → 409, reversal), every rental posting
 * rule through the real rental routes in a UAE company with VAT on, 20 concurrent payments on 20
 * rentals, reports (trial balance, GL, balance sheet, P&L, VAT 201, CSV), the self-check, roles
 * (STAFF/MECHANIC 403) and another company's ids (404). The demo company's books: accounting.demo.int.test.ts.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let today: string;
let seq = 0;
const tag = Date.now().toString(36).slice(-4).toUpperCase();

interface Account {
  id: string;
  code: string;
  name: string;
  nameAr: string;
  type: string;
  balance: number;
  isGroup: boolean;
  isActive: boolean;
}
let accounts: Account[];
const acc = (code: string) => accounts.find((a) => a.code === code)!.id;

async function loadAccounts(token = owner) {
  const res = await get('/api/v1/accounting/accounts', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Account[];
}
const balanceOf = async (code: string, token = owner) =>
  (await loadAccounts(token)).find((a) => a.code === code)!.balance;

async function trialBalance(token = owner) {
  const res = await get(`/api/v1/accounting/trial-balance?asOf=${today}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    items: { code: string; debit: number; credit: number }[];
    totals: { debit: number; credit: number };
  };
}

async function selfCheckPassed(token = owner) {
  const res = await checkBooks(token);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
  return res.body.checks as { name: string; passed: boolean }[];
}

async function setCompany(tenantId: string, values: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = {};
  const sets = Object.entries(values).map(([k, v], i) => {
    names[`#f${i}`] = k;
    vals[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  await updateRaw({
    Key: keys.settings(tenantId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: vals,
  });
}

async function vehicleAndCustomer(token = owner) {
  seq += 1;
  const v = await post(
    '/api/v1/vehicles',
    {
      make: 'Kia',
      model: 'K5',
      year: 2024,
      licensePlate: `AC ${tag}${seq}`,
      vin: `ACC${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 1000,
      dailyRate: 100,
      category: 'sedan',
    },
    token,
  );
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  const c = await post(
    '/api/v1/customers',
    { fullNameEnglish: `Books ${tag} ${seq}`, dateOfBirth: '1980-01-01' },
    token,
  );
  expect(c.status).toBe(201);
  return { vehicleId: v.body.id as string, customerId: c.body.id as string };
}

const base = Date.UTC(2033, 0, 3, 10);
async function book(over: Record<string, unknown> = {}, token = owner) {
  const { vehicleId, customerId } = await vehicleAndCustomer(token);
  const start = base + ++seq * 5 * 86_400_000;
  const res = await post(
    '/api/v1/rentals',
    {
      vehicleId,
      customerId,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      dailyRate: 100,
      ...over,
    },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; referenceNumber: string; startDate: string; endDate: string };
}

/**
 * A three-day window starting now: a rental picked up in a test (a pickup far ahead of the start would put years on
 * rent).
 */
const soon = () => ({
  startDate: new Date(Date.now() - 3_600_000).toISOString(),
  endDate: new Date(Date.now() - 3_600_000 + 3 * 86_400_000).toISOString(),
});

async function rentalEntries(rentalId: string, token = owner) {
  const res = await get('/api/v1/accounting/journal-entries?source=rental&limit=100', token);
  expect(res.status).toBe(200);
  return (
    res.body.items as {
      sourceId: string;
      lines: { accountCode: string; debit: number; credit: number; vatCode: string | null }[];
    }[]
  ).filter((e) => e.sourceId === rentalId);
}

/** Net debit − credit per account code over a rental's journal entries. */
async function netByCode(rentalId: string) {
  const net: Record<string, number> = {};
  for (const e of await rentalEntries(rentalId))
    for (const l of e.lines)
      net[l.accountCode] = Math.round(((net[l.accountCode] ?? 0) + l.debit - l.credit) * 100) / 100;
  return Object.fromEntries(Object.entries(net).filter(([, v]) => v !== 0));
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  // A UAE company with VAT on: the region change is followed by POST /accounting/setup.
  await setCompany(t.owner.tenantId, { preferences: { region: 'AE', language: 'en' }, enableVat: true, vatRate: 0.05 });
  expect((await setupBooks(owner)).status).toBe(200);
  accounts = await loadAccounts();
  today = (await get('/api/v1/accounting/summary', owner)).body.asOf;
});

describe('chart of accounts', () => {
  it('every company gets the default chart at sign-up, in English and Arabic; VAT input only where the region taxes', async () => {
    const us = await loadAccounts(other.token);
    const codes = us.map((a) => a.code);
    for (const code of [
      '1110',
      '1120',
      '1210',
      '1250',
      '1260',
      '1310',
      '1320',
      '1330',
      '1340',
      '1710',
      '1780',
      '2110',
      '2160',
      '2170',
      '2180',
      '2310',
      '3100',
      '3300',
      '3400',
      '4110',
      '4120',
      '4130',
      '4140',
      '4150',
      '4160',
      '4170',
      '4180',
      '5110',
      '5120',
      '5130',
      '5140',
      '5150',
      '5160',
      '5170',
      '5210',
      '5230',
    ]) {
      expect(codes).toContain(code);
    }
    expect(codes).not.toContain('1510');
    expect(us.find((a) => a.code === '1110')!.nameAr).toBe('النقد في الصندوق');
    // The UAE company (after its region change) has VAT input too.
    expect(accounts.map((a) => a.code)).toContain('1510');
  });

  it('adds an account under a group (type inherited, code unique), renames it, refuses a leaf parent', async () => {
    const created = await post(
      '/api/v1/accounting/accounts',
      { code: '5240', name: 'Office rent', nameAr: 'إيجار المكتب', parentId: acc('5200') },
      owner,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: 'expense', isGroup: false, isActive: true, balance: 0 });
    const dup = await post(
      '/api/v1/accounting/accounts',
      { code: created.body.code, name: 'Again', parentId: acc('5200') },
      owner,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.code).toBe('This account code is already used');
    const underLeaf = await post(
      '/api/v1/accounting/accounts',
      { code: '5297', name: 'x', parentId: acc('5210') },
      owner,
    );
    expect(underLeaf.status).toBe(400);
    expect(underLeaf.body.error.fields.parentId).toBe('Accounts can only be added under a group');
    const renamed = await patch(
      `/api/v1/accounting/accounts/${created.body.id}`,
      { name: 'Office and showroom rent' },
      owner,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Office and showroom rent');
    accounts = await loadAccounts();
  });

  it('deactivates only at zero balance; system accounts and accounts with a balance stay active', async () => {
    const extra = accounts.find((a) => a.name === 'Office and showroom rent')!;
    const entry = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Rent',
        lines: [
          { accountId: extra.id, type: 'debit', amount: 10 },
          { accountId: acc('1110'), type: 'credit', amount: 10 },
        ],
      },
      owner,
    );
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const refused = await patch(`/api/v1/accounting/accounts/${extra.id}`, { isActive: false }, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('An account can be deactivated only when its balance is zero');
    expect((await post(`/api/v1/accounting/journal-entries/${entry.body.id}/reverse`, {}, owner)).status).toBe(201);
    const ok = await patch(`/api/v1/accounting/accounts/${extra.id}`, { isActive: false }, owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.isActive).toBe(false);
    const posting = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'x',
        lines: [
          { accountId: extra.id, type: 'debit', amount: 1 },
          { accountId: acc('1110'), type: 'credit', amount: 1 },
        ],
      },
      owner,
    );
    expect(posting.status).toBe(400);
    expect(posting.body.error.fields['lines.0.accountId']).toBe('This account is inactive');
    expect((await patch(`/api/v1/accounting/accounts/${acc('1310')}`, { isActive: false }, owner)).status).toBe(409);
  });

  it('payment method mappings: GET lists every method, PUT remaps, a group account is refused', async () => {
    const got = await get('/api/v1/accounting/payment-method-mappings', owner);
    expect(got.body.items.map((m: { method: string }) => m.method).sort()).toEqual([
      'bank_transfer',
      'cash',
      'check',
      'credit_card',
      'debit_card',
      'online',
      'pos_machine',
    ]);
    expect(got.body.items.find((m: { method: string }) => m.method === 'online').accountCode).toBe('1260');
    const bad = await put(
      '/api/v1/accounting/payment-method-mappings',
      { mappings: [{ method: 'check', accountId: acc('1200') }] },
      owner,
    );
    expect(bad.status).toBe(400);
    const ok = await put(
      '/api/v1/accounting/payment-method-mappings',
      { mappings: [{ method: 'check', accountId: acc('1120') }] },
      owner,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.items.find((m: { method: string }) => m.method === 'check').accountCode).toBe('1120');
  });
});

describe('manual journal entries', () => {
  it('posts a balanced entry with a JE- number, increasing; finds it in the GL and the trial balance', async () => {
    const lines = [
      { accountId: acc('5210'), type: 'debit', amount: 1500.5 },
      { accountId: acc('1210'), type: 'credit', amount: 1500.5 },
    ];
    const a = await post('/api/v1/accounting/journal-entries', { date: today, description: 'Salaries', lines }, owner);
    const b = await post(
      '/api/v1/accounting/journal-entries',
      { date: today, description: 'Salaries 2', lines },
      owner,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.entryNumber).toMatch(/^JE-\d+$/);
    expect(Number(b.body.entryNumber.slice(3))).toBeGreaterThan(Number(a.body.entryNumber.slice(3)));
    expect(a.body).toMatchObject({ source: 'manual', totalAmount: 1500.5, isPosted: true });
    const gl = await get(`/api/v1/accounting/general-ledger?accountId=${acc('5210')}&from=${today}&to=${today}`, owner);
    expect(gl.status).toBe(200);
    expect(gl.body.items.map((l: { entryNumber: string }) => l.entryNumber)).toEqual(
      expect.arrayContaining([a.body.entryNumber, b.body.entryNumber]),
    );
    expect(gl.body.closing).toBe(gl.body.opening + gl.body.totalDebit - gl.body.totalCredit);
    const tb = await trialBalance();
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.items.find((r) => r.code === '5210')!.debit).toBeGreaterThanOrEqual(3001);
  });

  it('the GL pages with its cursor: the same lines and running balances as one page, each page at the same cost', async () => {
    const lines = [
      { accountId: acc('5210'), type: 'debit', amount: 10.25 },
      { accountId: acc('1210'), type: 'credit', amount: 10.25 },
    ];
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/v1/accounting/journal-entries', { date: today, description: `Paged ${i}`, lines }, owner))
          .status,
      ).toBe(201);
    const url = `/api/v1/accounting/general-ledger?accountId=${acc('5210')}&from=${today}&to=${today}`;
    const whole = await get(`${url}&limit=500`, owner);
    expect(whole.body.nextCursor).toBeNull();
    const paged: { entryNumber: string; balance: number }[] = [];
    const calls: number[] = [];
    let cursor: string | null = null;
    do {
      const qs = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: { status: number; body: { items: []; nextCursor: string | null }; headers: Headers } = await get(
        `${url}&limit=2${qs}`,
        owner,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      paged.push(...page.body.items);
      calls.push(Number(page.headers.get('x-ddb-calls')));
      cursor = page.body.nextCursor;
    } while (cursor);
    const pick = (l: { entryNumber: string; balance: number }) => [l.entryNumber, l.balance];
    expect(paged.map(pick)).toEqual(whole.body.items.map(pick));
    expect(paged.at(-1)!.balance).toBe(whole.body.closing);
    // A later page reads no earlier line: every page costs what the first does.
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(new Set(calls)).toEqual(new Set([calls[0]]));
    const bad = await get(`${url}&limit=2&cursor=${Buffer.from('{"gl":5}').toString('base64url')}`, owner);
    expect(bad.status).toBe(400);
  });

  it('an unbalanced entry → 400 with the message, and nothing is written', async () => {
    const before = await trialBalance();
    const list = await get('/api/v1/accounting/journal-entries?limit=100', owner);
    const res = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Wrong',
        lines: [
          { accountId: acc('5210'), type: 'debit', amount: 100 },
          { accountId: acc('1110'), type: 'credit', amount: 90 },
        ],
      },
      owner,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Debits and credits must be equal: debits 100.00, credits 90.00');
    const one = await post(
      '/api/v1/accounting/journal-entries',
      { date: today, description: 'One line', lines: [{ accountId: acc('5210'), type: 'debit', amount: 1 }] },
      owner,
    );
    expect(one.status).toBe(400);
    const group = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Group',
        lines: [
          { accountId: acc('5000'), type: 'debit', amount: 1 },
          { accountId: acc('1110'), type: 'credit', amount: 1 },
        ],
      },
      owner,
    );
    expect(group.body.error.fields['lines.0.accountId']).toBe(
      'A group account cannot take postings; choose one of its accounts',
    );
    const badDate = await post(
      '/api/v1/accounting/journal-entries',
      { date: '2026-02-30', description: 'x', lines: [] },
      owner,
    );
    expect(badDate.status).toBe(400);
    expect(await trialBalance()).toEqual(before);
    expect((await get('/api/v1/accounting/journal-entries?limit=100', owner)).body.items.length).toBe(
      list.body.items.length,
    );
  });

  it('reversal: a new entry with swapped lines, linked both ways; a second reversal → 409', async () => {
    const cashBefore = await balanceOf('1110');
    const e = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Fuel',
        lines: [
          { accountId: acc('5120'), type: 'debit', amount: 40 },
          { accountId: acc('1110'), type: 'credit', amount: 40 },
        ],
      },
      owner,
    );
    const r = await post(`/api/v1/accounting/journal-entries/${e.body.id}/reverse`, { reason: 'Wrong car' }, owner);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.reversalOfId).toBe(e.body.id);
    expect(
      r.body.lines.map((l: { accountCode: string; type: string; amount: number }) => [l.accountCode, l.type, l.amount]),
    ).toEqual([
      ['5120', 'credit', 40],
      ['1110', 'debit', 40],
    ]);
    expect((await get(`/api/v1/accounting/journal-entries/${e.body.id}`, owner)).body.reversedById).toBe(r.body.id);
    expect((await post(`/api/v1/accounting/journal-entries/${e.body.id}/reverse`, {}, owner)).status).toBe(409);
    expect((await post(`/api/v1/accounting/journal-entries/${r.body.id}/reverse`, {}, owner)).status).toBe(409);
    expect(await balanceOf('1110')).toBe(cashBefore);
  });

  it('attachments: uploaded through a presigned PUT, kept on the entry, downloadable; a foreign or missing key → 400 and nothing written', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% supplier invoice\n%%EOF\n');
    const up = await post(
      '/api/v1/accounting/attachments/upload-url',
      { fileName: 'rent-invoice.pdf', contentType: 'application/pdf', size: pdf.length },
      owner,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.key).toContain(`tenants/${t.owner.tenantId}/journal/`);
    expect((await fetch(up.body.uploadUrl, { method: 'PUT', body: pdf, headers: up.body.headers })).status).toBe(200);
    const lines = [
      { accountId: acc('5110'), type: 'debit', amount: 2000 },
      { accountId: acc('1210'), type: 'credit', amount: 2000 },
    ];
    const entry = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Workshop invoice',
        lines,
        attachments: [{ key: up.body.key, name: 'rent-invoice.pdf' }],
      },
      owner,
    );
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const detail = await get(`/api/v1/accounting/journal-entries/${entry.body.id}`, owner);
    expect(detail.body.attachments).toHaveLength(1);
    expect(detail.body.attachments[0].name).toBe('rent-invoice.pdf');
    const file = await fetch(detail.body.attachments[0].url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const before = (await get('/api/v1/accounting/journal-entries?limit=100', owner)).body.items.length;
    const foreignKey = up.body.key.replace(t.owner.tenantId, other.tenantId);
    const foreign = await post(
      '/api/v1/accounting/journal-entries',
      { date: today, description: 'x', lines, attachments: [{ key: foreignKey, name: 'a.pdf' }] },
      owner,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.attachments).toBe(
      'This attachment does not belong to your company. Upload it again.',
    );
    const missing = await post(
      '/api/v1/accounting/journal-entries',
      { date: today, description: 'x', lines, attachments: [{ key: `${up.body.key}-gone`, name: 'a.pdf' }] },
      owner,
    );
    expect(missing.body.error.fields.attachments).toBe('The attached file was not found. Upload it again.');
    expect((await get('/api/v1/accounting/journal-entries?limit=100', owner)).body.items.length).toBe(before);
    const exe = await post(
      '/api/v1/accounting/attachments/upload-url',
      { fileName: 'x.exe', contentType: 'application/x-msdownload', size: 10 },
      owner,
    );
    expect(exe.status).toBe(400);
    expect(exe.body.error.fields.contentType).toBe('Attach a PDF, JPG or PNG file');
    expect(
      (
        await post(
          '/api/v1/accounting/attachments/upload-url',
          { fileName: 'big.pdf', contentType: 'application/pdf', size: 11 * 1024 * 1024 },
          owner,
        )
      ).status,
    ).toBe(413);
  });

  it('the lock date is inclusive ("locked through" refuses that date) → 409 naming it in the company format; the OWNER sets it, ADMIN may not', async () => {
    const books = await registerTenant();
    const accs = await loadAccounts(books.token);
    const id = (code: string) => accs.find((a) => a.code === code)!.id;
    const lines = [
      { accountId: id('5140'), type: 'debit', amount: 25 },
      { accountId: id('1210'), type: 'credit', amount: 25 },
    ];
    expect(
      (
        await post(
          '/api/v1/accounting/journal-entries',
          { date: '2024-03-05', description: 'Insurance', lines },
          books.token,
        )
      ).status,
    ).toBe(201);
    const lock = await put('/api/v1/accounting/lock-date', { lockDate: '2024-04-01' }, books.token);
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    for (const date of ['2024-03-31', '2024-04-01']) {
      const refused = await post(
        '/api/v1/accounting/journal-entries',
        { date, description: 'Late', lines },
        books.token,
      );
      expect(refused.status, date).toBe(409);
      expect(refused.body.error.code).toBe('PERIOD_LOCKED');
      // A US company writes dates MM/DD/YYYY; the web shows the same template in Arabic with these params.
      expect(refused.body.error.message).toBe(
        'The books are locked through 04/01/2024: nothing can be posted on or before that date',
      );
      expect(refused.body.error).toMatchObject({
        template: 'The books are locked through {{date}}: nothing can be posted on or before that date',
        params: { date: '04/01/2024' },
      });
    }
    expect(
      (
        await post(
          '/api/v1/accounting/journal-entries',
          { date: '2024-04-02', description: 'The day after the lock date', lines },
          books.token,
        )
      ).status,
    ).toBe(201);
    expect((await put('/api/v1/accounting/lock-date', { lockDate: '2099-01-01' }, books.token)).status).toBe(400);
    expect((await put('/api/v1/accounting/lock-date', { lockDate: null }, t.admin.token)).status).toBe(403);
    const check = await checkBooks(books.token);
    expect(check.body.checks.find((c: { name: string }) => c.name === 'nothingPostedInLockedPeriod').passed).toBe(true);
  });
});

describe('rentals post through the engine (UAE, VAT on)', () => {
  it('booking: no income and no VAT; the initial payment is a customer advance with its VAT (tax point: payment); the deposit requested posts nothing', async () => {
    const rental = await book({
      taxRate: 5,
      securityDeposit: 1000,
      initialPaymentAmount: 105,
      initialPaymentMethod: 'credit_card',
      ...soon(),
    });
    // Issue 26: the booked 315 is not posted; 105 received by card = advance 100 + its VAT 5.
    expect(await netByCode(rental.id)).toEqual({ '1250': 105, '2160': -100, '2310': -5 });
    const entries = await rentalEntries(rental.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].lines.find((l) => l.accountCode === '2310')!.vatCode).toBe('AE_SR_DU');
    // Pickup: rent to 2170 unearned with its VAT; the advance moves onto the receivable.
    expect(
      (await post(`/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner))
        .status,
    ).toBe(200);
    expect(await netByCode(rental.id)).toEqual({ '1310': 210, '2170': -300, '2310': -15, '1250': 105 });
  });

  it('tax-included rental: nothing at booking; at pickup VAT extracted from the charge with the money module', async () => {
    const rental = await book({ taxRate: 5, taxIncluded: true, dailyRate: 105, ...soon() });
    expect(await netByCode(rental.id)).toEqual({});
    expect(
      (await post(`/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner))
        .status,
    ).toBe(200);
    const { net, tax } = extractTax(31_500, 5);
    expect(await netByCode(rental.id)).toEqual({ '1310': 315, '2170': -net / 100, '2310': -tax / 100 });
  });

  it('deposit received → Dr cash / Cr 2180; payments by method; manual charge with VAT; pass-through fines; refunds; deposit refund; reversal', async () => {
    const rental = await book({ taxRate: 5, ...soon() });
    const path = `/api/v1/rentals/${rental.id}`;
    expect((await post(`${path}/payments`, { amount: 500, method: 'cash', forDeposit: true }, owner)).status).toBe(201);
    expect(await netByCode(rental.id)).toMatchObject({ '1110': 500, '2180': -500 });
    expect((await post(`${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner)).status).toBe(200);
    expect((await post(`${path}/payments`, { amount: 100, method: 'online' }, owner)).status).toBe(201);
    expect((await post(`${path}/payments`, { amount: 50, method: 'check' }, owner)).status).toBe(201); // remapped to 1120 above
    expect(
      (await post(`${path}/charges`, { amount: 210, category: 'damage_fees', label: 'Scratch' }, owner)).status,
    ).toBe(201);
    expect(
      (await post(`${path}/charges`, { amount: 60, category: 'traffic_fines', label: 'Speeding' }, owner)).status,
    ).toBe(201);
    expect(
      (await post(`${path}/charges`, { amount: 8, category: 'salik_charges', label: 'Salik' }, owner)).status,
    ).toBe(201);
    const refund = await post(`${path}/refunds`, { amount: 20, method: 'bank_transfer' }, owner);
    expect(refund.status).toBe(201);
    expect((await post(`${path}/refunds`, { amount: 200, method: 'cash', fromDeposit: true }, owner)).status).toBe(201);
    const reversal = await post(`${path}/ledger/${refund.body.entry.id}/reverse`, { reason: 'Refund not made' }, owner);
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(201);
    const net = await netByCode(rental.id);
    expect(net).toEqual({
      // receivable = 315 + 210 + 60 + 8 − 100 − 50 (+20 − 20)
      '1310': 443,
      '2170': -300,
      '2310': -25,
      '4150': -200,
      '1330': -60,
      '4170': -8,
      '1110': 300,
      '2180': -300,
      '1260': 100,
      '1120': 50,
    });
    const ledger = await get(`${path}/ledger`, owner);
    expect(net['1310']).toBe(ledger.body.balance);
    expect(0 - net['2180']).toBe(ledger.body.deposit.held);
  });

  it('return and close: usage charges post, the deposit is applied to the balance and the rest refunded', async () => {
    // Started two days ago (rentals charge from when the car left: an early pickup of a rental
    // booked far ahead would charge every day until its end).
    const now = Date.now();
    const rental = await book({
      taxRate: 5,
      securityDeposit: 1000,
      startDate: new Date(now - 2 * 86_400_000).toISOString(),
      endDate: new Date(now + 86_400_000).toISOString(),
    });
    const path = `/api/v1/rentals/${rental.id}`;
    expect(
      (await post(`${path}/payments`, { amount: 1000, method: 'debit_card', forDeposit: true }, owner)).status,
    ).toBe(201);
    expect((await post(`${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner)).status).toBe(200);
    const ret = await post(
      `${path}/return`,
      {
        odometerEnd: 1200,
        condition: 'good',
        fuelLevelEnd: 'full',
        returnDate: new Date(Date.parse(rental.endDate) - 3_600_000).toISOString(),
      },
      owner,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    const close = await post(`${path}/close`, { depositRefundMethod: 'cash' }, owner);
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const ledger = (await get(`${path}/ledger`, owner)).body;
    const net = await netByCode(rental.id);
    expect(net['1310'] ?? 0).toBe(ledger.balance);
    expect(0 - (net['2180'] ?? 0)).toBe(ledger.deposit.held);
    expect(ledger.deposit.held).toBe(0);
    // The card took the deposit in; what the customer owed was paid from it, the rest went back in cash.
    expect(net['1250']).toBe(1000);
    expect(net['2180'] ?? 0).toBe(0);
    expect(0 - (net['1110'] ?? 0)).toBe(1000 - ledger.charges);
  });

  it('20 concurrent payments on 20 different rentals all succeed; the trial balance stays zero', async () => {
    const rentals = [];
    for (let i = 0; i < 20; i++) rentals.push(await book({ taxRate: 5 }));
    const results = await Promise.all(
      rentals.map((r) => post(`/api/v1/rentals/${r.id}/payments`, { amount: 10, method: 'cash' }, owner)),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const tb = await trialBalance();
    expect(tb.totals.debit).toBe(tb.totals.credit);
    // Booked rentals: each payment is an advance (10 = 9.52 + VAT 0.48), nothing on the receivable.
    for (const r of rentals) expect(await netByCode(r.id)).toEqual({ '1110': 10, '2160': -9.52, '2310': -0.48 });
  }, 120_000);
});

describe('reports', () => {
  it('balance sheet balances with live current earnings; P&L beside the previous period', async () => {
    const bs = await get(`/api/v1/accounting/balance-sheet?asOf=${today}`, owner);
    expect(bs.status).toBe(200);
    expect(bs.body.balanced).toBe(true);
    expect(bs.body.assets.total).toBeCloseTo(bs.body.totalLiabilitiesAndEquity, 2);
    const month = today.slice(0, 7);
    const pl = await get(`/api/v1/accounting/profit-loss?from=${month}-01&to=${today}`, owner);
    expect(pl.status).toBe(200);
    expect(pl.body.income.total).toBeGreaterThan(0);
    expect(pl.body.netIncome).toBeCloseTo(pl.body.income.total - pl.body.expenses.total, 2);
    expect(pl.body.previousFrom < pl.body.from).toBe(true);
    const bad = await get(`/api/v1/accounting/profit-loss?from=${today}&to=2020-01-01`, owner);
    expect(bad.status).toBe(400);
  });

  it('VAT report in the UAE VAT 201 layout equals the VAT accounts; CSV with BOM and PDF in English and Arabic', async () => {
    const vat = await get(`/api/v1/accounting/vat-report?from=2000-01-01&to=${today}`, owner);
    expect(vat.status).toBe(200);
    expect(vat.body.layout).toBe('UAE_VAT_201');
    const box = (b: string) => vat.body.boxes.find((x: { box: string }) => x.box === b);
    expect(box('1b').vat).toBeGreaterThan(0);
    expect(box('14').vat).toBe(vat.body.netPayable);
    expect(vat.body.netPayable).toBeCloseTo(-(await balanceOf('1510')) + (await balanceOf('2310')), 2);
    const csv = await fetch(
      `${BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/accounting/vat-report?from=2000-01-01&to=${today}&format=csv`,
      { headers: { authorization: `Bearer ${owner}` } },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('\r\n1b,Standard rated supplies in Dubai');
    const ar = await call(`/api/v1/accounting/trial-balance?asOf=${today}&format=csv&lang=ar`, { token: owner });
    expect(ar.body as string).toContain('ذمم العملاء المدينة');
    for (const lang of ['en', 'ar']) {
      const pdf = await fetch(
        `${BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/accounting/vat-report?from=2000-01-01&to=${today}&format=pdf&lang=${lang}`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const head = new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5));
      expect(head).toBe('%PDF-');
    }
    for (const report of ['trial-balance', 'balance-sheet']) {
      const pdf = await fetch(
        `${BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/accounting/${report}?asOf=${today}&format=pdf&lang=ar`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      expect(pdf.status, report).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
  });

  it('self-check passes on the company books', async () => {
    const checks = await selfCheckPassed();
    expect(checks.map((c) => c.name)).toEqual([
      'trialBalanceZero',
      'rentalSubLedgers',
      'customerCounters',
      'vatAccountsMatchReport',
      'booksMatchRegion',
      'paymentMethodsMapped',
      'nothingPostedInLockedPeriod',
    ]);
  });
});

describe('access', () => {
  it('STAFF and MECHANIC get 403 on every accounting route', async () => {
    for (const r of accountingRoutes) {
      const path = r.path.replace('{id}', '01JAAAAAAAAAAAAAAAAAAAAAAA');
      for (const token of [t.staff.token, t.mechanic.token]) {
        const res = await call(path, { method: r.method, token, body: r.method === 'GET' ? undefined : {} });
        expect(res.status, `${r.method} ${r.path}`).toBe(403);
      }
    }
  });

  it("another company's account or entry → 404; its account in a line is refused", async () => {
    const mine = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'Mine',
        lines: [
          { accountId: acc('5230'), type: 'debit', amount: 3 },
          { accountId: acc('1110'), type: 'credit', amount: 3 },
        ],
      },
      owner,
    );
    expect((await get(`/api/v1/accounting/journal-entries/${mine.body.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/accounting/journal-entries/${mine.body.id}/reverse`, {}, other.token)).status).toBe(
      404,
    );
    expect((await patch(`/api/v1/accounting/accounts/${acc('5230')}`, { name: 'Hijack' }, other.token)).status).toBe(
      404,
    );
    expect(
      (await get(`/api/v1/accounting/general-ledger?accountId=${acc('5230')}&from=${today}&to=${today}`, other.token))
        .status,
    ).toBe(404);
    const theirs = await loadAccounts(other.token);
    const res = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: today,
        description: 'x',
        lines: [
          { accountId: acc('5230'), type: 'debit', amount: 3 },
          { accountId: theirs.find((a) => a.code === '1110')!.id, type: 'credit', amount: 3 },
        ],
      },
      other.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields['lines.0.accountId']).toBe('Account not found');
  });
});

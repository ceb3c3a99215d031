import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { deleteItem, updateRaw } from '../lib/data/repo';
import { entityKey } from '../lib/data/keys';
import { partyKey } from './model';

/**
 * Issue 26 "Revenue when it is earned", through the real routes and the recognise-revenue job
 * with a fixed clock (`now` = today + k days in the company's calendar): a future booking leaves
 * income unchanged; pickup, days passing, return and close recognise exactly the rent; an early
 * return earns the days used and reverses the rest; the job twice and three at once posts once.
 */
let owner: string;
let tenantId: string;
let seq = 0;
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const DAY = 86_400_000;

async function vehicleAndCustomer() {
  seq += 1;
  const v = await post(
    '/api/v1/vehicles',
    {
      make: 'Kia',
      model: 'K5',
      year: 2024,
      licensePlate: `RR ${tag}${seq}`,
      vin: `REV${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 1000,
      dailyRate: 100,
      category: 'sedan',
    },
    owner,
  );
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  const c = await post(
    '/api/v1/customers',
    { fullNameEnglish: `Earned ${tag} ${seq}`, dateOfBirth: '1980-01-01' },
    owner,
  );
  expect(c.status).toBe(201);
  return { vehicleId: v.body.id as string, customerId: c.body.id as string };
}

async function book(startMs: number, days: number, over: Record<string, unknown> = {}) {
  const ids = await vehicleAndCustomer();
  const res = await post(
    '/api/v1/rentals',
    {
      ...ids,
      startDate: new Date(startMs).toISOString(),
      endDate: new Date(startMs + days * DAY).toISOString(),
      dailyRate: 100,
      ...over,
    },
    owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; referenceNumber: string; startDate: string; endDate: string };
}

/** Net debit − credit per account code over a rental's journal entries. */
async function netByCode(rentalId: string) {
  const res = await get('/api/v1/accounting/journal-entries?source=rental&limit=100', owner);
  expect(res.status).toBe(200);
  const net: Record<string, number> = {};
  for (const e of res.body.items as {
    sourceId: string;
    lines: { accountCode: string; debit: number; credit: number }[];
  }[]) {
    if (e.sourceId !== rentalId) continue;
    for (const l of e.lines)
      net[l.accountCode] = Math.round(((net[l.accountCode] ?? 0) + l.debit - l.credit) * 100) / 100;
  }
  return Object.fromEntries(Object.entries(net).filter(([, v]) => v !== 0));
}

const income = async () =>
  (await get('/api/v1/accounting/accounts', owner)).body.items
    .filter((a: { code: string; isGroup: boolean }) => a.code.startsWith('4') && !a.isGroup)
    .reduce((s: number, a: { balance: number }) => s + Math.abs(a.balance), 0) as number;

async function run(daysAhead: number) {
  const { runRevenueRecognition } = await import('./recognition');
  return runRevenueRecognition(new Date(Date.now() + daysAhead * DAY), { tenantId });
}

const pickup = (id: string) =>
  post(`/api/v1/rentals/${id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner);

beforeAll(async () => {
  const t = await registerTenant();
  owner = t.token;
  tenantId = t.tenantId;
});

describe('revenue when it is earned', () => {
  it('a future booking (with money taken) leaves income unchanged: the money is a customer advance', async () => {
    const before = await income();
    const r = await book(Date.now() + 20 * DAY, 5, {
      initialPaymentAmount: 200,
      initialPaymentMethod: 'cash',
      securityDeposit: 300,
    });
    expect(
      (await post(`/api/v1/rentals/${r.id}/payments`, { amount: 300, method: 'cash', forDeposit: true }, owner)).status,
    ).toBe(201);
    expect(await income()).toBe(before);
    expect(await netByCode(r.id)).toEqual({ '1110': 500, '2160': -200, '2180': -300 });
    const check = await checkBooks(owner);
    expect(
      check.body.checks.find((c: { name: string }) => c.name === 'rentalSubLedgers').passed,
      JSON.stringify(check.body.checks),
    ).toBe(true);
    // The job has nothing to do for a booking.
    expect((await run(30)).scanned).toBe(0);
  });

  it('pickup, days passing, return and close recognise exactly the rent; the job twice and three at once post once', async () => {
    const r = await book(Date.now() - 3_600_000, 3, { initialPaymentAmount: 100, initialPaymentMethod: 'cash' });
    expect((await pickup(r.id)).status).toBe(200);
    expect(await netByCode(r.id)).toEqual({ '1110': 100, '1310': 200, '2170': -300 });
    expect((await run(0)).recognised).toBe(0);
    const day1 = await run(1);
    expect(day1).toMatchObject({ scanned: 1, recognised: 1, days: 1, amountMinor: 10_000 });
    expect(await netByCode(r.id)).toEqual({ '1110': 100, '1310': 200, '2170': -200, '4110': -100 });
    // The same night again: nothing twice.
    expect((await run(1)).amountMinor).toBe(0);
    // Three runs at once for the next day: one posts, the others find it done or lose the race.
    const racing = await Promise.all([run(2), run(2), run(2)]);
    expect(racing.reduce((s, x) => s + x.amountMinor, 0)).toBe(10_000);
    expect(racing.reduce((s, x) => s + x.days, 0)).toBe(1);
    expect(await netByCode(r.id)).toEqual({ '1110': 100, '1310': 200, '2170': -100, '4110': -200 });
    const ret = await post(
      `/api/v1/rentals/${r.id}/return`,
      { odometerEnd: 1100, condition: 'good', fuelLevelEnd: 'full', returnDate: r.endDate },
      owner,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    // Return: what remains is earned; the job has nothing left for this rental.
    expect(await netByCode(r.id)).toEqual({ '1110': 100, '1310': 200, '4110': -300 });
    expect((await run(5)).scanned).toBe(0);
    expect((await post(`/api/v1/rentals/${r.id}/payments`, { amount: 200, method: 'cash' }, owner)).status).toBe(201);
    expect((await post(`/api/v1/rentals/${r.id}/close`, { depositRefundMethod: 'cash' }, owner)).status).toBe(200);
    expect(await netByCode(r.id)).toEqual({ '1110': 300, '4110': -300 });
    const check = await checkBooks(owner);
    for (const c of check.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
  }, 120_000);

  it('early return: the days used are earned by the job, the rest at the return (the booked days stay charged: pricing charge_planned), nothing stays unearned', async () => {
    const r = await book(Date.now() - 3_600_000, 4);
    expect((await pickup(r.id)).status).toBe(200);
    expect((await run(1)).amountMinor).toBe(10_000);
    expect(await netByCode(r.id)).toEqual({ '1310': 400, '2170': -300, '4110': -100 });
    const ret = await post(
      `/api/v1/rentals/${r.id}/return`,
      {
        odometerEnd: 1050,
        condition: 'good',
        fuelLevelEnd: 'full',
        returnDate: new Date(Date.parse(r.startDate) + 2 * DAY).toISOString(),
      },
      owner,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    expect(await netByCode(r.id)).toEqual({ '1310': 400, '4110': -400 });
    expect((await run(3)).scanned).toBe(0);
  }, 60_000);

  it('a rental booked before issue 26 (no earnsRentByDay mark, its rent income at booking) keeps that rule: its pickup and return post nothing twice', async () => {
    const r = await book(Date.now() - 3_600_000, 2, { taxRate: 0 });
    // As it stood before: unmarked, its booking posted by the old rules (the backfill posts a
    // rental's history by the rules of its phase; an unmarked rental is always hired).
    await updateRaw({ Key: entityKey(tenantId, 'RENTAL', r.id), UpdateExpression: 'REMOVE earnsRentByDay' });
    await deleteItem(partyKey(tenantId, { type: 'rental', id: r.id }));
    const { backfillRental } = await import('./rental-postings');
    const { readCompany } = await import('./deps');
    expect(await backfillRental(tenantId, r.id, await readCompany(tenantId))).toBe('posted');
    expect(await netByCode(r.id)).toEqual({ '1310': 200, '4110': -200 });
    expect((await pickup(r.id)).status).toBe(200);
    expect(await netByCode(r.id)).toEqual({ '1310': 200, '4110': -200 });
    expect((await run(3)).scanned).toBe(0);
    const ret = await post(
      `/api/v1/rentals/${r.id}/return`,
      { odometerEnd: 1050, condition: 'good', fuelLevelEnd: 'full', returnDate: r.endDate },
      owner,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    expect(await netByCode(r.id)).toEqual({ '1310': 200, '4110': -200 });
    const check = await checkBooks(owner);
    expect(
      check.body.checks.find((c: { name: string }) => c.name === 'rentalSubLedgers').passed,
      JSON.stringify(check.body.checks),
    ).toBe(true);
  }, 60_000);

  it('tax point: a tax invoice issued before pickup posts what it carries on its issue day (VAT due then); the pickup posts nothing of it again; rent is still earned from pickup', async () => {
    const r = await book(Date.now() + 5 * DAY, 2, {
      taxRate: 5,
      initialPaymentAmount: 105,
      initialPaymentMethod: 'cash',
    });
    // Before the invoice: an advance (this company charges no VAT yet: nothing extracted from it).
    expect(await netByCode(r.id)).toEqual({ '1110': 105, '2160': -105 });
    const draft = await post('/api/v1/invoices', { rentalId: r.id }, owner);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const issued = await post(`/api/v1/invoices/${draft.body.id}/issue`, {}, owner);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ total: 210, amountPaid: 105, balance: 105 });
    // The invoice is the tax point of the rest: its VAT is posted with it, the rent is unearned.
    const charged = { '1110': 105, '1310': 105, '2170': -200, '2310': -10 };
    expect(await netByCode(r.id)).toEqual(charged);
    const rental = (await get(`/api/v1/rentals/${r.id}`, owner)).body;
    expect(rental.status).toBe('pending');
    expect(rental.timeline.at(-1)).toMatchObject({
      action: 'invoiced_before_pickup',
      params: { invoice: issued.body.number },
    });
    const check = await checkBooks(owner);
    for (const c of check.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
    // Pickup: nothing posted twice; from then the job earns the rent day by day.
    expect((await pickup(r.id)).status).toBe(200);
    expect(await netByCode(r.id)).toEqual(charged);
    expect((await run(1)).amountMinor).toBe(10_000);
    expect(await netByCode(r.id)).toEqual({ '1110': 105, '1310': 105, '2170': -100, '2310': -10, '4110': -100 });
  }, 60_000);
});

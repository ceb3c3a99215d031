import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';

/**
 * Issue 17 over HTTP: returns at the booked end (±1 minute), early pickups, what cancelling and
 * closing leave owed, ledger description codes, and the wizard's quote being the charge.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const tag = Date.now().toString(36).slice(-4).toUpperCase();
let seq = 0;
let t: Awaited<ReturnType<typeof registerTenant>>;
let customerId: string;

async function vehicle() {
  seq += 1;
  const res = await post(
    '/api/v1/vehicles',
    {
      make: 'Kia',
      model: 'K5',
      year: 2024,
      licensePlate: `E ${tag}${seq}`,
      vin: `EDG${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 10_000,
      dailyRate: 100,
      category: 'sedan',
    },
    t.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function customer(dateOfBirth = '1980-01-01') {
  const res = await post('/api/v1/customers', { fullNameEnglish: `Edge ${tag} ${++seq}`, dateOfBirth }, t.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function book(over: Record<string, unknown>) {
  const res = await post(
    '/api/v1/rentals',
    { customerId, vehicleId: await vehicle(), dailyRate: 100, ...over },
    t.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const returnBody = { odometerEnd: 10_100, condition: 'good', fuelLevelEnd: 'full' };

beforeAll(async () => {
  t = await registerTenant();
  customerId = await customer();
});

describe('return at, just before and just after the booked end', () => {
  for (const [name, offset] of [
    ['exactly at the end', 0],
    ['one minute before', -MINUTE],
    ['one minute after', MINUTE],
  ] as const) {
    it(`${name}: 200, completed, the vehicle free again`, async () => {
      const start = Date.UTC(2026, 0, 10, 9, 0, 0) + seq * DAY;
      const end = start + 3 * DAY;
      const r = await book({ startDate: iso(start), endDate: iso(end) });
      expect(
        (
          await post(
            `/api/v1/rentals/${r.id}/pickup`,
            { odometerStart: 10_000, fuelLevelStart: 'full', pickedUpAt: iso(start) },
            t.token,
          )
        ).status,
      ).toBe(200);
      const preview = await post(
        `/api/v1/rentals/${r.id}/return-preview`,
        { ...returnBody, returnDate: iso(end + offset) },
        t.token,
      );
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const res = await post(
        `/api/v1/rentals/${r.id}/return`,
        { ...returnBody, returnDate: iso(end + offset) },
        t.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe('completed');
      expect(res.body.charges).toBe(300); // within the grace period: the 3 booked days
      const v = await get(`/api/v1/vehicles/${r.vehicleId}`, t.token);
      expect(v.body.status).toBe('available');
    });
  }
});

describe('picked up before the booked start', () => {
  it('returns without a 500, charged from the actual pickup', async () => {
    const start = Date.now() + 3 * HOUR;
    const r = await book({ startDate: iso(start), endDate: iso(start + 2 * DAY) });
    // Handed over now, three hours early.
    expect(
      (await post(`/api/v1/rentals/${r.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, t.token)).status,
    ).toBe(200);
    // Back before the booked start even began: the booked 2 days are the minimum.
    const early = await post(
      `/api/v1/rentals/${r.id}/return-preview`,
      { ...returnBody, returnDate: iso(Date.now() + HOUR) },
      t.token,
    );
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.total).toBe(200);
    // Back at the booked end: 2 days + 3 hours since pickup (over the 1 h grace) → one late day.
    const atEnd = await post(
      `/api/v1/rentals/${r.id}/return-preview`,
      { ...returnBody, returnDate: iso(start + 2 * DAY) },
      t.token,
    );
    expect(atEnd.status, JSON.stringify(atEnd.body)).toBe(200);
    expect(atEnd.body.days).toMatchObject({ planned: 2, actual: 3, late: 1 });
    // Before the pickup itself: a field error, not a 500.
    const beforePickup = await post(
      `/api/v1/rentals/${r.id}/return`,
      { ...returnBody, returnDate: iso(Date.now() - 2 * HOUR) },
      t.token,
    );
    expect(beforePickup.status).toBe(400);
    expect(beforePickup.body.error.fields.returnDate).toBeTruthy();
    const done = await post(
      `/api/v1/rentals/${r.id}/return`,
      { ...returnBody, returnDate: iso(Date.now() + 2 * HOUR) },
      t.token,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.charges).toBe(200);
  });
});

describe('money states', () => {
  it("cancelling leaves nothing due: charges reversed, what was paid is the customer's credit; a fee is charged only when given", async () => {
    const start = Date.UTC(2027, 5, 1, 9, 0, 0);
    const r = await book({
      startDate: iso(start),
      endDate: iso(start + 3 * DAY),
      securityDeposit: 300,
      initialPaymentAmount: 100,
      initialPaymentMethod: 'cash',
    });
    expect(r.balanceState).toBe('due');
    const cancelled = await post(`/api/v1/rentals/${r.id}/cancel`, { reason: 'Flight cancelled' }, t.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', charges: 0, balance: -100, balanceState: 'credit' });
    const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, t.token);
    const originals = ledger.body.items.filter(
      (e: { type: string; reversesId: string | null }) => e.type === 'charge' && !e.reversesId,
    );
    expect(originals.map((e: { status: string }) => e.status)).toEqual(originals.map(() => 'reversed'));
    expect(ledger.body.deposit.requested).toBe(0);

    const nothingPaid = await book({ startDate: iso(start), endDate: iso(start + 3 * DAY) });
    const c2 = await post(`/api/v1/rentals/${nothingPaid.id}/cancel`, {}, t.token);
    expect(c2.body).toMatchObject({ charges: 0, balance: 0, balanceState: 'settled' });

    const withFee = await book({ startDate: iso(start), endDate: iso(start + 3 * DAY) });
    const c3 = await post(`/api/v1/rentals/${withFee.id}/cancel`, { cancellationFee: 50 }, t.token);
    expect(c3.body).toMatchObject({ charges: 50, balance: 50, balanceState: 'due' });
    const feeEntry = (await get(`/api/v1/rentals/${withFee.id}/ledger`, t.token)).body.items.find(
      (e: { descriptionCode: string }) => e.descriptionCode === 'cancellation_fee',
    );
    expect(feeEntry).toMatchObject({ amount: 50, status: 'pending' });
  });

  it('closing reverses a deposit never collected: no deposit line stays pending', async () => {
    const start = Date.now() - 2 * DAY;
    const r = await book({ startDate: iso(start), endDate: iso(start + 2 * DAY), securityDeposit: 300 });
    await post(
      `/api/v1/rentals/${r.id}/pickup`,
      { odometerStart: 10_000, fuelLevelStart: 'full', pickedUpAt: iso(start) },
      t.token,
    );
    const returned = await post(
      `/api/v1/rentals/${r.id}/return`,
      { ...returnBody, returnDate: iso(start + 2 * DAY) },
      t.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await post(`/api/v1/rentals/${r.id}/payments`, { amount: returned.body.balance, method: 'cash' }, t.token);
    const closed = await post(`/api/v1/rentals/${r.id}/close`, {}, t.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.closedAt).toBeTruthy();
    const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, t.token);
    const depositLines = ledger.body.items.filter(
      (e: { category: string; reversesId: string | null }) => e.category === 'security_deposit' && !e.reversesId,
    );
    expect(depositLines).toHaveLength(1);
    expect(depositLines[0].status).toBe('reversed');
    expect(
      ledger.body.items.some((e: { descriptionCode: string }) => e.descriptionCode === 'deposit_not_collected'),
    ).toBe(true);
    expect(ledger.body.items.filter((e: { status: string }) => e.status === 'pending')).toEqual([]);
    expect(ledger.body.balanceState).toBe('settled');
  });

  it('the deposit applied at close is reversed as a pair: deposit held and balance move back together, the books stay equal', async () => {
    const start = Date.now() - 2 * DAY;
    const r = await book({ startDate: iso(start), endDate: iso(start + 2 * DAY), securityDeposit: 300 });
    await post(`/api/v1/rentals/${r.id}/payments`, { amount: 300, method: 'cash', forDeposit: true }, t.token);
    await post(
      `/api/v1/rentals/${r.id}/pickup`,
      { odometerStart: 10_000, fuelLevelStart: 'full', pickedUpAt: iso(start) },
      t.token,
    );
    const returned = await post(
      `/api/v1/rentals/${r.id}/return`,
      { ...returnBody, returnDate: iso(start + 2 * DAY) },
      t.token,
    );
    expect(returned.body.balance).toBeGreaterThan(0);
    const due = returned.body.balance as number;
    const closed = await post(`/api/v1/rentals/${r.id}/close`, { depositRefundMethod: 'cash' }, t.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ balance: 0, depositHeld: 0 });

    const items = (await get(`/api/v1/rentals/${r.id}/ledger`, t.token)).body.items as {
      id: string;
      method: string | null;
      type: string;
      reversesId: string | null;
    }[];
    const applied = items.filter((e) => e.method === 'security_deposit' && !e.reversesId);
    expect(applied.map((e) => e.type).sort()).toEqual(['payment', 'refund']);
    const payment = applied.find((e) => e.type === 'payment')!;
    const reversal = await post(
      `/api/v1/rentals/${r.id}/ledger/${payment.id}/reverse`,
      { reason: 'Deposit returned in full' },
      t.token,
    );
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(201);
    expect(reversal.body.rental).toMatchObject({ balance: Math.min(due, 300), depositHeld: Math.min(due, 300) });
    const after = (await get(`/api/v1/rentals/${r.id}/ledger`, t.token)).body.items as { reversesId: string | null }[];
    expect(after.filter((e) => applied.some((a) => a.id === e.reversesId))).toHaveLength(2);

    const checks = (await checkBooks(t.token)).body.checks as {
      name: string;
      passed: boolean;
      details: unknown;
    }[];
    for (const c of checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
  });
});

describe('ledger descriptions', () => {
  it('every entry carries a description code with its parameters', async () => {
    const start = Date.UTC(2027, 7, 1, 9, 0, 0);
    const r = await book({
      startDate: iso(start),
      endDate: iso(start + 2 * DAY),
      taxRate: 5,
      securityDeposit: 200,
      initialPaymentAmount: 50,
      initialPaymentMethod: 'cash',
    });
    await post(`/api/v1/rentals/${r.id}/charges`, { amount: 20, category: 'other', label: 'Child seat' }, t.token);
    const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, t.token);
    const described = ledger.body.items.map(
      (e: { descriptionCode: string; descriptionParams: Record<string, string> }) => [
        e.descriptionCode,
        e.descriptionParams,
      ],
    );
    expect(described).toEqual([
      ['rental', {}],
      ['tax', { rate: '5' }],
      ['security_deposit', {}],
      ['initial_payment', {}],
      ['custom', { text: 'Child seat' }],
    ]);
  });
});

describe('the wizard quote is what the booking charges', () => {
  it('a 22-year-old in the UAE: the quote includes the young-driver fee the booking charges (630.00, not 472.50)', async () => {
    // A UAE company from sign-up (a company that has posted cannot move country any more).
    t = await registerTenant({ region: 'AE' });
    const s = await get('/api/v1/company/settings', t.token);
    const vatOn = await put(
      '/api/v1/company/settings',
      { version: s.body.version, enableVat: true, vatRate: 0.05 },
      t.token,
    );
    expect(vatOn.status, JSON.stringify(vatOn.body)).toBe(200);
    const today = new Date();
    const young = await customer(`${today.getUTCFullYear() - 22}-01-01`);
    const start = Date.UTC(2027, 9, 1, 5, 0, 0);
    const body = {
      customerId: young,
      vehicleId: await vehicle(),
      startDate: iso(start),
      endDate: iso(start + 3 * DAY),
      dailyRate: 150,
      taxRate: 5,
    };
    const quote = await post('/api/v1/rentals/quote', body, t.token);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({ days: 3, subtotal: 600, tax: 30, total: 630, youngDriverFeePerDay: 50 });
    const booked = await post('/api/v1/rentals', body, t.token);
    expect(booked.status).toBe(201);
    expect(booked.body.totalAmount).toBe(quote.body.total);

    // The pricing settings' override is the fee both use.
    const pricing = await get('/api/v1/pricing-settings', t.token);
    expect(
      (await put('/api/v1/pricing-settings', { version: pricing.body.version, youngDriverFeeOverride: 20 }, t.token))
        .status,
    ).toBe(200);
    const overridden = await post(
      '/api/v1/rentals/quote',
      { ...body, startDate: iso(start + 10 * DAY), endDate: iso(start + 13 * DAY) },
      t.token,
    );
    expect(overridden.body).toMatchObject({ youngDriverFeePerDay: 20, total: (450 + 60) * 1.05 });
    const booked2 = await post(
      '/api/v1/rentals',
      { ...body, startDate: iso(start + 10 * DAY), endDate: iso(start + 13 * DAY) },
      t.token,
    );
    expect(booked2.body.totalAmount).toBe(overridden.body.total);
  });

  it("answers field errors like the booking, and 404-free for another tenant's customer (400 customer)", async () => {
    const bad = await post('/api/v1/rentals/quote', {}, t.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.customerId).toBeTruthy();
    const other = await registerTenant();
    const foreign = await post(
      '/api/v1/rentals/quote',
      {
        customerId,
        vehicleId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
        startDate: iso(Date.UTC(2027, 1, 1)),
        endDate: iso(Date.UTC(2027, 1, 3)),
        dailyRate: 10,
      },
      other.token,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.customerId).toBeTruthy();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { get, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { PAYMENT_METHODS } from '../../shared/accounting/posting-rules';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';

/**
 * Issue 18 "Done when": for random sequences of rental operations over the real API (book, pay
 * by each method, charge, refund, deposit in and out, return, close, reverse), the trial balance
 * is always zero, every rental's sub-ledger equals its GL balances (self-check), and
 * assets = liabilities + equity + (income − expenses) (balance sheet with live earnings).
 * Few runs (each operation is an HTTP call on a shared machine); the pure property test beside
 * the posting rules covers many more movement combinations.
 */
let owner: string;
let tenantId: string;
let seq = 0;
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const base = Date.UTC(2034, 0, 3, 10);

type Op =
  | { kind: 'pay'; method: string; amount: number }
  | { kind: 'deposit'; method: string; amount: number }
  | { kind: 'charge'; category: string; amount: number }
  | { kind: 'refund'; amount: number }
  | { kind: 'depositRefund'; amount: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'finish' };

const amount = fc.integer({ min: 1, max: 50_000 }).map((n) => n / 100);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), method: fc.constantFrom(...PAYMENT_METHODS), amount }),
  fc.record({ kind: fc.constant('deposit' as const), method: fc.constantFrom(...PAYMENT_METHODS), amount }),
  fc.record({
    kind: fc.constant('charge' as const),
    category: fc.constantFrom('damage_fees', 'late_fees', 'traffic_fines', 'salik_charges', 'fuel_charges', 'other'),
    amount,
  }),
  fc.record({ kind: fc.constant('refund' as const), amount }),
  fc.record({ kind: fc.constant('depositRefund' as const), amount }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.constant({ kind: 'finish' as const }),
);
const scenario = fc.record({
  taxIncluded: fc.boolean(),
  taxRate: fc.constantFrom(0, 5),
  deposit: fc.constantFrom(0, 500),
  initial: fc.constantFrom(0, 50),
  method: fc.constantFrom('cash', 'credit_card', 'bank_transfer'),
  ops: fc.array(op, { minLength: 1, maxLength: 7 }),
});

async function bookRental(s: {
  taxIncluded: boolean;
  taxRate: number;
  deposit: number;
  initial: number;
  method: string;
}) {
  seq += 1;
  const v = await post(
    '/api/v1/vehicles',
    {
      make: 'Mazda',
      model: '6',
      year: 2024,
      licensePlate: `PR ${tag}${seq}`,
      vin: `PRP${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 100,
      dailyRate: 100,
      category: 'sedan',
    },
    owner,
  );
  const c = await post(
    '/api/v1/customers',
    { fullNameEnglish: `Prop ${tag} ${seq}`, dateOfBirth: '1980-01-01' },
    owner,
  );
  const start = base + seq * 10 * 86_400_000;
  const res = await post(
    '/api/v1/rentals',
    {
      vehicleId: v.body.id,
      customerId: c.body.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 86_400_000).toISOString(),
      dailyRate: 100,
      taxRate: s.taxRate,
      taxIncluded: s.taxIncluded,
      securityDeposit: s.deposit,
      initialPaymentAmount: s.initial,
      ...(s.initial ? { initialPaymentMethod: s.method } : {}),
    },
    owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; startDate: string; endDate: string };
}

/** Runs one operation; refusals the rules call for (refund above paid, finished rental…) are fine, 5xx never. */
async function run(rental: { id: string; startDate: string; endDate: string }, o: Op) {
  const path = `/api/v1/rentals/${rental.id}`;
  let res;
  switch (o.kind) {
    case 'pay':
      res = await post(`${path}/payments`, { amount: o.amount, method: o.method }, owner);
      break;
    case 'deposit':
      res = await post(`${path}/payments`, { amount: o.amount, method: o.method, forDeposit: true }, owner);
      break;
    case 'charge':
      res = await post(`${path}/charges`, { amount: o.amount, category: o.category, label: 'Prop' }, owner);
      break;
    case 'refund':
      res = await post(`${path}/refunds`, { amount: o.amount, method: 'cash' }, owner);
      break;
    case 'depositRefund':
      res = await post(`${path}/refunds`, { amount: o.amount, method: 'cash', fromDeposit: true }, owner);
      break;
    case 'reverse': {
      const ledger = (await get(`${path}/ledger`, owner)).body.items as { id: string; reversesId: string | null }[];
      const originals = ledger.filter((e) => !e.reversesId);
      if (!originals.length) return;
      res = await post(`${path}/ledger/${originals[o.pick % originals.length].id}/reverse`, { reason: 'Prop' }, owner);
      break;
    }
    case 'finish': {
      const r = await get(path, owner);
      // Picked up at its start (2034): a pickup today would put years of days on rent, each month an analytics item of
      // one transaction.
      if (r.body.status === 'pending')
        await post(
          `${path}/pickup`,
          { odometerStart: 100, fuelLevelStart: 'full', pickedUpAt: rental.startDate },
          owner,
        );
      const back = await post(
        `${path}/return`,
        {
          odometerEnd: 300,
          condition: 'good',
          returnDate: new Date(Date.parse(rental.endDate) - 3_600_000).toISOString(),
        },
        owner,
      );
      expect(back.status).toBeLessThan(500);
      res = await post(`${path}/close`, { depositRefundMethod: 'bank_transfer' }, owner);
      break;
    }
  }
  expect(res.status, `${o.kind}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
}

beforeAll(async () => {
  const t = await registerTenant();
  owner = t.token;
  tenantId = t.tenantId;
  await updateRaw({
    Key: keys.settings(tenantId),
    UpdateExpression: 'SET preferences = :p, enableVat = :v, vatRate = :r',
    ExpressionAttributeValues: { ':p': { region: 'AE', language: 'en' }, ':v': true, ':r': 0.05 },
  });
  expect((await setupBooks(owner)).status).toBe(200);
});

describe('property: the books stay sound under random rental operations', () => {
  it('trial balance zero, sub-ledgers = GL, assets = liabilities + equity + (income − expenses)', async () => {
    const today = (await get('/api/v1/accounting/summary', owner)).body.asOf as string;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const rental = await bookRental(s);
        for (const o of s.ops) await run(rental, o);
        const tb = (await get(`/api/v1/accounting/trial-balance?asOf=${today}`, owner)).body;
        expect(tb.totals.debit).toBe(tb.totals.credit);
        const checks = (await checkBooks(owner)).body.checks as {
          name: string;
          passed: boolean;
          details: unknown;
        }[];
        for (const c of checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
        const bs = (await get(`/api/v1/accounting/balance-sheet?asOf=${today}`, owner)).body;
        expect(bs.balanced).toBe(true);
        expect(Math.round(bs.assets.total * 100)).toBe(
          Math.round((bs.liabilities.total + bs.equity.total + bs.currentEarnings) * 100),
        );
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 6), endOnFailure: true },
    );
  }, 300_000);
});

import { expect } from 'vitest';
import * as fc from 'fast-check';
import { get, post, setupBooks } from './client';
import { registerTenant } from './fixtures';
import { DAY, rentalCustomer, rentalVehicle, setSettings } from './rental-kit';
import { readCompany } from '../../functions/accounting/deps';

/**
 * The model and the driver of the books property test (functions/accounting/books.property.int.test.ts, issue 26):
 * the random desk work it generates (ops and a scenario), one fresh company a run, its bookings, and each op run
 * over the real HTTP API. The invariants checked after a run are in books-property-checks.ts. It lives here, not
 * beside the test, because it drives the finance invoicing job: a non-test file under functions/accounting may not
 * import a higher tier (functions/lib/tiers.test.ts).
 */
export const RATE = 100;
/** What the operations did (printed at the end: which moves the runs exercised). */
export const outcomes = new Map<string, number>();
const tally = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

export type Target = 'A' | 'B' | 'C';
type Op =
  | { kind: 'advance'; on: Target; amount: number }
  | { kind: 'deposit'; on: Target; amount: number }
  | { kind: 'pickup'; on: Target }
  | { kind: 'days'; days: number }
  | { kind: 'return'; on: Target; when: 'early' | 'onTime' | 'late' }
  | { kind: 'cancel'; on: Target }
  | { kind: 'invoice'; on: Target }
  | { kind: 'creditNote'; on: Target }
  | { kind: 'depositApply'; on: Target; amount: number }
  | { kind: 'depositRefund'; on: Target; amount: number }
  | { kind: 'close'; on: Target };

const on = fc.constantFrom<Target>('A', 'A', 'B', 'C');
const amount = fc.integer({ min: 1, max: 400 });
const weighted = (weight: number, arbitrary: fc.Arbitrary<Op>) => ({ weight, arbitrary });
const op: fc.Arbitrary<Op> = fc.oneof(
  weighted(4, fc.record({ kind: fc.constant('advance' as const), on, amount })),
  weighted(2, fc.record({ kind: fc.constant('deposit' as const), on, amount })),
  weighted(4, fc.record({ kind: fc.constant('pickup' as const), on })),
  weighted(4, fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 2 }) })),
  weighted(
    3,
    fc.record({
      kind: fc.constant('return' as const),
      on,
      when: fc.constantFrom('early' as const, 'onTime' as const, 'late' as const),
    }),
  ),
  weighted(1, fc.record({ kind: fc.constant('cancel' as const), on })),
  weighted(3, fc.record({ kind: fc.constant('invoice' as const), on })),
  weighted(2, fc.record({ kind: fc.constant('creditNote' as const), on })),
  weighted(2, fc.record({ kind: fc.constant('depositApply' as const), on, amount })),
  weighted(2, fc.record({ kind: fc.constant('depositRefund' as const), on, amount })),
  weighted(1, fc.record({ kind: fc.constant('close' as const), on })),
);
export const scenario = fc.record({
  plannedDays: fc.integer({ min: 2, max: 4 }),
  deposit: fc.constantFrom(0, 300),
  /** Money taken at booking (before pickup: a customer advance), as INV-1001's 700. */
  initial: fc.constantFrom(0, 150),
  openEnded: fc.boolean(),
  ops: fc.array(op, { minLength: 5, maxLength: Number(process.env.PROP_OPS ?? 9) }),
});

export interface World {
  owner: string;
  tenantId: string;
  timezone: string;
  /** Days the fixed clock has moved past today. */
  k: number;
  rentals: Partial<Record<Target, { id: string; customerId: string; startMs: number; days: number | null }>>;
  /** The invoicing job ran while the open-ended rental C was on hire (its first month had ended). */
  jobSawC?: boolean;
}

export const jobNow = (k: number) => new Date(Date.now() + k * DAY);

export async function runJobs(w: World) {
  const [{ runRevenueRecognition }, { runInvoicing }] = await Promise.all([
    import('../../functions/accounting/recognition'),
    import('../../functions/finance/invoicing'),
  ]);
  const now = jobNow(w.k);
  if (w.rentals.C && (await get(`/api/v1/rentals/${w.rentals.C.id}`, w.owner)).body.status === 'active')
    w.jobSawC = true;
  const inv = await runInvoicing(now, { tenantId: w.tenantId });
  const rec = await runRevenueRecognition(now, { tenantId: w.tenantId });
  expect(rec.errors, JSON.stringify(rec)).toBe(0);
  return { inv, rec, now };
}

/** A fresh company with VAT at 5 % in the UAE and its books set up. */
export async function company(): Promise<World> {
  const t = await registerTenant();
  await setSettings(t.tenantId, { preferences: { region: 'AE', language: 'en' }, enableVat: true, vatRate: 0.05 });
  expect((await setupBooks(t.token)).status).toBe(200);
  return {
    owner: t.token,
    tenantId: t.tenantId,
    timezone: (await readCompany(t.tenantId)).timezone,
    k: 0,
    rentals: {},
  };
}

/** A car (odometer 1000: every pickup here reads 1000) and a customer of its own for one rental. */
async function vehicleAndCustomer(owner: string) {
  const vehicle = await rentalVehicle(owner, { odometerKm: 1000, dailyRate: RATE });
  return { vehicleId: vehicle.id, customerId: await rentalCustomer(owner) };
}

export async function book(w: World, s: { plannedDays: number; deposit: number; initial: number; openEnded: boolean }) {
  const now = Date.now();
  // A: starts now (1 minute ago: the same company day), B: a future booking, C: open-ended monthly, moved in with a
  // start 40 days back.
  const plans: [Target, number, number | null][] = [
    ['A', now - 60_000, s.plannedDays],
    ['B', now + 20 * DAY, s.plannedDays],
  ];
  if (s.openEnded) plans.push(['C', now - 40 * DAY, null]);
  for (const [name, startMs, days] of plans) {
    const ids = await vehicleAndCustomer(w.owner);
    const body =
      days === null
        ? {
            ...ids,
            startDate: new Date(startMs).toISOString(),
            openEnded: true,
            expectedDuration: 30,
            rentalType: 'monthly',
            monthlyRate: 3000,
            dailyRate: 120,
            taxRate: 5,
            taxIncluded: false,
            securityDeposit: s.deposit,
          }
        : {
            ...ids,
            startDate: new Date(startMs).toISOString(),
            endDate: new Date(startMs + days * DAY).toISOString(),
            dailyRate: RATE,
            taxRate: 5,
            taxIncluded: false,
            securityDeposit: s.deposit,
            ...(s.initial ? { initialPaymentAmount: s.initial, initialPaymentMethod: 'cash' } : {}),
          };
    const res = await post('/api/v1/rentals', body, w.owner);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
    w.rentals[name] = { id: res.body.id, customerId: ids.customerId, startMs, days };
    if (name === 'C') {
      const picked = await post(
        `/api/v1/rentals/${res.body.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: new Date(startMs).toISOString() },
        w.owner,
      );
      expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    }
  }
}

async function depositOf(w: World, rentalId: string) {
  const res = await get('/api/v1/deposits?limit=100', w.owner);
  expect(res.status).toBe(200);
  return (res.body.items as { id: string; rentalId: string }[]).find((d) => d.rentalId === rentalId);
}

export async function invoicesOf(w: World, rentalId?: string) {
  const res = await get(`/api/v1/invoices?limit=100${rentalId ? `&rentalId=${rentalId}` : ''}`, w.owner);
  expect(res.status).toBe(200);
  return res.body.items as {
    id: string;
    number: string | null;
    status: string;
    scope: string;
    periodStart: string | null;
    rentalId: string;
  }[];
}

/**
 * One step of the desk's work; `ensure*` first bring the rental to where the step makes sense (a return of a booking
 * picks it up first).
 */
async function step(w: World, on: Target, kind: string, path: string, body: unknown) {
  const res = await post(path, body, w.owner);
  tally(`${kind} ${on} → ${res.status}`);
  expect(res.status, `${kind} ${on}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  return res;
}

const statusOf = async (w: World, id: string) => (await get(`/api/v1/rentals/${id}`, w.owner)).body.status as string;

async function ensurePickedUp(w: World, on: Target, id: string) {
  if ((await statusOf(w, id)) === 'pending')
    await step(w, on, 'pickup', `/api/v1/rentals/${id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' });
}

async function returnRental(w: World, on: Target, when: 'early' | 'onTime' | 'late') {
  const r = w.rentals[on]!;
  await ensurePickedUp(w, on, r.id);
  const at =
    r.days === null ? Date.now() : r.startMs + (r.days + (when === 'early' ? -1 : when === 'late' ? 1 : 0)) * DAY;
  return step(w, on, `return(${when})`, `/api/v1/rentals/${r.id}/return`, {
    odometerEnd: 1200,
    condition: 'good',
    fuelLevelEnd: 'full',
    returnDate: new Date(at).toISOString(),
  });
}

async function issueInvoice(w: World, on: Target, rentalId: string) {
  const draft = await step(w, on, 'invoice draft', '/api/v1/invoices', { rentalId });
  if (draft.status < 300) await step(w, on, 'invoice issue', `/api/v1/invoices/${draft.body.id}/issue`, {});
}

/**
 * Runs one operation; refusals the rules call for (pickup of a returned car, refund above held…) are fine, 5xx never.
 */
export async function run(w: World, o: Op) {
  if (o.kind === 'days') {
    w.k += o.days;
    const { inv, rec } = await runJobs(w);
    tally(`days → ${inv.invoicesCreated} invoices, ${rec.days} days recognised`);
    return;
  }
  const r = w.rentals[o.on];
  if (!r) return tally(`${o.kind} ${o.on}: no such rental`);
  const path = `/api/v1/rentals/${r.id}`;
  switch (o.kind) {
    case 'advance':
      await step(w, o.on, 'payment', `${path}/payments`, { amount: o.amount, method: 'cash' });
      break;
    case 'deposit':
      await step(w, o.on, 'deposit in', `${path}/payments`, { amount: o.amount, method: 'cash', forDeposit: true });
      break;
    case 'pickup':
      await step(w, o.on, 'pickup', `${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' });
      break;
    case 'return':
      await returnRental(w, o.on, o.when);
      break;
    case 'cancel':
      await step(w, o.on, 'cancel', `${path}/cancel`, { reason: 'Property test' });
      break;
    case 'invoice':
      await issueInvoice(w, o.on, r.id);
      break;
    case 'creditNote': {
      const open = async () =>
        (await invoicesOf(w, r.id)).filter((i) => i.number && !['draft', 'void'].includes(i.status));
      if (!(await open()).length) await issueInvoice(w, o.on, r.id);
      const issued = await open();
      if (!issued.length) return tally(`creditNote ${o.on}: nothing to invoice`);
      await step(w, o.on, 'credit note', `/api/v1/invoices/${issued[0].id}/credit-note`, { reason: 'Property test' });
      break;
    }
    case 'depositApply':
    case 'depositRefund': {
      if (!(await depositOf(w, r.id)))
        await step(w, o.on, 'deposit in', `${path}/payments`, { amount: 300, method: 'cash', forDeposit: true });
      const d = await depositOf(w, r.id);
      if (!d) return tally(`${o.kind} ${o.on}: no deposit`);
      await step(
        w,
        o.on,
        o.kind === 'depositApply' ? 'deposit applied' : 'deposit refunded',
        `/api/v1/deposits/${d.id}/${o.kind === 'depositApply' ? 'apply' : 'refund'}`,
        { amount: o.amount },
      );
      break;
    }
    case 'close': {
      if (['active', 'overdue'].includes(await statusOf(w, r.id))) await returnRental(w, o.on, 'onTime');
      await step(w, o.on, 'close', `${path}/close`, { depositRefundMethod: 'cash' });
      break;
    }
  }
}

import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { BASE_URL, call, get, post, put, type ApiResponse, checkBooks } from './client';
import { createCustomer, createRental, createVehicle } from './entity-factories';
import type { CrashRule, FaultRule } from '../../functions/lib/faults';

/**
 * Fault injection over HTTP (functions/lib/faults.ts, the local gateway's /_faults): the tests of
 * functions/lib/faults.int.test.ts and crash.int.test.ts arm a fault or a crash point for their own
 * company only (`match` / `tenantId`), send the request, check the answer, clear, retry, and check that
 * nothing was lost or done twice and that the books balance.
 */
const FAULTS = `${BASE_URL.replace('localhost', '127.0.0.1')}/_faults`;

export async function arm(rule: FaultRule | CrashRule): Promise<void> {
  const res = await fetch(FAULTS, { method: 'POST', body: JSON.stringify(rule) });
  expect(res.status, await res.clone().text()).toBe(201);
}
/** Clears the rules of one scope (the test's tenant id, or the text it matched on); other files' stay armed. */
export const clearFaults = async (scope: string) =>
  void (await fetch(`${FAULTS}?scope=${encodeURIComponent(scope)}`, { method: 'DELETE' }));
/** How many calls the scope's rules failed so far. */
export async function hits(scope: string): Promise<number> {
  type Rule = { hits: number; match?: string; tenantId?: string };
  const all = (await (await fetch(FAULTS)).json()) as { faults: Rule[]; crashes: Rule[] };
  return [...all.faults, ...all.crashes]
    .filter((r) => r.match === scope || r.tenantId === scope)
    .reduce((n, r) => n + r.hits, 0);
}

/** A dependency failure that survived the SDK's retries: 503, retryable, no stack. */
export function expectUnavailable(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+|at \w+ \(|injected/);
}

/** A simulated process death: the gateway's plain answer, as API Gateway gives for a failed function. */
export function expectCrashed(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(502);
  expect(res.body).toEqual({ message: 'Internal Server Error' });
}

export const ok = <T = any>(res: ApiResponse<T>, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

/** Trial balance debits = credits, and the accounting self-check (sub-ledgers = GL) green. */
export async function booksBalance(token: string) {
  const tb = ok(await get('/api/v1/accounting/trial-balance', token));
  expect(tb.totals.debit).toBe(tb.totals.credit);
  const check = ok(await checkBooks(token));
  for (const c of check.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
}

export const key = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** What a booking needs: a vehicle and a customer of the company. */
export async function bookable(token: string) {
  const [vehicle, customer] = await Promise.all([createVehicle(token), createCustomer(token)]);
  return {
    vehicleId: vehicle.id as string,
    customerId: customer.id as string,
    body: {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: '2034-03-01T09:00:00.000Z',
      endDate: '2034-03-04T09:00:00.000Z',
      dailyRate: 100,
    },
  };
}
export const book = (token: string, body: unknown, idem: string) =>
  post('/api/v1/rentals', body, token, { 'idempotency-key': idem });
export async function rentalsOfCustomer(token: string, customerId: string) {
  return (ok(await get(`/api/v1/rentals?customerId=${customerId}&limit=100`, token)).items as { id: string }[]).length;
}

/** A rental with an issued invoice (its balance due). */
export async function draftInvoice(token: string) {
  const vehicle = await createVehicle(token);
  const customer = await createCustomer(token, { fullNameEnglish: 'Faults Customer', email: 'faults@example.test' });
  const rental = await createRental(token, { customerId: customer.id, vehicleId: vehicle.id });
  const draft = ok(await post('/api/v1/invoices', { rentalId: rental.id }, token), 201);
  return { draftId: draft.id as string, rentalId: rental.id as string };
}
export const issue = (token: string, id: string) => post(`/api/v1/invoices/${id}/issue`, {}, token);
export async function issued(token: string) {
  const { draftId, rentalId } = await draftInvoice(token);
  return { invoice: ok(await issue(token, draftId)), rentalId };
}
/** The numbers of the company's issued invoices, ascending. */
export async function invoiceNumbers(token: string): Promise<number[]> {
  const items = ok(await get('/api/v1/invoices?limit=100', token)).items as { number: string | null }[];
  return items
    .map((i) => Number(/(\d+)$/.exec(i.number ?? '')?.[1] ?? Number.NaN))
    .filter((n) => !Number.isNaN(n))
    .sort((a, b) => a - b);
}
export const gapFree = (ns: number[]) => ns.every((n, i) => i === 0 || n === ns[i - 1] + 1);

/** A rental holding a deposit of 100 received in cash (the deposit's id is the rental's). */
export async function heldDeposit(token: string) {
  const vehicle = await createVehicle(token);
  const customer = await createCustomer(token);
  const rental = await createRental(token, { customerId: customer.id, vehicleId: vehicle.id });
  ok(
    await post(`/api/v1/rentals/${rental.id}/payments`, { amount: 100, method: 'cash', forDeposit: true }, token),
    201,
  );
  return rental.id as string;
}
export const refund = (token: string, id: string, idem: string) =>
  post(`/api/v1/deposits/${id}/refund`, { amount: 40 }, token, { 'idempotency-key': idem });
export async function depositRefunds(token: string, rentalId: string) {
  const ledger = ok(await get(`/api/v1/rentals/${rentalId}/ledger`, token)).items as { type: string }[];
  return ledger.filter((e) => e.type === 'refund').length;
}

/** Online payment through the PayTabs emulator: the company's keys, a started payment, its signed callback. */
export async function enableGateway(token: string): Promise<string> {
  const serverKey = `SK-faults-${Date.now().toString(36)}`;
  const s = ok(await get('/api/v1/company/settings', token));
  ok(
    await put(
      '/api/v1/company/settings',
      { version: s.version, gatewayKeys: { profileId: '98765', serverKey } },
      token,
    ),
  );
  return serverKey;
}
export async function startOnline(token: string, invoiceId: string) {
  const started = ok(
    await post(`/api/v1/invoices/${invoiceId}/pay-online`, { language: 'en' }, token, {
      origin: 'http://localhost:3000',
    }),
    201,
  );
  return ok(await get(`/api/v1/payments/${started.paymentId}`, token));
}
export function callback(
  tenantId: string,
  serverKey: string,
  p: { id: string; amount: number; currency: string; gateway: { tranRef: string } },
) {
  const body = JSON.stringify({
    tran_ref: p.gateway.tranRef,
    cart_id: `${tenantId}.${p.id}`,
    cart_currency: p.currency,
    cart_amount: p.amount.toFixed(2),
    tran_currency: p.currency,
    tran_total: p.amount.toFixed(2),
    payment_result: { response_status: 'A', response_message: 'Authorised' },
  });
  const signature = createHmac('sha256', serverKey).update(body).digest('hex');
  return () =>
    call('/api/v1/payments/callback/paytabs', {
      method: 'POST',
      raw: body,
      headers: { 'content-type': 'application/json', signature },
    });
}
export async function paymentsOf(token: string, invoiceId: string) {
  return ok(await get(`/api/v1/invoices/${invoiceId}/payments`, token)).items as { status: string }[];
}

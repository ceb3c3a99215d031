import { createHmac } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { BASE_URL, call, checkBooks, get, post, put } from './client';
import { returnFormOf } from '../../infra/local/paytabs-emulator';
import { tenantWithAllRoles } from './fixtures';
import { createCustomer, createRental, createVehicle } from './entity-factories';
import { queryAll } from '../../functions/lib/data/repo';
import { tenantPk } from '../../functions/lib/data/keys';

/**
 * What the payments integration files share (functions/payments/*.int.test.ts): the file's company with the PayTabs
 * sandbox keys, an issued invoice to pay, readers of invoices, rentals, payments and the audit log, the self-check,
 * and the gateway's side — signed callbacks, the sandbox page's Pay / Decline and the browser's return.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
export let t: Roles;
export let owner: string;
export const SERVER_KEY = `SK-test-${Date.now().toString(36)}`;
const CALLBACK = '/api/v1/payments/callback/paytabs';

export const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

export async function issuedInvoice(customerId?: string) {
  const cust = customerId ?? (await createCustomer(owner, { fullNameEnglish: 'Payments Customer' })).id;
  const vehicle = await createVehicle(owner);
  const rental = await createRental(owner, { customerId: cust, vehicleId: vehicle.id });
  const draft = ok(await post('/api/v1/invoices', { rentalId: rental.id }, owner), 201);
  const issued = ok(await post(`/api/v1/invoices/${draft.id}/issue`, {}, owner));
  expect(issued.status).toBe('issued');
  expect(issued.balance).toBeGreaterThan(0);
  return {
    invoice: issued as { id: string; number: string; balance: number; total: number; currency: string },
    rentalId: rental.id as string,
    customerId: cust as string,
  };
}

export const invoiceOf = async (id: string) => ok(await get(`/api/v1/invoices/${id}`, owner));
export const rentalOf = async (id: string) => ok(await get(`/api/v1/rentals/${id}`, owner));
export const paymentsOf = async (invoiceId: string) => ok(await get(`/api/v1/invoices/${invoiceId}/payments`, owner));
export const pay = (invoiceId: string, body: unknown, key?: string, token = owner) =>
  post(`/api/v1/invoices/${invoiceId}/payments`, body, token, key ? { 'idempotency-key': key } : undefined);
export const auditActions = async (tenantId: string) =>
  await queryAll<{ action: string; entityId: string; summary: string | null }>({
    tenantId,
    pk: tenantPk(tenantId, 'AUDIT'),
    max: 5000,
  });

export async function selfCheckGreen() {
  const res = ok(await checkBooks(owner));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/** The body PayTabs posts for a transaction, signed with `key` (or unsigned). */
export function callbackFor(
  p: { id: string; amount: number; currency: string; gateway: { tranRef: string } },
  over: Record<string, unknown> = {},
  status = 'A',
) {
  return JSON.stringify({
    tran_ref: p.gateway.tranRef,
    cart_id: `${t.owner.tenantId}.${p.id}`,
    cart_currency: p.currency,
    cart_amount: p.amount.toFixed(2),
    tran_currency: p.currency,
    tran_total: p.amount.toFixed(2),
    payment_result: { response_status: status, response_message: status === 'A' ? 'Authorised' : 'Declined' },
    ...over,
  });
}
export const sign = (body: string, key = SERVER_KEY) => createHmac('sha256', key).update(body).digest('hex');
export const sendCallback = (body: string, signature?: string) =>
  call(CALLBACK, {
    method: 'POST',
    raw: body,
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { signature } : {}) },
  });

/** The return token the gateway was given for an attempt (what the customer's browser comes back with). */
export async function returnTokenOf(paymentId: string): Promise<string> {
  const p = ok(await get(`/api/v1/payments/${paymentId}`, owner));
  const all = (await (await fetch(new URL('/_emulator/transactions', p.gateway.url))).json()) as {
    tranRef: string;
    returnUrl: string;
  }[];
  return new URL(all.find((x) => x.tranRef === p.gateway.tranRef)!.returnUrl).searchParams.get('token')!;
}

/**
 * The customer presses Pay or Decline on the sandbox's page; the page POSTs the return form (as PayTabs does) to the
 * return URL, which is the API's browser return: its answer (a 303 to the public page) and the page's token.
 */
export async function pressAndReturn(url: string, button: 'pay' | 'decline') {
  const ref = new URL(url).pathname.split('/').pop();
  const done = await fetch(new URL(`/payment/page/${ref}/${button}`, url), { method: 'POST', redirect: 'manual' });
  expect(done.status).toBe(200);
  const form = returnFormOf(await done.text());
  const action = new URL(form.action);
  expect(action.pathname).toBe('/api/v1/payments/return');
  const back = await fetch(`${BASE_URL}${action.pathname}${action.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
    redirect: 'manual',
  });
  expect(back.status).toBe(303);
  const page = new URL(back.headers.get('location')!, BASE_URL);
  return { form, page, token: page.searchParams.get('token')! };
}

export async function startOnline(invoiceId: string, language = 'en') {
  const started = ok(
    await post(`/api/v1/invoices/${invoiceId}/pay-online`, { language }, owner, { origin: 'http://localhost:3000' }),
    201,
  );
  expect(started.url).toMatch(/\/payment\/page\/TST/);
  const payment = ok(await get(`/api/v1/payments/${started.paymentId}`, owner));
  expect(payment).toMatchObject({ status: 'pending', method: 'online', receipt: null });
  return { ...started, payment };
}

/**
 * The company of a test file: every role signed in, and the PayTabs sandbox keys (SERVER_KEY) saved in its settings.
 * Called once at the top of each payments file; `t` and `owner` above are live exports, so the helpers and the tests
 * of that file read the company its beforeAll made (vitest runs each file in a module graph of its own).
 */
export function setUpPaymentsCompany() {
  beforeAll(async () => {
    t = await tenantWithAllRoles();
    owner = t.owner.token;
    const s = ok(await get('/api/v1/company/settings', owner));
    ok(
      await put(
        '/api/v1/company/settings',
        { version: s.version, gatewayKeys: { profileId: '98765', serverKey: SERVER_KEY } },
        owner,
      ),
    );
  }, 60_000);
}

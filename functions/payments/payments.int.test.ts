import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, call, checkBooks, get, post, put } from '../../test/integration/client';
import { returnFormOf } from '../../infra/local/paytabs-emulator';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createRental, createVehicle } from '../../test/integration/entity-factories';
import { getItem, putItem, queryAll } from '../lib/data/repo';
import { paymentKey, type PaymentItem } from './model';
import { CALLBACK_GRACE_MINUTES, ONLINE_PAGE_MINUTES } from './online';
import { PAYMENT_MESSAGES } from '../../shared/schemas/payments';
import { tenantPk } from '../lib/data/keys';

/**
 * Payments over HTTP against the local stack and the PayTabs sandbox emulator: recording with
 * allocation and overpayment credit, idempotency, refunds, the online flow (paid, declined),
 * refused callbacks (unsigned, forged, foreign, amount mismatch: audited, nothing posted), a
 * replayed callback posting once, receipts and their PDF, bad input, roles and tenancy, and the
 * accounting self-check after it all.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let owner: string;
const SERVER_KEY = `SK-test-${Date.now().toString(36)}`;
const CALLBACK = '/api/v1/payments/callback/paytabs';

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

async function issuedInvoice(customerId?: string) {
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

const invoiceOf = async (id: string) => ok(await get(`/api/v1/invoices/${id}`, owner));
const rentalOf = async (id: string) => ok(await get(`/api/v1/rentals/${id}`, owner));
const paymentsOf = async (invoiceId: string) => ok(await get(`/api/v1/invoices/${invoiceId}/payments`, owner));
const pay = (invoiceId: string, body: unknown, key?: string, token = owner) =>
  post(`/api/v1/invoices/${invoiceId}/payments`, body, token, key ? { 'idempotency-key': key } : undefined);
const auditActions = async (tenantId: string) =>
  await queryAll<{ action: string; entityId: string; summary: string | null }>({
    tenantId,
    pk: tenantPk(tenantId, 'AUDIT'),
    max: 5000,
  });

async function selfCheckGreen() {
  const res = ok(await checkBooks(owner));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/** The body PayTabs posts for a transaction, signed with `key` (or unsigned). */
function callbackFor(
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
const sign = (body: string, key = SERVER_KEY) => createHmac('sha256', key).update(body).digest('hex');
const sendCallback = (body: string, signature?: string) =>
  call(CALLBACK, {
    method: 'POST',
    raw: body,
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { signature } : {}) },
  });

/** The return token the gateway was given for an attempt (what the customer's browser comes back with). */
async function returnTokenOf(paymentId: string): Promise<string> {
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
async function pressAndReturn(url: string, button: 'pay' | 'decline') {
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

async function startOnline(invoiceId: string, language = 'en') {
  const started = ok(
    await post(`/api/v1/invoices/${invoiceId}/pay-online`, { language }, owner, { origin: 'http://localhost:3000' }),
    201,
  );
  expect(started.url).toMatch(/\/payment\/page\/TST/);
  const payment = ok(await get(`/api/v1/payments/${started.paymentId}`, owner));
  expect(payment).toMatchObject({ status: 'pending', method: 'online', receipt: null });
  return { ...started, payment };
}

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

describe('recording payments', () => {
  it('a partial payment: REC- receipt, invoice partially paid, rental balance down; the same Idempotency-Key answers the first payment', async () => {
    const { invoice, rentalId } = await issuedInvoice();
    const before = await rentalOf(rentalId);
    const key = `pay-${Date.now()}`;
    const first = ok(await pay(invoice.id, { amount: 10, method: 'cash' }, key), 201);
    expect(first).toMatchObject({
      status: 'paid',
      amount: 10,
      method: 'cash',
      credit: 0,
      invoice: { status: 'partially_paid' },
    });
    expect(first.receipt.number).toMatch(/^REC-\d+$/);
    expect(first.allocations).toEqual([{ invoiceId: invoice.id, invoiceNumber: invoice.number, rentalId, amount: 10 }]);
    const again = ok(await pay(invoice.id, { amount: 10, method: 'cash' }, key), 201);
    expect(again.id).toBe(first.id);
    expect((await paymentsOf(invoice.id)).items).toHaveLength(1);
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ status: 'partially_paid', amountPaid: 10 });
    expect(after.balance).toBeCloseTo(invoice.balance - 10, 2);
    expect((await rentalOf(rentalId)).balance).toBeCloseTo(before.balance - 10, 2);

    const ledger = ok(await get(`/api/v1/rentals/${rentalId}/ledger`, owner));
    expect(ledger.items.find((e: { receiptId?: string }) => e.receiptId === first.receipt.id)).toMatchObject({
      type: 'payment',
      amount: 10,
      method: 'cash',
      receiptNumber: first.receipt.number,
    });

    const second = ok(await pay(invoice.id, { amount: 1, method: 'bank_transfer' }), 201);
    expect(Number(second.receipt.number.slice(4))).toBeGreaterThan(Number(first.receipt.number.slice(4)));
  });

  it('bad input → 400 with field errors and nothing written; a draft invoice → 409', async () => {
    const { invoice, rentalId } = await issuedInvoice();
    for (const body of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 1.234, method: 'cash' },
      { amount: 5, method: 'bitcoin' },
      { method: 'cash' },
    ]) {
      const res = await pay(invoice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await pay(invoice.id, { method: 'cash' })).body.error.fields.amount).toBe('Amount is required');
    expect((await paymentsOf(invoice.id)).items).toHaveLength(0);
    expect((await invoiceOf(invoice.id)).amountPaid).toBe(0);
    const vehicle = await createVehicle(owner);
    const rental2 = await createRental(owner, {
      customerId: (await rentalOf(rentalId)).customerId,
      vehicleId: vehicle.id,
    });
    const draft = ok(await post('/api/v1/invoices', { rentalId: rental2.id }, owner), 201);
    expect((await pay(draft.id, { amount: 1, method: 'cash' })).status).toBe(409);
  });

  it("allocation: this invoice first, then the customer's oldest open invoice; the rest becomes customer credit; refunds unwind credit first", async () => {
    const a = await issuedInvoice();
    const b = await issuedInvoice(a.customerId);
    const amount = Math.round((a.invoice.balance + b.invoice.balance + 50) * 100) / 100;
    const p = ok(await pay(b.invoice.id, { amount, method: 'credit_card' }), 201);
    expect(p.allocations.map((x: { invoiceId: string }) => x.invoiceId)).toEqual([b.invoice.id, a.invoice.id]);
    expect(p.credit).toBe(50);
    expect((await invoiceOf(a.invoice.id)).status).toBe('paid');
    expect((await invoiceOf(b.invoice.id)).status).toBe('paid');
    expect((await paymentsOf(a.invoice.id)).items.map((x: { id: string }) => x.id)).toContain(p.id);
    expect((await paymentsOf(b.invoice.id)).customerCredit).toBe(50);
    expect((await rentalOf(a.rentalId)).balance).toBe(0);
    expect((await rentalOf(b.rentalId)).balance).toBe(0);
    await selfCheckGreen();

    // Refund 70: 50 from the credit, 20 from the last allocation (invoice A).
    const r1 = ok(
      await post(`/api/v1/payments/${p.id}/refund`, { amount: 70, reason: 'Customer returned early' }, owner),
      201,
    );
    expect(r1).toMatchObject({ status: 'paid', refunded: 70, method: 'credit_card' });
    expect(r1.refundReceipts).toHaveLength(1);
    expect(r1.refundReceipts[0].number).toMatch(/^REC-\d+$/);
    expect(r1.refundReceipts[0].kind).toBe('refund_receipt');
    expect((await paymentsOf(a.invoice.id)).customerCredit).toBe(0);
    const aAfter = await invoiceOf(a.invoice.id);
    expect(aAfter.status).toBe('partially_paid');
    expect(aAfter.balance).toBe(20);
    expect((await rentalOf(a.rentalId)).balance).toBe(20);
    // More than is left → 400, nothing written.
    expect((await post(`/api/v1/payments/${p.id}/refund`, { amount: amount }, owner)).status).toBe(400);
    const rest = ok(await post(`/api/v1/payments/${p.id}/refund`, {}, owner, { 'idempotency-key': `rf-${p.id}` }), 201);
    expect(rest).toMatchObject({ status: 'refunded' });
    expect(rest.refunded).toBeCloseTo(amount, 2);
    expect((await invoiceOf(b.invoice.id)).status).toBe('issued');
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, owner)).status).toBe(409);
    await selfCheckGreen();
  });

  it('money received directly on a rental (payment or deposit) gets its REC- receipt too', async () => {
    const { rentalId } = await issuedInvoice();
    const res = ok(
      await post(`/api/v1/rentals/${rentalId}/payments`, { amount: 25, method: 'debit_card', forDeposit: true }, owner),
      201,
    );
    expect(res.entry.receiptNumber).toMatch(/^REC-\d+$/);
    const { url } = ok(await get(`/api/v1/receipts/${res.entry.receiptId}/pdf`, owner));
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("the booking wizard's initial payment gets a REC- receipt; a rental refund (money or deposit) gets a refund receipt", async () => {
    const customer = await createCustomer(owner, { fullNameEnglish: 'Receipt Customer' });
    const vehicle = await createVehicle(owner);
    const rental = await createRental(
      owner,
      { customerId: customer.id, vehicleId: vehicle.id },
      { initialPaymentAmount: 80, initialPaymentMethod: 'credit_card', securityDeposit: 100 },
    );
    const path = `/api/v1/rentals/${rental.id}`;
    const initial = ok(await get(`${path}/ledger`, owner)).items.find((e: { type: string }) => e.type === 'payment');
    expect(initial).toMatchObject({
      amount: 80,
      method: 'credit_card',
      receiptNumber: expect.stringMatching(/^REC-\d+$/),
    });
    const receiptOf = async (id: string) =>
      (
        await queryAll<{ id: string; kind: string; amountMinor: number; paymentId: string; reason: string | null }>({
          tenantId: t.owner.tenantId,
          pk: tenantPk(t.owner.tenantId, 'RECEIPT'),
          max: 5000,
        })
      ).find((r) => r.id === id);
    expect(await receiptOf(initial.receiptId)).toMatchObject({
      kind: 'receipt',
      amountMinor: 8000,
      paymentId: `rental:${rental.id}`,
    });

    ok(await post(`${path}/payments`, { amount: 100, method: 'cash', forDeposit: true }, owner), 201);
    const refund = ok(
      await post(`${path}/refunds`, { amount: 30, method: 'credit_card' }, owner, {
        'idempotency-key': `rf-${rental.id}`,
      }),
      201,
    );
    expect(refund.entry).toMatchObject({
      type: 'refund',
      amount: 30,
      receiptNumber: expect.stringMatching(/^REC-\d+$/),
    });
    expect(Number(refund.entry.receiptNumber.slice(4))).toBeGreaterThan(Number(initial.receiptNumber.slice(4)));
    expect(await receiptOf(refund.entry.receiptId)).toMatchObject({
      kind: 'refund_receipt',
      amountMinor: 3000,
      reason: 'Refund',
    });
    // The same Idempotency-Key answers the first refund: one refund receipt.
    const again = ok(
      await post(`${path}/refunds`, { amount: 30, method: 'credit_card' }, owner, {
        'idempotency-key': `rf-${rental.id}`,
      }),
      201,
    );
    expect(again.entry.receiptId).toBe(refund.entry.receiptId);
    const deposit = ok(await post(`${path}/refunds`, { amount: 100, method: 'cash', fromDeposit: true }, owner), 201);
    expect(await receiptOf(deposit.entry.receiptId)).toMatchObject({
      kind: 'refund_receipt',
      amountMinor: 10000,
      reason: 'Security deposit refund',
    });
    const { url } = ok(await get(`/api/v1/receipts/${refund.entry.receiptId}/pdf`, owner));
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await selfCheckGreen();
  });

  it('a receipt PDF is a real PDF at a presigned URL', async () => {
    const { invoice } = await issuedInvoice();
    const p = ok(await pay(invoice.id, { amount: 5, method: 'pos_machine' }), 201);
    const { url } = ok(await get(`/api/v1/receipts/${p.receipt.id}/pdf`, owner));
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5000);
  });
});

describe('final settlement', () => {
  it('a closed rental has a final settlement PDF (charges, payments, deposit applied and refunded); before closing → 409', async () => {
    const customer = await createCustomer(owner, { fullNameEnglish: 'Settlement Customer' });
    const vehicle = await createVehicle(owner);
    const now = Date.now();
    const rental = await createRental(
      owner,
      { customerId: customer.id, vehicleId: vehicle.id },
      {
        securityDeposit: 500,
        startDate: new Date(now - 2 * 86_400_000).toISOString(),
        endDate: new Date(now + 86_400_000).toISOString(),
      },
    );
    const path = `/api/v1/rentals/${rental.id}`;
    ok(await post(`${path}/payments`, { amount: 500, method: 'cash', forDeposit: true }, owner), 201);
    expect((await get(`${path}/final-settlement`, owner)).status).toBe(409);
    ok(await post(`${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner));
    ok(
      await post(
        `${path}/return`,
        {
          odometerEnd: 1100,
          condition: 'good',
          fuelLevelEnd: 'full',
          returnDate: new Date(now - 3_600_000).toISOString(),
        },
        owner,
      ),
    );
    ok(await post(`${path}/close`, { depositRefundMethod: 'cash' }, owner));
    const { url } = ok(await get(`${path}/final-settlement`, owner));
    expect(url).toContain(`settlements/${rental.id}/v`);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`${path}/final-settlement`, t.tokens.MECHANIC)).status).toBe(403);
    expect((await get(`${path}/final-settlement`, (await registerTenant()).token)).status).toBe(404);
  });
});

describe('online payments through the PayTabs sandbox', () => {
  it('Pay: the signed callback marks the payment paid before the browser returns to the public /payments/return page', async () => {
    const { invoice, rentalId } = await issuedInvoice();
    const { url, paymentId } = await startOnline(invoice.id);
    const pageHtml = await (await fetch(url)).text();
    expect(pageHtml).toContain(invoice.balance.toFixed(2));
    const { form, page: back, token } = await pressAndReturn(url, 'pay');
    expect(form.fields.respStatus).toBe('A');
    // The customer comes back to the PUBLIC return page with the attempt's token (no sign-in).
    expect(back.pathname).toBe('/payments/return');
    expect(token.startsWith(`${t.owner.tenantId}.${paymentId}.`)).toBe(true);
    const pub = ok(await get(`/api/v1/payments/return/${token}`));
    expect(pub).toMatchObject({
      paymentId,
      state: 'paid',
      amount: invoice.balance,
      invoiceNumber: invoice.number,
      canRetry: false,
      failure: null,
      receipt: { number: expect.stringMatching(/^REC-\d+$/) },
    });
    expect(pub.company.name).toBeTruthy();
    // Only that payment's status: nothing about the customer, the rental or the company's other data.
    expect(Object.keys(pub).sort()).toEqual([
      'amount',
      'canRetry',
      'company',
      'currency',
      'failure',
      'invoiceNumber',
      'paidAt',
      'paymentId',
      'receipt',
      'state',
    ]);
    expect(Object.keys(pub.company).sort()).toEqual(['logoUrl', 'name']);
    expect(JSON.stringify(pub)).not.toContain('Payments Customer');
    const { url: receiptUrl } = ok(await get(`/api/v1/payments/return/${token}/receipt`));
    expect(
      Buffer.from(await (await fetch(receiptUrl)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await post(`/api/v1/payments/return/${token}/retry`, { language: 'en' })).status).toBe(409);
    const p = ok(await get(`/api/v1/payments/${paymentId}`, owner));
    expect(p).toMatchObject({ status: 'paid', method: 'online', invoice: { status: 'paid', balance: 0 } });
    expect(p.receipt.number).toMatch(/^REC-\d+$/);
    expect((await rentalOf(rentalId)).balance).toBe(0);

    // The same callback again (the gateway retrying, or a replay): 200, posted once.
    const replay = callbackFor(p);
    const res = await sendCallback(replay, sign(replay));
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(true);
    expect((await invoiceOf(invoice.id)).amountPaid).toBe(invoice.total);
    expect((await paymentsOf(invoice.id)).items).toHaveLength(1);
    expect(
      (await auditActions(t.owner.tenantId)).some(
        (a) => a.action === 'payment.callback_replayed' && a.entityId === paymentId,
      ),
    ).toBe(true);
  });

  it('Decline: the payment fails, the invoice is untouched; a new attempt can follow', async () => {
    const { invoice } = await issuedInvoice();
    const { url, paymentId } = await startOnline(invoice.id, 'ar');
    expect(await (await fetch(url)).text()).toContain('dir="rtl"');
    const { form, token } = await pressAndReturn(url, 'decline');
    expect(form.fields.respStatus).toBe('D');
    const p = ok(await get(`/api/v1/payments/${paymentId}`, owner));
    expect(p).toMatchObject({ status: 'failed', failureReason: 'Declined', gatewayStatus: 'D', receipt: null });
    // The customer's public page: failed, the gateway's status code (translated on screen) and its raw text, and a
    // retry.
    const pub = ok(await get(`/api/v1/payments/return/${token}`));
    expect(pub).toMatchObject({
      state: 'failed',
      failure: { gatewayStatus: 'D', message: 'Declined' },
      canRetry: true,
      receipt: null,
    });
    expect((await get(`/api/v1/payments/return/${token}/receipt`)).status).toBe(404);
    const again = ok(
      await post(`/api/v1/payments/return/${token}/retry`, { language: 'ar' }, undefined, {
        origin: 'http://localhost:3000',
      }),
      201,
    );
    expect(again.url).toMatch(/\/payment\/page\/TST/);
    expect(Object.keys(again)).toEqual(['url']);
    const started = (await paymentsOf(invoice.id)).items.filter((x: { status: string }) => x.status === 'pending');
    expect(started).toHaveLength(1);
    expect(started[0].createdBy).toBe('customer (payment link)');
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'issued', amountPaid: 0 });
    const retry = await startOnline(invoice.id);
    expect(retry.paymentId).not.toBe(paymentId);
  });

  it("the public return route: a wrong, expired or another payment's token is 404 with nothing leaked", async () => {
    const { invoice } = await issuedInvoice();
    const a = await startOnline(invoice.id);
    const tokenA = await returnTokenOf(a.paymentId);
    ok(await get(`/api/v1/payments/return/${tokenA}`));
    const { invoice: other } = await issuedInvoice();
    const b = await startOnline(other.id);
    const tokenB = await returnTokenOf(b.paymentId);
    const [tenant, idA, secretA] = tokenA.split('.');
    const secretB = tokenB.split('.')[2];
    const flipped = secretA.slice(0, -1) + (secretA.endsWith('A') ? 'B' : 'A');
    const bad = [
      `${tenant}.${idA}.${secretB}`, // another payment's secret
      `${tenant}.${b.paymentId}.${secretA}`, // this secret on another payment
      `${tenant}.${idA}.${flipped}`,
      `${(await registerTenant()).tenantId}.${idA}.${secretA}`, // another company
      `${tenant}.${idA}`,
      'garbage',
      `${tokenA}.x`,
    ];
    const answers = await Promise.all(
      bad.flatMap((tok) => [
        get(`/api/v1/payments/return/${encodeURIComponent(tok)}`),
        get(`/api/v1/payments/return/${encodeURIComponent(tok)}/receipt`),
      ]),
    );
    expect(answers.map((r) => r.status)).toEqual(bad.flatMap(() => [404, 404]));
    expect(new Set(answers.map((r) => r.body.message)).size).toBe(1);
    expect(JSON.stringify(answers.map((r) => r.body))).not.toContain(invoice.number);
    expect((await post(`/api/v1/payments/return/${encodeURIComponent(bad[0])}/retry`, { language: 'en' })).status).toBe(
      404,
    );

    // Expired: the same token past its expiry reads 404.
    const item = (await getItem(paymentKey(t.owner.tenantId, a.paymentId)))!;
    await putItem({ ...item, returnTokenExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await get(`/api/v1/payments/return/${tokenA}`)).status).toBe(404);
  });

  it('unsigned, forged, foreign and mismatched callbacks are refused, audited, and post nothing; concurrent valid callbacks post once', async () => {
    const { invoice } = await issuedInvoice();
    const { payment } = await startOnline(invoice.id);
    const body = callbackFor(payment);
    expect((await sendCallback(body)).status).toBe(401);
    expect((await sendCallback(body, sign(body, 'not-the-key'))).status).toBe(401);
    expect(
      (
        await sendCallback(
          body,
          sign(body).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        )
      ).status,
    ).toBe(401);
    const foreign = callbackFor(payment, { tran_ref: 'TST0000000000FFFFFF' });
    expect((await sendCallback(foreign, sign(foreign))).status).toBe(400);
    const cheaper = callbackFor(payment, {
      tran_total: (payment.amount - 1).toFixed(2),
      cart_amount: (payment.amount - 1).toFixed(2),
    });
    expect((await sendCallback(cheaper, sign(cheaper))).status).toBe(400);
    const otherCurrency = callbackFor(payment, { tran_currency: 'EUR', cart_currency: 'EUR' });
    expect((await sendCallback(otherCurrency, sign(otherCurrency))).status).toBe(400);
    expect(ok(await get(`/api/v1/payments/${payment.id}`, owner)).status).toBe('pending');
    expect((await invoiceOf(invoice.id)).amountPaid).toBe(0);
    const refused = (await auditActions(t.owner.tenantId))
      .filter((a) => a.action === 'payment.callback_refused' && a.entityId === payment.id)
      .map((a) => JSON.parse(a.summary!).note);
    expect(refused.sort()).toEqual(
      [
        'amount_or_currency_mismatch',
        'amount_or_currency_mismatch',
        'forged_signature',
        'forged_signature',
        'foreign_transaction',
        'unsigned',
      ].sort(),
    );
    expect(JSON.stringify(await auditActions(t.owner.tenantId))).not.toContain(SERVER_KEY);

    // Five valid callbacks at once: one posts, the others are duplicates.
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendCallback(body, sign(body))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    const inv = await invoiceOf(invoice.id);
    expect(inv).toMatchObject({ status: 'paid' });
    expect(inv.amountPaid).toBe(invoice.total);
    await selfCheckGreen();
  });

  it('pay online needs the gateway keys (409) and an open invoice with a balance', async () => {
    const other = await registerTenant();
    const res = await post('/api/v1/invoices/01ARZ3NDEKTSV4RRFFQ69G5FAV/pay-online', {}, other.token, {
      origin: 'http://localhost:3000',
    });
    expect(res.status).toBe(404);
  });
});

describe('the browser return, expiry and online refunds', () => {
  const emulatorTxn = async (p: { gateway: { url: string; tranRef: string } }) =>
    (
      (await (await fetch(new URL('/_emulator/transactions', p.gateway.url))).json()) as {
        tranRef: string;
        createdAt: string;
        expiresAt: string;
        refunds: { tranRef: string; cartId: string; amount: string; status: string }[];
      }[]
    ).find((x) => x.tranRef === p.gateway.tranRef)!;
  const storedPayment = async (id: string) => (await getItem(paymentKey(t.owner.tenantId, id), true)) as PaymentItem;
  const auditOf = async (id: string) =>
    (await auditActions(t.owner.tenantId)).filter((a) => a.entityId === id).map((a) => a.action);
  const receipts = async () =>
    await queryAll<{ id: string; kind: string; amountMinor: number; paymentId: string; gatewayRef: string | null }>({
      tenantId: t.owner.tenantId,
      pk: tenantPk(t.owner.tenantId, 'RECEIPT'),
      max: 5000,
    });
  async function paidOnline() {
    const { invoice, rentalId } = await issuedInvoice();
    const { url, paymentId } = await startOnline(invoice.id);
    await pressAndReturn(url, 'pay');
    const p = ok(await get(`/api/v1/payments/${paymentId}`, owner));
    expect(p.status).toBe('paid');
    return { invoice, rentalId, p };
  }

  it('the return is accepted as a POST (a form, as PayTabs sends it) and as a GET: 303 to the public page', async () => {
    const token = 'T.P.S';
    for (const method of ['POST', 'GET']) {
      const res = await fetch(`${BASE_URL}/api/v1/payments/return?token=${encodeURIComponent(token)}`, {
        method,
        redirect: 'manual',
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'tranRef=TST1&respStatus=A&token=card-token-not-ours&signature=x',
            }
          : {}),
      });
      expect(res.status, method).toBe(303);
      // The query's token, never the form's own `token` field; nothing about the payment is read.
      expect(res.headers.get('location')).toBe(`/payments/return?token=${token}`);
    }
    // No token: 400, no redirect.
    const none = await call('/api/v1/payments/return', {
      method: 'POST',
      raw: 'respStatus=A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(none.status).toBe(400);
    expect((await get('/api/v1/payments/return')).status).toBe(400);
  });

  it(`a pending attempt expires ${ONLINE_PAGE_MINUTES}+${CALLBACK_GRACE_MINUTES} min after it starts: shown as expired, retryable, and a late approved callback cannot pay it (the money goes back through the gateway)`, async () => {
    const { invoice } = await issuedInvoice();
    const { url, paymentId, payment } = await startOnline(invoice.id);
    // The gateway was told the page's life; the attempt ends after it plus the grace for the callback.
    const gw = await emulatorTxn(payment);
    expect(Date.parse(gw.expiresAt) - Date.parse(gw.createdAt)).toBeGreaterThan(ONLINE_PAGE_MINUTES * 60_000 - 2000);
    expect(Date.parse(gw.expiresAt) - Date.parse(gw.createdAt)).toBeLessThan(ONLINE_PAGE_MINUTES * 60_000 + 2000);
    const item = await storedPayment(paymentId);
    expect(Date.parse(item.expiresAt!) - Date.parse(item.createdAt)).toBe(
      (ONLINE_PAGE_MINUTES + CALLBACK_GRACE_MINUTES) * 60_000,
    );
    const token = await returnTokenOf(paymentId);
    expect(ok(await get(`/api/v1/payments/return/${token}`)).state).toBe('pending');

    // Time passes: the attempt's end is behind us (the return token itself lives longer).
    await putItem({ ...item, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(ok(await get(`/api/v1/payments/${paymentId}`, owner))).toMatchObject({
      status: 'cancelled',
      gatewayStatus: 'X',
      receipt: null,
    });
    const listed = (await paymentsOf(invoice.id)).items.find((x: { id: string }) => x.id === paymentId);
    expect(listed.status).toBe('cancelled');
    expect(ok(await get(`/api/v1/payments/return/${token}`))).toMatchObject({
      state: 'failed',
      failure: { gatewayStatus: 'X' },
      canRetry: true,
    });

    // The customer pays on the still-open gateway page anyway (a callback delivered after the end): not paid.
    await pressAndReturn(url, 'pay');
    const after = await storedPayment(paymentId);
    expect(after).toMatchObject({ status: 'cancelled', gatewayStatus: 'X', receipt: null, paidAt: null });
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'issued', amountPaid: 0 });
    expect(await auditOf(paymentId)).toEqual(
      expect.arrayContaining(['payment.callback_after_expiry', 'payment.expired_refunded']),
    );
    const refunds = (await emulatorTxn(payment)).refunds;
    expect(refunds).toEqual([
      expect.objectContaining({
        cartId: `${t.owner.tenantId}.${paymentId}.expired`,
        amount: invoice.balance.toFixed(2),
        status: 'A',
      }),
    ]);
    // The gateway retrying the same callback: a duplicate, nothing more.
    const again = callbackFor({ ...payment, amount: invoice.balance });
    const res = await sendCallback(again, sign(again));
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(true);
    expect((await emulatorTxn(payment)).refunds).toHaveLength(1);
    expect((await paymentsOf(invoice.id)).items.every((x: { status: string }) => x.status !== 'paid')).toBe(true);

    // The customer tries again from the expired attempt's link: a new page for the balance.
    const retried = ok(
      await post(`/api/v1/payments/return/${token}/retry`, { language: 'en' }, undefined, {
        origin: 'http://localhost:3000',
      }),
      201,
    );
    expect(retried.url).toMatch(/\/payment\/page\/TST/);
    await selfCheckGreen();
  });

  it('an expired attempt whose page the gateway closed takes no payment at all', async () => {
    const { invoice } = await issuedInvoice();
    const { url, paymentId, payment } = await startOnline(invoice.id);
    await fetch(new URL(`/_emulator/transactions/${payment.gateway.tranRef}/expire`, url), { method: 'POST' });
    const ref = new URL(url).pathname.split('/').pop();
    expect((await fetch(new URL(`/payment/page/${ref}/pay`, url), { method: 'POST' })).status).toBe(410);
    expect((await storedPayment(paymentId)).status).toBe('pending');
    expect((await invoiceOf(invoice.id)).amountPaid).toBe(0);
  });

  it('an online refund is made at the gateway (its refund API), then posted through the journal with the gateway reference', async () => {
    const { invoice, rentalId, p } = await paidOnline();
    const before = (await rentalOf(rentalId)).balance;
    const key = `rf-online-${p.id}`;
    const r1 = ok(
      await post(`/api/v1/payments/${p.id}/refund`, { amount: 10, reason: 'Goodwill' }, owner, {
        'idempotency-key': key,
      }),
      201,
    );
    expect(r1).toMatchObject({ status: 'paid', refunded: 10, method: 'online' });
    // The same key: the first answer, no second call to the gateway.
    ok(
      await post(`/api/v1/payments/${p.id}/refund`, { amount: 10, reason: 'Goodwill' }, owner, {
        'idempotency-key': key,
      }),
      201,
    );
    let gw = (await emulatorTxn(p)).refunds;
    expect(gw).toHaveLength(1);
    expect(gw[0]).toMatchObject({
      cartId: `${t.owner.tenantId}.${p.id}.${r1.refundReceipts[0].id}`,
      amount: '10.00',
      status: 'A',
    });
    const receipt = (await receipts()).find((x) => x.id === r1.refundReceipts[0].id)!;
    expect(receipt).toMatchObject({ kind: 'refund_receipt', amountMinor: 1000, gatewayRef: gw[0].tranRef });
    expect((await rentalOf(rentalId)).balance).toBeCloseTo(before + 10, 2);
    const ledger = ok(await get(`/api/v1/rentals/${rentalId}/ledger`, owner));
    expect(ledger.items.find((e: { receiptId?: string }) => e.receiptId === receipt.id)).toMatchObject({
      type: 'refund',
      amount: 10,
      method: 'online',
    });
    expect((await storedPayment(p.id)).gatewayRefund ?? null).toBeNull();
    await selfCheckGreen();

    // The rest: the gateway refunds exactly what is left; the payment is refunded.
    const rest = ok(await post(`/api/v1/payments/${p.id}/refund`, {}, owner), 201);
    expect(rest.status).toBe('refunded');
    gw = (await emulatorTxn(p)).refunds;
    expect(gw.map((x) => x.amount)).toEqual(['10.00', (invoice.balance - 10).toFixed(2)]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'issued', amountPaid: 0 });
    await selfCheckGreen();
  });

  it('a refund the gateway declines posts nothing (409 with its words, audited); a refund already with the gateway is refused; an approved one whose posting was lost is posted before anything else', async () => {
    const { p, rentalId } = await paidOnline();
    await fetch(new URL(`/_emulator/transactions/${p.gateway.tranRef}/decline-refunds`, p.gateway.url), {
      method: 'POST',
    });
    const before = (await rentalOf(rentalId)).balance;
    const receiptsBefore = (await receipts()).length;
    const declined = await post(`/api/v1/payments/${p.id}/refund`, { amount: 5 }, owner);
    expect(declined.status).toBe(409);
    expect(declined.body.error.message).toBe(
      'The payment gateway refused the refund (Declined). Nothing was refunded.',
    );
    expect(declined.body.error).toMatchObject({
      template: PAYMENT_MESSAGES.gatewayRefundRefused,
      params: { reason: 'Declined' },
    });
    expect(ok(await get(`/api/v1/payments/${p.id}`, owner))).toMatchObject({ status: 'paid', refunded: 0 });
    expect((await rentalOf(rentalId)).balance).toBe(before);
    expect((await receipts()).length).toBe(receiptsBefore);
    expect(await auditOf(p.id)).toContain('payment.gateway_refund_refused');
    expect((await storedPayment(p.id)).gatewayRefund ?? null).toBeNull(); // the claim was released

    // Another refund of this payment already with the gateway (a claim without an answer yet): refused, nothing sent.
    const item = await storedPayment(p.id);
    const claim = { receiptId: '01JZZZZZZZZZZZZZZZZZZZZZZ0', number: 'REC-999999', amountMinor: 300, reason: null };
    await putItem({ ...item, gatewayRefund: { ...claim, at: new Date().toISOString() } });
    const busy = await post(`/api/v1/payments/${p.id}/refund`, { amount: 1 }, owner);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe(
      'A refund of this payment is already with the payment gateway. Try again in a minute.',
    );
    const sent = (await emulatorTxn(p)).refunds.length;

    // The gateway approved it (TSTLOST) but the process died before posting: the next request posts it first.
    await putItem({ ...item, gatewayRefund: { ...claim, at: new Date().toISOString(), tranRef: 'TSTLOST' } });
    const next = await post(`/api/v1/payments/${p.id}/refund`, { amount: 1 }, owner);
    expect(next.status).toBe(409); // the bank still declines the new one…
    const after = ok(await get(`/api/v1/payments/${p.id}`, owner));
    expect(after.refunded).toBe(3); // …but the lost 3.00 is on the books now, with its receipt and reference
    expect(after.refundReceipts.map((r: { id: string }) => r.id)).toContain(claim.receiptId);
    expect((await receipts()).find((x) => x.id === claim.receiptId)).toMatchObject({ gatewayRef: 'TSTLOST' });
    expect((await rentalOf(rentalId)).balance).toBeCloseTo(before + 3, 2);
    expect((await emulatorTxn(p)).refunds.length).toBe(sent + 1); // only the new request reached the gateway
    expect((await storedPayment(p.id)).gatewayRefund ?? null).toBeNull();
    await selfCheckGreen();
  });
});

describe('roles and tenancy', () => {
  it('MECHANIC → 403 everywhere; STAFF records payments but cannot refund; another company → 404', async () => {
    const { invoice } = await issuedInvoice();
    const p = ok(await pay(invoice.id, { amount: 2, method: 'cash' }), 201);
    const m = t.tokens.MECHANIC;
    expect((await get(`/api/v1/payments/${p.id}`, m)).status).toBe(403);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, m)).status).toBe(403);
    expect((await get(`/api/v1/invoices/${invoice.id}/payments`, m)).status).toBe(403);
    expect((await get(`/api/v1/receipts/${p.receipt.id}/pdf`, m)).status).toBe(403);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, t.tokens.STAFF)).status).toBe(201);
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, t.tokens.STAFF)).status).toBe(403);

    const other = await registerTenant();
    expect((await get(`/api/v1/payments/${p.id}`, other.token)).status).toBe(404);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, other.token)).status).toBe(404);
    expect((await get(`/api/v1/invoices/${invoice.id}/payments`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/receipts/${p.receipt.id}/pdf`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, other.token)).status).toBe(404);
    expect(
      (await post(`/api/v1/invoices/${invoice.id}/pay-online`, {}, other.token, { origin: 'http://localhost:3000' }))
        .status,
    ).toBe(404);
    expect((await paymentsOf(invoice.id)).items).toHaveLength(2);
  });
});

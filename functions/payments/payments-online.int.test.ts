import { describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { getItem, putItem } from '../lib/data/repo';
import { paymentKey } from './model';
import {
  auditActions,
  callbackFor,
  invoiceOf,
  issuedInvoice,
  ok,
  owner,
  paymentsOf,
  pressAndReturn,
  rentalOf,
  returnTokenOf,
  SERVER_KEY,
  selfCheckGreen,
  sendCallback,
  sign,
  startOnline,
  t,
  setUpPaymentsCompany,
} from '../../test/integration/payments-kit';

/**
 * Online payments over HTTP against the local stack and the PayTabs sandbox emulator: paid and declined attempts, the
 * public return route and its token, refused callbacks (unsigned, forged, foreign, amount mismatch: audited, nothing
 * posted) and a replayed or concurrent callback posting once.
 */
setUpPaymentsCompany();

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

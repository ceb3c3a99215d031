import { describe, expect, it } from 'vitest';
import { BASE_URL, call, get, post } from '../../test/integration/client';
import { getItem, putItem, queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { paymentKey, type PaymentItem } from './model';
import { CALLBACK_GRACE_MINUTES, ONLINE_PAGE_MINUTES } from './online';
import { PAYMENT_MESSAGES } from '../../shared/schemas/payments';
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
  selfCheckGreen,
  sendCallback,
  sign,
  startOnline,
  t,
  setUpPaymentsCompany,
} from '../../test/integration/payments-kit';

/**
 * The end of an online payment against the local stack and the PayTabs sandbox emulator: the browser's return (a
 * form POST or a GET), an attempt that expires before or while the customer pays, and online refunds made at the
 * gateway (declined, already with the gateway, approved but not yet posted).
 */
setUpPaymentsCompany();

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

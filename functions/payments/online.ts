import { createHmac, timingSafeEqual } from 'node:crypto';
import { appUrl, AppUrlUnknownError } from '../lib/app-url';
import { ulid } from 'ulid';
import { fromMinor, minorToDecimalString, toMinor } from '../../shared/money';
import { PAYMENT_MESSAGES } from '../../shared/schemas/payments';
import { auditItem, writeAudit } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { isUlid } from '../lib/data/keys';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { crashPoint } from '../lib/faults';
import { config } from '../lib/config';
import { badRequest, conflict, notFound, unauthorized, unavailable } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { readGatewaySecrets, rentalBalance } from './deps';
import { gatewayKeys, refundAtGateway } from './gateway';
import {
  EXPIRED_GATEWAY_STATUS,
  gatewayTxnKey,
  invoicePaymentKey,
  isExpiredAttempt,
  ONLINE_ATTEMPT_MINUTES,
  paymentKey,
  paymentUpdateIf,
  type PaymentItem,
} from './model';
import { isOpenInvoice, readInvoiceOr404 } from './record';
import { takeReceiptNumber } from './tx';
import { applyCredit, planSettlement, planWithoutRepeats } from './settle';
import { customerActor, newReturnToken, paymentOfToken } from './public-return';

/**
 * Online payments through the company's gateway (PayTabs PT2 "hosted payment page").
 *
 * Pay online: a pending payment for the invoice's balance (capped at what the rental owes) is written first, then the
 * gateway is
 * asked for a hosted page (`POST {base}/payment/request`, header `authorization: <server key>`),
 * with `cart_id` = `{tenantId}.{paymentId}` (how the public callback finds the company and the
 * payment), the callback URL `{origin}/api/v1/payments/callback/paytabs` and the return URL
 * `{origin}/api/v1/payments/return?token={return token}` (PayTabs POSTs the browser there; 303 to the public page
 * /payments/return?token=…: the customer may pay on their own
 * phone, not signed in; signed-in staff are sent on to /payments/success?payment={id}). The origin is the configured
 * app URL (lib/app-url.ts), else the
 * browser's Origin header (the API sits under the app's origin, /api/*).
 *
 * The callback is the ONLY thing that marks an online payment paid. It is believed when, in
 * this order: the body names a payment of a company; the `signature` header is the HMAC-SHA256
 * of the exact body with that company's server key (constant-time compare); the transaction is
 * the payment's own (tran_ref); currency and amount equal the payment's. A refused callback
 * (unsigned, forged, foreign transaction, amount or currency mismatch) writes an audit item
 * `payment.callback_refused` with the reason and nothing else. A callback for a payment already
 * settled (a replay, or the gateway retrying) is answered 200 and audited as
 * `payment.callback_replayed`; the gateway-transaction marker written with the posting
 * (attribute_not_exists) makes a concurrent replay fail its transaction, so money posts once.
 */
export const GATEWAY_ACTOR_NAME = 'paytabs';

function originOf(requestOrigin: string | undefined): string {
  try {
    return appUrl(requestOrigin);
  } catch (err) {
    if (err instanceof AppUrlUnknownError) throw badRequest('The app origin is unknown: set APP_URL');
    throw err;
  }
}

/**
 * An attempt's life. The gateway is told the hosted page lives ONLINE_PAGE_MINUTES (`paypage_ttl`; PayTabs' default is
 * 20): long enough to find a card and pass the bank's 3-D Secure check on a phone, short enough that a link forgotten
 * in a chat does not take money days later. The attempt itself ends CALLBACK_GRACE_MINUTES after the page, for the
 * callback of a payment made in the page's last minute (PayTabs delivers it within seconds, retrying for minutes). Past
 * its end the attempt shows as expired (model.ts asSeen) and a callback cannot pay it: it is closed as expired and, if
 * the gateway did take the money, the money is refunded through the gateway (never kept against a closed attempt).
 */
export const ONLINE_PAGE_MINUTES = 30;
export const CALLBACK_GRACE_MINUTES = ONLINE_ATTEMPT_MINUTES - ONLINE_PAGE_MINUTES;

export function payOnline(
  actor: Actor,
  invoiceId: string,
  body: { language: 'en' | 'ar' },
  requestOrigin: string | undefined,
  key?: string,
): Promise<StoredResponse> {
  return runIdempotent(actor.tenantId, `pay-online:${invoiceId}`, key, async (record) => {
    const invoice = await readInvoiceOr404(actor.tenantId, invoiceId);
    if (!isOpenInvoice(invoice)) throw conflict(PAYMENT_MESSAGES.invoiceNotOpen, undefined, 'INVALID_TRANSITION');
    // The gateway is asked for what is still owed: the invoice's balance (what was paid before
    // it was issued is already allocated to it), never more than the rental owes (money taken
    // on the rental since), so a customer is not charged into credit.
    const rental = await rentalBalance(actor.tenantId, invoice.rentalId);
    const amountMinor = Math.min(invoice.balanceMinor, Math.max(0, rental?.balanceMinor ?? invoice.balanceMinor));
    if (amountMinor <= 0) throw conflict(PAYMENT_MESSAGES.nothingToPay);
    const keys = await gatewayKeys(actor.tenantId);
    const origin = originOf(requestOrigin);
    const id = ulid();
    const now = new Date();
    const at = now.toISOString();
    const returnToken = newReturnToken(actor.tenantId, id, now);
    const pending: PaymentItem = {
      ...paymentKey(actor.tenantId, id),
      entityType: 'PAYMENT',
      id,
      tenantId: actor.tenantId,
      invoiceId,
      invoiceNumber: invoice.number,
      rentalId: invoice.rentalId,
      rentalReference: null,
      customerId: invoice.customerId,
      amountMinor,
      currency: invoice.currency,
      method: 'online',
      status: 'pending',
      allocations: [],
      creditMinor: 0,
      refundedMinor: 0,
      receipt: null,
      refundReceipts: [],
      gateway: { name: 'paytabs', tranRef: null, url: null },
      failureReason: null,
      createdAt: at,
      updatedAt: at,
      paidAt: null,
      createdBy: actor.username,
      version: 1,
      expiresAt: new Date(now.getTime() + ONLINE_ATTEMPT_MINUTES * 60_000).toISOString(),
      ...returnToken.stored,
    };
    await transact([
      tx.putNew(pending),
      // The attempt shows on the invoice at once (pending, then paid or failed).
      tx.put({
        ...invoicePaymentKey(actor.tenantId, invoiceId, id),
        entityType: 'INVOICE_PAYMENT',
        paymentId: id,
        amountMinor: 0,
        createdAt: at,
      }),
      tx.putNew(
        auditItem(actor, 'payment.online_started', 'payment', id, {
          after: { invoice: invoice.number, amount: fromMinor(amountMinor) },
        }),
      ),
    ]);
    let answer: { tran_ref?: string; redirect_url?: string };
    try {
      const res = await fetch(`${config().paytabsBaseUrl}/payment/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: keys.serverKey },
        body: JSON.stringify({
          profile_id: keys.profileId,
          tran_type: 'sale',
          tran_class: 'ecom',
          cart_id: `${actor.tenantId}.${id}`,
          cart_currency: invoice.currency,
          cart_amount: Number(minorToDecimalString(amountMinor)),
          cart_description: `Invoice ${invoice.number ?? invoice.id}`,
          paypage_lang: body.language,
          paypage_ttl: ONLINE_PAGE_MINUTES,
          callback: `${origin}/api/v1/payments/callback/paytabs`,
          // The browser comes back through the API (PayTabs POSTs a form), which sends it on to the public page.
          return: `${origin}/api/v1/payments/return?token=${returnToken.token}`,
          hide_shipping: true,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      answer = res.ok ? ((await res.json()) as typeof answer) : {};
    } catch {
      answer = {};
    }
    if (!answer.tran_ref || !answer.redirect_url) {
      await transact([
        tx.update(paymentKey(actor.tenantId, id), 1, { status: 'failed', failureReason: 'gateway_unavailable' }),
      ]);
      throw unavailable(PAYMENT_MESSAGES.gatewayUnavailable);
    }
    const response: StoredResponse = { status: 201, body: { url: answer.redirect_url, paymentId: id } };
    await transact([
      tx.update(paymentKey(actor.tenantId, id), 1, {
        gateway: { name: 'paytabs', tranRef: answer.tran_ref, url: answer.redirect_url },
      }),
      ...record(response),
    ]);
    return response;
  });
}

interface PaytabsCallback {
  tran_ref?: string;
  cart_id?: string;
  cart_currency?: string;
  cart_amount?: string | number;
  tran_currency?: string;
  tran_total?: string | number;
  payment_result?: { response_status?: string; response_message?: string };
}

const signatureOk = (body: Buffer, given: string, serverKey: string) => {
  const expected = Buffer.from(createHmac('sha256', serverKey).update(body).digest('hex'));
  const got = Buffer.from(given.trim().toLowerCase());
  return got.length === expected.length && timingSafeEqual(got, expected);
};

/** A decimal amount from the gateway in minor units, or NaN when it is not a plain amount. */
const minorOf = (v: unknown) => {
  const s = String(v ?? '');
  return /^\d+(\.\d{1,2})?$/.test(s) ? toMinor(s) : Number.NaN;
};

/** The cart id (`{tenant}.{payment}`) a callback names, before anything is checked ('' when the body has none). */
export function callbackCartId(raw: Buffer | undefined): string {
  try {
    const data = JSON.parse((raw ?? Buffer.alloc(0)).toString('utf8')) as { cart_id?: unknown } | null;
    return typeof data?.cart_id === 'string' ? data.cart_id : '';
  } catch {
    return '';
  }
}

export async function paymentCallback(
  gateway: string,
  raw: Buffer | undefined,
  headers: Record<string, string>,
  requestId: string,
): Promise<{ status: number; body: unknown }> {
  let data: PaytabsCallback;
  try {
    data = JSON.parse((raw ?? Buffer.alloc(0)).toString('utf8')) as PaytabsCallback;
  } catch {
    throw badRequest('The callback body is not JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw badRequest('The callback body is not a JSON object');
  const [tenantId, paymentId] = String(data.cart_id ?? '').split('.');
  if (!tenantId || !paymentId || !isUlid(tenantId) || !isUlid(paymentId))
    throw badRequest('The callback names no payment');
  const payment = (await getItem(paymentKey(tenantId, paymentId), true)) as PaymentItem | undefined;
  if (!payment || payment.method !== 'online') throw notFound('Payment not found');

  const gatewayActor = {
    tenantId,
    userId: GATEWAY_ACTOR_NAME,
    username: GATEWAY_ACTOR_NAME,
    requestId,
    role: 'OWNER' as const,
  } satisfies Actor;
  const refuse = async (reason: string, status: number, message: string) => {
    await writeAudit(gatewayActor, 'payment.callback_refused', 'payment', paymentId, {
      note: reason,
      after: {
        tranRef: data.tran_ref ?? null,
        currency: data.tran_currency ?? data.cart_currency ?? null,
        amount: data.tran_total ?? data.cart_amount ?? null,
      },
    });
    throw status === 401 ? unauthorized(message) : badRequest(message);
  };

  const secrets = await readGatewaySecrets(tenantId);
  const signature = headers.signature ?? '';
  if (!signature) return refuse('unsigned', 401, 'The callback is not signed');
  if (!secrets.serverKey || !signatureOk(raw!, signature, secrets.serverKey))
    return refuse('forged_signature', 401, 'The callback signature is not valid');
  if (!data.tran_ref || data.tran_ref !== payment.gateway?.tranRef)
    return refuse('foreign_transaction', 400, 'The callback is for another transaction');
  const currency = data.tran_currency ?? data.cart_currency;
  const amountMinor = minorOf(data.tran_total ?? data.cart_amount);
  if (currency !== payment.currency || amountMinor !== payment.amountMinor)
    return refuse('amount_or_currency_mismatch', 400, 'Amount or currency does not match the payment');

  if (payment.status !== 'pending') {
    // A gateway's retry after a process died between the settlement and the credit's allocation finishes it
    // (applyCredit allocates only what is still unallocated: a no-op when nothing is left).
    if (payment.status === 'paid') await applyCredit(gatewayActor, paymentId);
    await writeAudit(gatewayActor, 'payment.callback_replayed', 'payment', paymentId, {
      note: `status ${payment.status}`,
      after: { tranRef: data.tran_ref },
    });
    return { status: 200, body: { received: true, duplicate: true } };
  }

  const marker = tx.putNew({
    ...gatewayTxnKey(tenantId, gateway, data.tran_ref),
    entityType: 'GATEWAY_TXN',
    paymentId,
    at: new Date().toISOString(),
  });
  const approved = data.payment_result?.response_status === 'A';
  if (isExpiredAttempt(payment)) return closeExpired(gatewayActor, payment, data, marker, approved, secrets);
  try {
    if (!approved) {
      await transact([
        tx.raw('Update', {
          Key: paymentKey(tenantId, paymentId),
          UpdateExpression:
            'SET #s = :failed, failureReason = :why, gatewayStatus = :code, updatedAt = :now, #v = #v + :one',
          ConditionExpression: '#s = :pending',
          ExpressionAttributeNames: { '#s': 'status', '#v': 'version' },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':pending': 'pending',
            ':why': data.payment_result?.response_message ?? 'Declined',
            ':code': data.payment_result?.response_status ?? null,
            ':now': new Date().toISOString(),
            ':one': 1,
          },
        }),
        marker,
        tx.putNew(
          auditItem(gatewayActor, 'payment.declined', 'payment', paymentId, {
            note: data.payment_result?.response_message ?? 'Declined',
          }),
        ),
      ]);
      return { status: 200, body: { received: true, status: 'failed' } };
    }
    const receipt = await takeReceiptNumber(tenantId);
    crashPoint('payment-callback:after-receipt', tenantId);
    await retryOnConflict(async () => {
      const current = (await getItem(paymentKey(tenantId, paymentId), true)) as PaymentItem;
      if (current.status !== 'pending') throw Object.assign(new Error('settled'), { name: 'AlreadySettled' });
      const primary = await readInvoiceOr404(tenantId, current.invoiceId);
      const plan = await planWithoutRepeats(() =>
        planSettlement({
          actor: gatewayActor,
          primary,
          paymentId,
          amountMinor: current.amountMinor,
          method: 'online',
          receipt,
          now: new Date(),
          pending: current,
          gatewayRef: data.tran_ref,
        }),
      );
      await transact([...plan.items, marker]);
    }, 40);
    crashPoint('payment-callback:after-settle', tenantId);
    await applyCredit(gatewayActor, paymentId);
    return { status: 200, body: { received: true, status: 'paid' } };
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'AlreadySettled' || name === 'TransactionCanceledException') {
      const again = (await getItem(paymentKey(tenantId, paymentId), true)) as PaymentItem;
      if (again.status !== 'pending') {
        await writeAudit(gatewayActor, 'payment.callback_replayed', 'payment', paymentId, {
          note: `status ${again.status}`,
          after: { tranRef: data.tran_ref },
        });
        return { status: 200, body: { received: true, duplicate: true } };
      }
    }
    throw err;
  }
}

/**
 * A callback for an attempt past its end: the attempt is closed as expired (cancelled, gateway status X) with the
 * gateway-transaction marker, in one transaction conditioned on it still being pending; nothing is posted. When the
 * gateway says it took the money anyway, the money goes back through the gateway's refund API (`{t}.{p}.expired`) and
 * the outcome is audited (`payment.expired_refunded`, or `payment.expired_refund_failed` with the gateway's words so
 * the company can refund it by hand). 200 either way: the gateway must not retry a closed attempt.
 */
async function closeExpired(
  actor: Actor,
  payment: PaymentItem,
  data: PaytabsCallback,
  marker: TransactItem,
  approved: boolean,
  secrets: { profileId?: string | null; serverKey?: string | null },
) {
  const { tenantId, id } = payment;
  try {
    await transact([
      paymentUpdateIf(tenantId, id, '#s = :cancelled, gatewayStatus = :x, updatedAt = :now', '#s = :pending', {
        ':cancelled': 'cancelled',
        ':pending': 'pending',
        ':x': EXPIRED_GATEWAY_STATUS,
        ':now': new Date().toISOString(),
      }),
      marker,
      tx.putNew(
        auditItem(actor, 'payment.callback_after_expiry', 'payment', id, {
          note: `expired ${payment.expiresAt}`,
          after: { tranRef: data.tran_ref ?? null, approved },
        }),
      ),
    ]);
  } catch (err) {
    if ((err as { name?: string }).name !== 'TransactionCanceledException') throw err;
    return { status: 200, body: { received: true, duplicate: true } }; // closed by a concurrent delivery
  }
  if (approved && secrets.profileId && secrets.serverKey) {
    const back = await refundAtGateway(
      { profileId: secrets.profileId, serverKey: secrets.serverKey },
      {
        saleTranRef: String(data.tran_ref),
        cartId: `${tenantId}.${id}.expired`,
        currency: payment.currency,
        amountMinor: payment.amountMinor,
        description: `Expired payment attempt ${payment.invoiceNumber ?? payment.invoiceId}`,
      },
    );
    await writeAudit(
      actor,
      back.approved ? 'payment.expired_refunded' : 'payment.expired_refund_failed',
      'payment',
      id,
      {
        note: back.approved ? `refund ${back.tranRef}` : back.message,
        after: { amount: fromMinor(payment.amountMinor), tranRef: data.tran_ref ?? null },
      },
    );
  }
  return { status: 200, body: { received: true, status: 'expired' } };
}

/**
 * "Try again" on the public return page: a new hosted page for the same invoice's balance, started
 * by the customer holding the failed attempt's link (no sign-in). Only a failed attempt retries;
 * the invoice must still be open with a balance (payOnline's own checks). The answer is the new
 * page's URL only.
 */
export async function retryFromReturn(
  token: string,
  body: { language: 'en' | 'ar' },
  requestOrigin: string | undefined,
  requestId: string,
) {
  const failed = await paymentOfToken(token);
  // A declined attempt, or one that expired (paymentOfToken reads it as it is seen: cancelled).
  if (failed.status !== 'failed' && failed.status !== 'cancelled')
    throw conflict(PAYMENT_MESSAGES.notRetryable, undefined, 'INVALID_TRANSITION');
  const res = await payOnline(customerActor(failed.tenantId, requestId), failed.invoiceId, body, requestOrigin);
  return { status: res.status, body: { url: (res.body as { url: string }).url } };
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fromMinor } from '../../shared/money';
import type { PublicPaymentStatus } from '../../shared/schemas/payments-responses';
import { isUlid } from '../lib/data/keys';
import { getItem } from '../lib/data/repo';
import { readCompanySettings } from '../lib/company-settings';
import { presignDownload } from '../lib/storage';
import { notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { asSeen, paymentKey, type PaymentItem } from './model';
import { receiptPdfUrl } from './receipt/store';
import { getInvoice } from './deps';

/**
 * The customer's way back from the gateway without signing in (they paid on their own phone after
 * scanning the pay-online QR code). Each online attempt gets a random return token (24 bytes,
 * base64url) that only its return URL carries: `/payments/return?token={tenantId}.{paymentId}.{secret}`.
 * The payment keeps the secret's SHA-256 and an expiry; the token is compared in constant time.
 * Decision: the token lives RETURN_TOKEN_HOURS (2 h) from the attempt's start — long enough to
 * pay, come back and download the receipt; a forwarded link stops working the same day. No server
 * secret to manage: a random value stored on the attempt cannot be forged.
 *
 * What the token shows (public routes): that payment's status, amount, invoice number, the
 * company's name and logo, its receipt PDF, and (failed) a retry — a new hosted page for the same
 * invoice's balance. Nothing else about the company or the customer. A wrong, expired or another
 * payment's token is 404 with the same message, so nothing tells one case from another.
 */
export const RETURN_TOKEN_HOURS = 2;
const NOT_FOUND = 'This payment link is not valid or has expired';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newReturnToken(tenantId: string, paymentId: string, now: Date) {
  const secret = randomBytes(24).toString('base64url');
  return {
    token: `${tenantId}.${paymentId}.${secret}`,
    stored: {
      returnTokenHash: hashOf(secret),
      returnTokenExpiresAt: new Date(now.getTime() + RETURN_TOKEN_HOURS * 3_600_000).toISOString(),
    },
  };
}

export async function paymentOfToken(token: string): Promise<PaymentItem> {
  const [tenantId, paymentId, secret, ...rest] = String(token ?? '').split('.');
  if (rest.length || !isUlid(tenantId ?? '') || !isUlid(paymentId ?? '') || !/^[A-Za-z0-9_-]{32}$/.test(secret ?? ''))
    throw notFound(NOT_FOUND);
  const payment = (await getItem(paymentKey(tenantId, paymentId), true)) as
    | (PaymentItem & { returnTokenHash?: string; returnTokenExpiresAt?: string })
    | undefined;
  const expected = Buffer.from(payment?.returnTokenHash ?? '0'.repeat(64));
  const given = Buffer.from(hashOf(secret));
  const match = given.length === expected.length && timingSafeEqual(given, expected);
  if (!payment || !match || !payment.returnTokenExpiresAt || Date.parse(payment.returnTokenExpiresAt) <= Date.now())
    throw notFound(NOT_FOUND);
  return asSeen(payment);
}

const stateOf = (p: PaymentItem): PublicPaymentStatus['state'] =>
  p.status === 'paid' || p.status === 'refunded'
    ? 'paid'
    : p.status === 'pending' || p.status === 'processing'
      ? 'pending'
      : 'failed';

export async function publicPaymentStatus(token: string): Promise<PublicPaymentStatus> {
  const p = await paymentOfToken(token);
  const [settings, invoice] = await Promise.all([readCompanySettings(p.tenantId), getInvoice(p.tenantId, p.invoiceId)]);
  const logoUrl = settings.logoKey
    ? await presignDownload(settings.logoKey, { expiresIn: 3600 }).catch(() => null)
    : null;
  const state = stateOf(p);
  return {
    paymentId: p.id,
    state,
    amount: fromMinor(p.amountMinor),
    currency: p.currency,
    invoiceNumber: p.invoiceNumber,
    company: { name: settings.name, logoUrl },
    receipt: p.receipt ? { number: p.receipt.number } : null,
    failure: state === 'failed' ? { gatewayStatus: p.gatewayStatus ?? null, message: p.failureReason } : null,
    canRetry:
      state === 'failed' &&
      !!invoice &&
      (invoice.status === 'issued' || invoice.status === 'partially_paid') &&
      invoice.balanceMinor > 0,
    paidAt: p.paidAt,
  };
}

export async function publicReceiptUrl(token: string): Promise<{ url: string }> {
  const p = await paymentOfToken(token);
  if (!p.receipt) throw notFound('Receipt not found');
  return { url: await receiptPdfUrl(p.tenantId, p.receipt.id) };
}

/** Who starts a retried attempt from the public page: the customer holding the link (audited as such). */
export const customerActor = (tenantId: string, requestId: string): Actor => ({
  tenantId,
  userId: 'customer',
  username: 'customer (payment link)',
  requestId,
  role: 'STAFF',
});

/**
 * The gateway's browser return (GET or the form POST PayTabs makes): 303 See Other to the public page with the same
 * token, so a POST never lands on the single-page app (which CloudFront serves to GET only) and a reload does not post
 * again. Nothing is read or written: the page reads the payment by its token; the form's own fields (respStatus,
 * signature…) are not needed — the signed server-to-server callback is what settles an attempt. PayTabs' form has a
 * field named `token` too (a saved-card token): ours is the query's only.
 */
export const browserReturn = (token: string) => ({
  status: 303,
  headers: { location: `/payments/return?token=${encodeURIComponent(token)}`, 'cache-control': 'no-store' },
});

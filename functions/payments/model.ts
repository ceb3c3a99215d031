import { fromMinor } from '../../shared/money';
import type { PaymentMethod, PaymentStatus } from '../../shared/schemas/payments';
import type { Payment } from '../../shared/schemas/payments-responses';
import { entityKey, tenantPk, type Key } from '../lib/data/keys';
import { tx, type Item, type TransactItem } from '../lib/data/repo';

/**
 * Payments data layout (single table):
 *
 * - Payment: pk `T#{t}#PAYMENT`, sk `{id}` (ULID). Amount, method, status (spec: pending,
 *   processing, paid, failed, cancelled, refunded), the invoice it was made against, its
 *   allocations (invoice by invoice, oldest open first), the overpayment kept as customer
 *   credit, refunded amount, receipt, gateway transaction (online).
 * - Invoice allocation: pk `T#{t}#INVOICE_PAYMENT#{invoiceId}`, sk `{paymentId}` → amount: the
 *   payments of one invoice (invoice detail) with one Query plus a batch get.
 * - Receipt: pk `T#{t}#RECEIPT`, sk `{id}`: REC- number (lib/data/counters `takeReference`:
 *   unique and increasing per company, gaps allowed — a receipt is not a tax invoice, so
 *   concurrent payments never queue behind one counter item), kind receipt | refund_receipt,
 *   amount, method, what it paid; the PDF at tenants/{t}/receipts/{id}.pdf is made once (a
 *   receipt never changes).
 * - Gateway transaction marker: pk `T#{t}#GATEWAY_TXN`, sk `{gateway}#{tranRef}`: put with
 *   attribute_not_exists in the transaction that posts an online payment, so a replayed
 *   callback can never post twice.
 * - Customer credit: pk `T#{t}#CUSTOMER_CREDIT`, sk `{customerId}` → balanceMinor (ADD), the
 *   sub-ledger of account 2160 customer advances per customer.
 */
export const paymentKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'PAYMENT', id);
export const receiptKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'RECEIPT', id);
export const invoicePaymentPk = (tenantId: string, invoiceId: string) =>
  tenantPk(tenantId, 'INVOICE_PAYMENT', invoiceId);
export const invoicePaymentKey = (tenantId: string, invoiceId: string, paymentId: string): Key => ({
  pk: invoicePaymentPk(tenantId, invoiceId),
  sk: paymentId,
});
export const gatewayTxnKey = (tenantId: string, gateway: string, tranRef: string): Key => ({
  pk: tenantPk(tenantId, 'GATEWAY_TXN'),
  sk: `${gateway}#${tranRef}`,
});
export const customerCreditKey = (tenantId: string, customerId: string): Key => ({
  pk: tenantPk(tenantId, 'CUSTOMER_CREDIT'),
  sk: customerId,
});

export interface AllocationMinor {
  invoiceId: string;
  invoiceNumber: string | null;
  rentalId: string;
  amountMinor: number;
  refundedMinor?: number;
}
export interface ReceiptRef {
  id: string;
  number: string;
  kind: 'receipt' | 'refund_receipt';
  amountMinor: number;
  issuedAt: string;
}

export interface PaymentItem extends Item {
  entityType: 'PAYMENT';
  id: string;
  tenantId: string;
  invoiceId: string;
  invoiceNumber: string | null;
  rentalId: string;
  rentalReference: string | null;
  customerId: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  status: PaymentStatus;
  allocations: AllocationMinor[];
  creditMinor: number;
  refundedMinor: number;
  /** Of the credit this payment created, what was refunded. */
  creditRefundedMinor?: number;
  receipt: ReceiptRef | null;
  refundReceipts: ReceiptRef[];
  gateway: { name: string; tranRef: string | null; url: string | null } | null;
  failureReason: string | null;
  /**
   * The gateway's response status of a declined/failed attempt (PayTabs A, D, E, H, P, V, X…); failureReason is its raw
   * text.
   */
  gatewayStatus?: string | null;
  /** An online attempt's end (online.ts ONLINE_PAGE_MINUTES + CALLBACK_GRACE_MINUTES): not payable after it. */
  expiresAt?: string;
  /** An online refund's request to the gateway while it is in flight (refund.ts). */
  gatewayRefund?: { receiptId: string; amountMinor: number; at: string } | null;
  /** SHA-256 of the attempt's return-token secret and its expiry (public-return.ts). */
  returnTokenHash?: string;
  returnTokenExpiresAt?: string;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  createdBy: string | null;
  version: number;
}

export interface ReceiptItem extends Item {
  entityType: 'RECEIPT';
  id: string;
  number: string;
  kind: 'receipt' | 'refund_receipt';
  paymentId: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  customerId: string;
  customerName: string;
  customerNameArabic: string | null;
  rentalReference: string | null;
  allocations: AllocationMinor[];
  creditMinor: number;
  reason: string | null;
  gatewayRef: string | null;
  issuedAt: string;
  issuedBy: string | null;
}

/**
 * A payment's update under a condition, its version bumped (the online attempt's and the refund claim's own writes):
 * `#s` names status, `#v` version.
 */
export function paymentUpdateIf(
  tenantId: string,
  id: string,
  set: string,
  condition: string,
  values: Record<string, unknown>,
): TransactItem {
  const text = `${set} ${condition}`;
  const names = { ...(text.includes('#s') ? { '#s': 'status' } : {}), '#v': 'version' };
  return tx.raw('Update', {
    Key: paymentKey(tenantId, id),
    UpdateExpression: `SET ${set}, #v = #v + :one`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':one': 1 },
  });
}

/**
 * A pending online attempt past its end is expired: it can no longer be paid (online.ts refuses its callback), and
 * every read shows it as it will be stored once touched — `cancelled` with the gateway's own code for an expired
 * page, `X` (the gateway was told the page's life, paypage_ttl, so its page expired too). No job is needed: nothing is
 * owed by an expired attempt, and the callback that would settle it checks the same end.
 */
export const isExpiredAttempt = (p: PaymentItem, now = Date.now()) =>
  p.status === 'pending' && p.method === 'online' && Date.parse(p.expiresAt ?? legacyEnd(p.createdAt)) <= now;

/** Attempts started before attempts carried their end: the same life, from their start (online.ts). */
export const ONLINE_ATTEMPT_MINUTES = 40;
const legacyEnd = (createdAt: string) =>
  new Date(Date.parse(createdAt) + ONLINE_ATTEMPT_MINUTES * 60_000).toISOString();

export const EXPIRED_GATEWAY_STATUS = 'X';

export function asSeen(p: PaymentItem, now = Date.now()): PaymentItem {
  return isExpiredAttempt(p, now) ? { ...p, status: 'cancelled', gatewayStatus: EXPIRED_GATEWAY_STATUS } : p;
}

const receiptApi = (r: ReceiptRef) => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  amount: fromMinor(r.amountMinor),
  issuedAt: r.issuedAt,
});

export function toPaymentApi(
  item: PaymentItem,
  extra: { invoice?: Payment['invoice']; rentalBalanceMinor?: number | null } = {},
): Payment {
  const p = asSeen(item);
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    invoiceNumber: p.invoiceNumber,
    rentalId: p.rentalId,
    rentalReference: p.rentalReference,
    customerId: p.customerId,
    amount: fromMinor(p.amountMinor),
    currency: p.currency,
    method: p.method,
    status: p.status,
    allocations: p.allocations.map((a) => ({
      invoiceId: a.invoiceId,
      invoiceNumber: a.invoiceNumber,
      rentalId: a.rentalId,
      amount: fromMinor(a.amountMinor),
    })),
    credit: fromMinor(p.creditMinor),
    refunded: fromMinor(p.refundedMinor),
    receipt: p.receipt ? receiptApi(p.receipt) : null,
    refundReceipts: (p.refundReceipts ?? []).map(receiptApi),
    gateway: p.gateway,
    failureReason: p.failureReason,
    gatewayStatus: p.gatewayStatus ?? null,
    invoice: extra.invoice ?? null,
    rentalBalance:
      extra.rentalBalanceMinor === undefined || extra.rentalBalanceMinor === null
        ? null
        : fromMinor(extra.rentalBalanceMinor),
    createdAt: p.createdAt,
    paidAt: p.paidAt,
    createdBy: p.createdBy,
  };
}

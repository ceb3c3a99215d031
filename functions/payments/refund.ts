import { fromMinor, toMinor } from '../../shared/money';
import { PAYMENT_MESSAGES, type RefundPaymentBody } from '../../shared/schemas/payments';
import { calendarDateInZone } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import { conflict, fillTemplate, unavailable, validationFailed } from '../lib/errors';
import { gatewayKeys, refundAtGateway } from './gateway';
import type { Actor } from '../lib/actor';
import { customerCreditJournalItems, getInvoice, invoicePaymentUpdate, rentalMoneyChange } from './deps';
import {
  customerCreditKey,
  paymentKey,
  paymentUpdateIf,
  receiptKey,
  type AllocationMinor,
  type PaymentItem,
  type ReceiptItem,
  type ReceiptRef,
} from './model';
import { getPayment, readPayment } from './record';
import { takeReceiptNumber } from './tx';
import { planWithoutRepeats } from './settle';

/**
 * Refunds (POST /payments/{id}/refund): money back to the payment's ORIGINAL method, with one
 * refund receipt (REC- number, kind refund_receipt). What the payment did is undone in reverse:
 * first the part still held as customer credit (Dr 2160 / Cr method), then its invoice
 * allocations, last first (each invoice's paid amount goes down, and the rental ledger takes a
 * refund entry — rentals' own path, so the GL and the rental balance move together). A partial
 * refund leaves the payment `paid` with `refunded` > 0; the last cent makes it `refunded`.
 *
 * Steps: one transaction per rental touched (two rentals' journal entries and stats may share
 * items that one transaction cannot write twice, see settle.ts). The first step writes the
 * receipt (its total) and the idempotency record; each step records on the receipt how much is
 * done, and a retry with the same key finishes what a lost step left. Every step leaves the
 * books balanced.
 *
 * An online payment's refund is made at the gateway first (gateway.ts refundAtGateway, PayTabs' follow-up `refund`
 * transaction on the sale): the books move only for money the gateway really sent back. The order (onlineRefund):
 * 1. claim — the payment carries `gatewayRefund` {receiptId, amount} (one transaction, conditioned on no other claim):
 *    two refunds of one payment never reach the gateway at once;
 * 2. the gateway call; declined, refused or unanswered → the claim is released, nothing is posted, 409/503 with the
 *    gateway's words audited (`payment.gateway_refund_refused`);
 * 3. approved → the gateway's refund transaction is written on the claim at once, then posted as any refund (the
 *    journal engine through rentals' ledger, from the gateway clearing account; the refund receipt carries the
 *    gateway's reference), and the same transaction clears the claim.
 * A process that dies between 3's two writes leaves an approved claim: the next refund request on the payment (any
 * key) posts it first instead of asking the gateway again, so the gateway is never asked twice for one refund.
 */
export async function refundPayment(
  actor: Actor,
  paymentId: string,
  body: RefundPaymentBody,
  key?: string,
): Promise<StoredResponse> {
  await finishApprovedGatewayRefund(actor, paymentId);
  const first = await runIdempotent(actor.tenantId, `payment-refund:${paymentId}`, key, async (record) => {
    const payment = await readPayment(actor.tenantId, paymentId);
    if (payment.status !== 'paid') throw conflict(PAYMENT_MESSAGES.notRefundable, undefined, 'INVALID_TRANSITION');
    const left = payment.amountMinor - payment.refundedMinor;
    const amountMinor = body.amount !== undefined ? toMinor(body.amount) : left;
    if (amountMinor > left) throw validationFailed({ amount: PAYMENT_MESSAGES.refundOverPaid });
    const receiptNo = await takeReceiptNumber(actor.tenantId);
    const refund: NewRefund = { id: receiptNo.id, number: receiptNo.number, amountMinor, reason: body.reason ?? null };
    if (payment.method === 'online') refund.gatewayRef = await onlineRefund(actor, payment, refund);
    await retryOnConflict(() => refundStep(actor, paymentId, refund, record), 40);
    return { status: 201, body: { id: paymentId, receiptId: receiptNo.id } };
  });
  const receiptId = (first.body as { receiptId?: string }).receiptId;
  if (receiptId) {
    for (let i = 0; i < 10; i++) {
      const more = await retryOnConflict(
        () => refundStep(actor, paymentId, { id: receiptId, number: '', amountMinor: 0, reason: null }),
        40,
      );
      if (!more) break;
    }
  }
  return { status: first.status, body: await getPayment(actor.tenantId, paymentId) };
}

interface NewRefund {
  id: string;
  number: string;
  amountMinor: number;
  reason: string | null;
  /** The gateway's refund transaction (online payments). */
  gatewayRef?: string;
}

type GatewayRefundClaim = NonNullable<PaymentItem['gatewayRefund']> & {
  number: string;
  reason: string | null;
  tranRef?: string;
};

const claimOf = (p: PaymentItem) => (p.gatewayRefund ?? null) as GatewayRefundClaim | null;

/** Steps 1–3 of an online refund (see above): the gateway's refund transaction, or a throw with nothing posted. */
async function onlineRefund(actor: Actor, payment: PaymentItem, refund: NewRefund): Promise<string> {
  const { tenantId, id } = payment;
  const keys = await gatewayKeys(tenantId);
  if (!payment.gateway?.tranRef) throw conflict(PAYMENT_MESSAGES.notRefundable, undefined, 'INVALID_TRANSITION');
  const at = new Date().toISOString();
  const claim: GatewayRefundClaim = {
    receiptId: refund.id,
    number: refund.number,
    amountMinor: refund.amountMinor,
    reason: refund.reason,
    at,
  };
  try {
    await transact([
      paymentUpdateIf(
        tenantId,
        id,
        'gatewayRefund = :claim',
        '#v = :v AND (attribute_not_exists(gatewayRefund) OR gatewayRefund = :none)',
        { ':claim': claim, ':v': payment.version, ':none': null },
      ),
    ]);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(PAYMENT_MESSAGES.refundInProgress);
    throw err;
  }
  const back = await refundAtGateway(keys, {
    saleTranRef: payment.gateway.tranRef,
    cartId: `${tenantId}.${id}.${refund.id}`,
    currency: payment.currency,
    amountMinor: refund.amountMinor,
    description: `Refund ${refund.number} of ${payment.receipt?.number ?? id}`,
  });
  const setClaim = (value: GatewayRefundClaim | null, audit?: TransactItem) =>
    transact([
      paymentUpdateIf(tenantId, id, 'gatewayRefund = :value', 'gatewayRefund.receiptId = :rid', {
        ':value': value,
        ':rid': refund.id,
      }),
      ...(audit ? [audit] : []),
    ]);
  if (!back.approved) {
    await setClaim(
      null,
      tx.putNew(
        auditItem(actor, 'payment.gateway_refund_refused', 'payment', id, {
          note: back.message,
          after: { amount: fromMinor(refund.amountMinor), gatewayStatus: back.status, answered: back.answered },
        }),
      ),
    );
    if (!back.answered) throw unavailable(PAYMENT_MESSAGES.gatewayRefundUnavailable);
    const params = { reason: back.message };
    throw conflict(fillTemplate(PAYMENT_MESSAGES.gatewayRefundRefused, params), undefined, 'CONFLICT', {
      template: PAYMENT_MESSAGES.gatewayRefundRefused,
      params,
    });
  }
  await setClaim({ ...claim, tranRef: back.tranRef });
  return back.tranRef;
}

/** Posts a refund the gateway approved whose posting was lost (an approved claim left on the payment). */
async function finishApprovedGatewayRefund(actor: Actor, paymentId: string) {
  const claim = claimOf(await readPayment(actor.tenantId, paymentId));
  if (!claim?.tranRef) return;
  const refund: NewRefund = { ...claim, id: claim.receiptId, gatewayRef: claim.tranRef };
  await retryOnConflict(() => refundStep(actor, paymentId, refund, () => []), 40);
}

/**
 * One step of a refund: the credit part (first step only) and one rental's allocations. Returns
 * true when more remains after it.
 */
async function refundStep(
  actor: Actor,
  paymentId: string,
  refund: NewRefund,
  record?: (r: StoredResponse) => TransactItem[],
): Promise<boolean> {
  const tenantId = actor.tenantId;
  const payment = await readPayment(tenantId, paymentId);
  const existing = record
    ? undefined
    : ((await getItem(receiptKey(tenantId, refund.id), true)) as (ReceiptItem & { doneMinor?: number }) | undefined);
  if (!record && !existing) return false;
  const total = existing ? existing.amountMinor : refund.amountMinor;
  const done = existing ? Number(existing.doneMinor ?? existing.amountMinor) : 0;
  let remaining = total - done;
  if (remaining <= 0) return false;
  const now = new Date();
  const at = now.toISOString();
  const settings = await readCompanySettings(tenantId);
  const number = existing?.number ?? refund.number;

  const plan = await planWithoutRepeats(async () => {
    const items: TransactItem[] = [];
    let rest = remaining;
    // 1. The credit this payment still holds for the customer.
    const creditHeld = payment.creditMinor - Number(payment.creditRefundedMinor ?? 0);
    let fromCredit = 0;
    if (creditHeld > 0) {
      const credit = await getItem(customerCreditKey(tenantId, payment.customerId), true);
      fromCredit = Math.min(rest, creditHeld, Number(credit?.balanceMinor ?? 0));
      if (fromCredit > 0) {
        items.push(
          tx.raw('Update', {
            Key: customerCreditKey(tenantId, payment.customerId),
            UpdateExpression: 'SET updatedAt = :now ADD balanceMinor :neg',
            ConditionExpression: 'balanceMinor >= :amt',
            ExpressionAttributeValues: { ':now': at, ':neg': -fromCredit, ':amt': fromCredit },
          }),
        );
        items.push(
          ...(await customerCreditJournalItems(tenantId, {
            customerId: payment.customerId,
            amountMinor: -fromCredit,
            method: payment.method,
            date: calendarDateInZone(now, companyTimezone(settings)),
            description: `Customer credit refunded ${number}`,
            reference: number,
            sourceId: payment.id,
            createdBy: actor.userId,
          })),
        );
        rest -= fromCredit;
      }
    }
    // 2. One rental's allocations, last first.
    const allocations: AllocationMinor[] = payment.allocations.map((a) => ({ ...a }));
    const undone: AllocationMinor[] = [];
    let rentalId: string | null = null;
    let rentalPart = 0;
    for (const a of [...allocations].reverse()) {
      if (rest <= 0) break;
      const part = Math.min(rest, a.amountMinor - (a.refundedMinor ?? 0));
      if (part <= 0) continue;
      if (rentalId && a.rentalId !== rentalId) break; // the next rental is the next step
      const invoice = await getInvoice(tenantId, a.invoiceId);
      if (!invoice) continue;
      rentalId = a.rentalId;
      items.push(invoicePaymentUpdate(tenantId, invoice, -Math.min(part, invoice.amountPaidMinor), at));
      a.refundedMinor = (a.refundedMinor ?? 0) + part;
      undone.push({ invoiceId: a.invoiceId, invoiceNumber: a.invoiceNumber, rentalId: a.rentalId, amountMinor: part });
      rentalPart += part;
      rest -= part;
    }
    if (rentalId && rentalPart > 0) {
      const change = await rentalMoneyChange(actor, rentalId, {
        type: 'refund',
        amountMinor: rentalPart,
        method: payment.method,
        label: 'Refund',
        receipt: { id: refund.id, number },
      });
      items.push(...change.items);
    }
    const stepMinor = fromCredit + rentalPart;
    return { items, stepMinor, fromCredit, allocations, undone };
  });
  if (plan.stepMinor <= 0) {
    if (record) throw validationFailed({ amount: PAYMENT_MESSAGES.refundOverPaid });
    return false;
  }

  const refundedMinor = payment.refundedMinor + plan.stepMinor;
  const ref: ReceiptRef = {
    id: refund.id,
    number,
    kind: 'refund_receipt',
    amountMinor: total,
    issuedAt: existing?.issuedAt ?? at,
  };
  const changes = {
    refundedMinor,
    creditRefundedMinor: Number(payment.creditRefundedMinor ?? 0) + plan.fromCredit,
    allocations: plan.allocations,
    refundReceipts: [...(payment.refundReceipts ?? []).filter((r) => r.id !== refund.id), ref],
    status: refundedMinor >= payment.amountMinor ? 'refunded' : 'paid',
    // The gateway's approved refund is posted with this step: its claim is done.
    ...(refund.gatewayRef && claimOf(payment)?.receiptId === refund.id ? { gatewayRefund: null } : {}),
  };
  const items = [...plan.items, tx.update(paymentKey(tenantId, payment.id), payment.version, changes, at)];
  if (existing) {
    items.push(
      tx.raw('Update', {
        Key: receiptKey(tenantId, refund.id),
        UpdateExpression: 'SET doneMinor = :done, allocations = :a, creditMinor = :c',
        ConditionExpression: 'doneMinor = :before',
        ExpressionAttributeValues: {
          ':done': done + plan.stepMinor,
          ':before': done,
          ':a': [...existing.allocations, ...plan.undone],
          ':c': existing.creditMinor + plan.fromCredit,
        },
      }),
    );
  } else {
    const original = payment.receipt ? await getItem(receiptKey(tenantId, payment.receipt.id), false) : undefined;
    const receipt: ReceiptItem & { doneMinor: number } = {
      ...receiptKey(tenantId, refund.id),
      entityType: 'RECEIPT',
      id: refund.id,
      number,
      kind: 'refund_receipt',
      paymentId: payment.id,
      amountMinor: total,
      doneMinor: plan.stepMinor,
      currency: payment.currency,
      method: payment.method,
      customerId: payment.customerId,
      customerName: String(original?.customerName ?? ''),
      customerNameArabic: (original?.customerNameArabic as string | null | undefined) ?? null,
      rentalReference: payment.rentalReference,
      allocations: plan.undone,
      creditMinor: plan.fromCredit,
      reason: refund.reason,
      gatewayRef: refund.gatewayRef ?? payment.gateway?.tranRef ?? null,
      issuedAt: at,
      issuedBy: actor.username,
    };
    items.push(tx.putNew(receipt));
    items.push(
      tx.putNew(
        auditItem(actor, 'payment.refunded', 'payment', payment.id, {
          before: { refunded: fromMinor(payment.refundedMinor) },
          after: { refund: fromMinor(total), receipt: number, method: payment.method },
          note: refund.reason ?? undefined,
        }),
      ),
    );
    items.push(...record!({ status: 201, body: { id: payment.id, receiptId: refund.id } }));
  }
  await transact(items);
  return done + plan.stepMinor < total;
}

import { fromMinor, toMinor } from '../../shared/money';
import { PAYMENT_MESSAGES, type RefundPaymentBody } from '../../shared/schemas/payments';
import { calendarDateInZone } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import { conflict, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { customerCreditJournalItems, getInvoice, invoicePaymentUpdate, rentalMoneyChange } from './deps';
import {
  customerCreditKey,
  paymentKey,
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
 * Decision: an online payment is refunded the same way (from the gateway clearing account); the
 * call to the gateway's refund API is not made here (the sandbox emulator has none).
 */
export async function refundPayment(
  actor: Actor,
  paymentId: string,
  body: RefundPaymentBody,
  key?: string,
): Promise<StoredResponse> {
  const first = await runIdempotent(actor.tenantId, `payment-refund:${paymentId}`, key, async (record) => {
    const payment = await readPayment(actor.tenantId, paymentId);
    if (payment.status !== 'paid') throw conflict(PAYMENT_MESSAGES.notRefundable, undefined, 'INVALID_TRANSITION');
    const left = payment.amountMinor - payment.refundedMinor;
    const amountMinor = body.amount !== undefined ? toMinor(body.amount) : left;
    if (amountMinor > left) throw validationFailed({ amount: PAYMENT_MESSAGES.refundOverPaid });
    const receiptNo = await takeReceiptNumber(actor.tenantId);
    await retryOnConflict(
      () =>
        refundStep(
          actor,
          paymentId,
          { id: receiptNo.id, number: receiptNo.number, amountMinor, reason: body.reason ?? null },
          record,
        ),
      40,
    );
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
      gatewayRef: payment.gateway?.tranRef ?? null,
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

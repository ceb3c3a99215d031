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
import { customerCreditKey, paymentKey, receiptKey, toPaymentApi, type AllocationMinor, type PaymentItem, type ReceiptItem, type ReceiptRef } from './model';
import { invoiceSummary, readPayment, takeReceiptNumber } from './record';

/**
 * Refunds (POST /payments/{id}/refund): money back to the payment's ORIGINAL method, with a
 * refund receipt (REC- number, kind refund_receipt), in one transaction. What the payment did is
 * undone in reverse: first the part kept as customer credit (while the customer still has that
 * credit: Dr 2160 / Cr method), then its invoice allocations, last first (each invoice's paid
 * amount goes down by the refunded part, and the rental ledger takes a refund entry — rentals'
 * own path, so the GL and the rental's balance move together). A partial refund leaves the
 * payment `paid` with `refunded` > 0; the last cent makes it `refunded`.
 *
 * Decision: an online payment is refunded the same way here (recorded against the gateway
 * clearing account); the call to the gateway's refund API is not made (the sandbox has none).
 */
export function refundPayment(actor: Actor, paymentId: string, body: RefundPaymentBody, key?: string): Promise<StoredResponse> {
  return runIdempotent(actor.tenantId, `payment-refund:${paymentId}`, key, async (record) => {
    const first = await readPayment(actor.tenantId, paymentId);
    if (first.status !== 'paid') throw conflict(PAYMENT_MESSAGES.notRefundable, undefined, 'INVALID_TRANSITION');
    const receiptNo = await takeReceiptNumber(actor.tenantId);
    const settings = await readCompanySettings(actor.tenantId);
    return retryOnConflict(async () => {
      const payment = await readPayment(actor.tenantId, paymentId);
      if (payment.status !== 'paid') throw conflict(PAYMENT_MESSAGES.notRefundable, undefined, 'INVALID_TRANSITION');
      const left = payment.amountMinor - payment.refundedMinor;
      const amountMinor = body.amount !== undefined ? toMinor(body.amount) : left;
      if (amountMinor > left) throw validationFailed({ amount: PAYMENT_MESSAGES.refundOverPaid });
      const now = new Date();
      const at = now.toISOString();
      const items: TransactItem[] = [];
      let remaining = amountMinor;

      // 1. The customer credit this payment created, as far as the customer still holds it.
      const creditLeft = payment.creditMinor - Number(payment.creditRefundedMinor ?? 0);
      let fromCredit = 0;
      if (creditLeft > 0) {
        const credit = await getItem(customerCreditKey(actor.tenantId, payment.customerId), true);
        fromCredit = Math.min(remaining, creditLeft, Number(credit?.balanceMinor ?? 0));
        if (fromCredit > 0) {
          items.push(tx.raw('Update', {
            Key: customerCreditKey(actor.tenantId, payment.customerId),
            UpdateExpression: 'SET updatedAt = :now ADD balanceMinor :neg',
            ConditionExpression: 'balanceMinor >= :amt',
            ExpressionAttributeValues: { ':now': at, ':neg': -fromCredit, ':amt': fromCredit },
          }));
          items.push(...await customerCreditJournalItems(actor.tenantId, {
            customerId: payment.customerId, amountMinor: -fromCredit, method: payment.method, date: calendarDateInZone(now, companyTimezone(settings)),
            description: `Customer credit refunded ${receiptNo.number}`, reference: receiptNo.number, sourceId: payment.id, createdBy: actor.userId,
          }));
          remaining -= fromCredit;
        }
      }

      // 2. The invoice allocations, last first.
      const allocations: (AllocationMinor & { refundedMinor?: number })[] = payment.allocations.map((a) => ({ ...a }));
      const byRental = new Map<string, number>();
      const undone: AllocationMinor[] = [];
      for (const a of [...allocations].reverse()) {
        if (remaining <= 0) break;
        const part = Math.min(remaining, a.amountMinor - (a.refundedMinor ?? 0));
        if (part <= 0) continue;
        const invoice = await getInvoice(actor.tenantId, a.invoiceId);
        if (!invoice) continue;
        items.push(invoicePaymentUpdate(actor.tenantId, invoice, -Math.min(part, invoice.amountPaidMinor), at));
        a.refundedMinor = (a.refundedMinor ?? 0) + part;
        byRental.set(a.rentalId, (byRental.get(a.rentalId) ?? 0) + part);
        undone.push({ ...a, amountMinor: part });
        remaining -= part;
      }
      if (remaining > 0) throw validationFailed({ amount: PAYMENT_MESSAGES.refundOverPaid });
      for (const [rentalId, part] of byRental) {
        const change = await rentalMoneyChange(actor, rentalId, { type: 'refund', amountMinor: part, method: payment.method, label: `Refund ${receiptNo.number}` });
        items.push(...change.items);
      }

      const receipt: ReceiptItem = {
        ...receiptKey(actor.tenantId, receiptNo.id), entityType: 'RECEIPT', id: receiptNo.id, number: receiptNo.number, kind: 'refund_receipt',
        paymentId: payment.id, amountMinor, currency: payment.currency, method: payment.method, customerId: payment.customerId,
        customerName: '', customerNameArabic: null, rentalReference: payment.rentalReference, allocations: undone, creditMinor: fromCredit,
        reason: body.reason ?? null, gatewayRef: payment.gateway?.tranRef ?? null, issuedAt: at, issuedBy: actor.username,
      };
      const original = payment.receipt ? await getItem(receiptKey(actor.tenantId, payment.receipt.id), false) : undefined;
      receipt.customerName = String(original?.customerName ?? '');
      receipt.customerNameArabic = (original?.customerNameArabic as string | null | undefined) ?? null;
      const ref: ReceiptRef = { id: receipt.id, number: receipt.number, kind: 'refund_receipt', amountMinor, issuedAt: at };
      const refundedMinor = payment.refundedMinor + amountMinor;
      const changes = {
        refundedMinor, creditRefundedMinor: Number(payment.creditRefundedMinor ?? 0) + fromCredit, allocations,
        refundReceipts: [...(payment.refundReceipts ?? []), ref], status: refundedMinor >= payment.amountMinor ? 'refunded' : 'paid',
      };
      items.push(tx.update(paymentKey(actor.tenantId, payment.id), payment.version, changes, at));
      items.push(tx.putNew(receipt));
      items.push(tx.putNew(auditItem(actor, 'payment.refunded', 'payment', payment.id, {
        before: { refunded: fromMinor(payment.refundedMinor) }, after: { refunded: fromMinor(refundedMinor), receipt: receipt.number, method: payment.method }, note: body.reason,
      })));
      const updated = { ...payment, ...changes, version: payment.version + 1 } as PaymentItem;
      const invoice = await getInvoice(actor.tenantId, payment.invoiceId);
      const response: StoredResponse = { status: 201, body: toPaymentApi(updated, { invoice: invoice ? invoiceSummary(invoice) : null }) };
      await transact([...items, ...record(response)]);
      if (invoice && response.body && typeof response.body === 'object') {
        // The answer shows the invoice after the refund (read again: the transaction moved it).
        const after = await getInvoice(actor.tenantId, payment.invoiceId);
        if (after) (response.body as { invoice: unknown }).invoice = invoiceSummary(after);
      }
      return response;
    }, 40);
  });
}

import { ulid } from 'ulid';
import { fromMinor, toMinor } from '../../shared/money';
import { PAYMENT_MESSAGES, type InvoicePaymentBody } from '../../shared/schemas/payments';
import type { Payment } from '../../shared/schemas/payments-responses';
import { retryOnConflict } from '../lib/data/counters';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { batchGet, getItem, queryAll, transact } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { getInvoice, rentalBalance, type InvoiceForPayment } from './deps';
import { customerCreditKey, invoicePaymentPk, paymentKey, toPaymentApi, type PaymentItem } from './model';
import { applyCredit, planSettlement, planWithoutRepeats } from './settle';
import { takeReceiptNumber } from './tx';

/** Recording a payment against an invoice (POST /invoices/{id}/payments), and the reads of payments. */

export const isOpenInvoice = (i: InvoiceForPayment) => i.status === 'issued' || i.status === 'partially_paid';

export const invoiceSummary = (i: InvoiceForPayment): NonNullable<Payment['invoice']> => ({
  id: i.id,
  number: i.number,
  status: i.status,
  balance: fromMinor(i.balanceMinor),
  total: fromMinor(i.totalMinor),
});

export async function readInvoiceOr404(tenantId: string, invoiceId: string): Promise<InvoiceForPayment> {
  const invoice = await getInvoice(tenantId, invoiceId);
  if (!invoice) throw notFound('Invoice not found');
  return invoice;
}

/**
 * The first transaction settles this invoice (the rest as credit); then the credit goes to the
 * customer's other open invoices (applyCredit, also on a retry of the same key, so a step lost
 * in between is finished); the answer is the payment as it ends.
 */
export async function recordInvoicePayment(
  actor: Actor,
  invoiceId: string,
  body: InvoicePaymentBody,
  key?: string,
): Promise<StoredResponse> {
  const first = await recordFirst(actor, invoiceId, body, key);
  const id = (first.body as { id?: string }).id;
  if (!id) return first;
  await applyCredit(actor, id);
  return { status: first.status, body: await getPayment(actor.tenantId, id) };
}

function recordFirst(actor: Actor, invoiceId: string, body: InvoicePaymentBody, key?: string): Promise<StoredResponse> {
  return runIdempotent(actor.tenantId, `invoice-payment:${invoiceId}`, key, async (record) => {
    const first = await readInvoiceOr404(actor.tenantId, invoiceId);
    if (!isOpenInvoice(first) && first.status !== 'paid')
      throw conflict(PAYMENT_MESSAGES.invoiceNotOpen, undefined, 'INVALID_TRANSITION');
    const receipt = await takeReceiptNumber(actor.tenantId);
    const paymentId = ulid();
    return retryOnConflict(async () => {
      const primary = await readInvoiceOr404(actor.tenantId, invoiceId);
      const plan = await planWithoutRepeats(() =>
        planSettlement({
          actor,
          primary,
          paymentId,
          amountMinor: toMinor(body.amount),
          method: body.method,
          receipt,
          now: new Date(),
        }),
      );
      const response: StoredResponse = {
        status: 201,
        body: toPaymentApi(plan.payment, {
          invoice: invoiceSummary(plan.primaryAfter),
          rentalBalanceMinor: plan.rentalBalanceMinor,
        }),
      };
      await transact([...plan.items, ...record(response)]);
      return response;
    }, 40);
  });
}

export async function readPayment(tenantId: string, id: string): Promise<PaymentItem> {
  const p = (await getItem(paymentKey(tenantId, id), true)) as PaymentItem | undefined;
  if (!p) throw notFound('Payment not found');
  return p;
}

export async function getPayment(tenantId: string, id: string): Promise<Payment> {
  const p = await readPayment(tenantId, id);
  const [invoice, rental] = await Promise.all([getInvoice(tenantId, p.invoiceId), rentalBalance(tenantId, p.rentalId)]);
  const answer = toPaymentApi(p, {
    invoice: invoice ? invoiceSummary(invoice) : null,
    rentalBalanceMinor: rental?.balanceMinor ?? null,
  });
  return { ...answer, rentalReference: answer.rentalReference ?? rental?.referenceNumber ?? null };
}

/** The payments applied to an invoice, newest first, and the customer's credit (invoice detail). */
export async function listInvoicePayments(
  tenantId: string,
  invoiceId: string,
): Promise<{ items: Payment[]; customerCredit: number }> {
  const invoice = await readInvoiceOr404(tenantId, invoiceId);
  const pointers = await queryAll<{ sk: string }>({
    tenantId,
    pk: invoicePaymentPk(tenantId, invoiceId),
    forward: false,
    max: 500,
  });
  // Pending and failed online attempts have no allocation yet: they are found by their invoice
  // on the payment itself (gsi1 would be one more index; the attempts list is read from the
  // pointer written when the attempt starts, see online.ts).
  const found = pointers.length
    ? await batchGet(
        pointers.map((p) => paymentKey(tenantId, p.sk)),
        false,
      )
    : [];
  const [credit] = await batchGet([customerCreditKey(tenantId, invoice.customerId)], false);
  const items = (found.filter(Boolean) as PaymentItem[])
    .sort((a, b) => b.id.localeCompare(a.id))
    .map((p) => toPaymentApi(p));
  return { items, customerCredit: fromMinor(Number(credit?.balanceMinor ?? 0)) };
}

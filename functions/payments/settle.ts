import { fromMinor } from '../../shared/money';
import type { PaymentMethod } from '../../shared/schemas/payments';
import { calendarDateInZone } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { batchGet, tx, type TransactItem } from '../lib/data/repo';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import {
  customerCreditJournalItems, customerKey, invoicePaymentUpdate, openInvoicesOldestFirst, rentalMoneyChange, type InvoiceForPayment,
} from './deps';
import {
  customerCreditKey, invoicePaymentKey, paymentKey, receiptKey, type AllocationMinor, type PaymentItem, type ReceiptItem, type ReceiptRef,
} from './model';

/**
 * Settling money received (a recorded payment, or an online payment once its callback is
 * verified): the plan of ONE transaction — the payment item, its REC- receipt, per rental the
 * rental ledger entry + journal (rentals' own payment path, through rentals/api.ts), per invoice
 * the paid-amount update (invoices/api.ts, conditioned on the invoice's version) and an
 * allocation pointer, the customer credit with its journal, and the audit item. The caller adds
 * its idempotency record or gateway marker and writes it; a lost race re-runs the whole plan.
 *
 * Allocation (issue 19): the invoice paid first, then the customer's other open invoices in
 * the same currency, oldest issue date first; what is left is customer credit (2160 customer
 * advances), kept for the next invoice. At most MAX_ALLOCATIONS invoices per payment, so the
 * transaction stays inside DynamoDB's 100 items; more money than that is kept as credit too.
 */
export const MAX_ALLOCATIONS = 4;

export interface SettleInput {
  actor: Actor;
  primary: InvoiceForPayment;
  paymentId: string;
  amountMinor: number;
  method: PaymentMethod;
  receipt: { id: string; number: string };
  now: Date;
  /** The pending online payment being settled (updated on its version), or undefined (a new payment). */
  pending?: PaymentItem;
  gatewayRef?: string | null;
}

export interface SettlePlan {
  items: TransactItem[];
  payment: PaymentItem;
  receipt: ReceiptItem;
  primaryAfter: InvoiceForPayment;
  rentalBalanceMinor: number | null;
}

export function allocate(primary: InvoiceForPayment, others: InvoiceForPayment[], amountMinor: number): { allocations: (AllocationMinor & { invoice: InvoiceForPayment })[]; creditMinor: number } {
  const allocations: (AllocationMinor & { invoice: InvoiceForPayment })[] = [];
  let left = amountMinor;
  for (const inv of [primary, ...others.filter((o) => o.id !== primary.id && o.currency === primary.currency)]) {
    if (left <= 0 || allocations.length >= MAX_ALLOCATIONS) break;
    if (inv.status !== 'issued' && inv.status !== 'partially_paid') continue;
    const applied = Math.min(inv.balanceMinor, left);
    if (applied <= 0) continue;
    allocations.push({ invoiceId: inv.id, invoiceNumber: inv.number, rentalId: inv.rentalId, amountMinor: applied, invoice: inv });
    left -= applied;
  }
  return { allocations, creditMinor: left };
}

export async function planSettlement(s: SettleInput): Promise<SettlePlan> {
  const { actor, primary, now } = s;
  const tenantId = actor.tenantId;
  const at = now.toISOString();
  const [settings, others, [customer]] = await Promise.all([
    readCompanySettings(tenantId),
    openInvoicesOldestFirst(tenantId, primary.customerId),
    batchGet([customerKey(tenantId, primary.customerId)], false),
  ]);
  const date = calendarDateInZone(now, companyTimezone(settings));
  const { allocations, creditMinor } = allocate(primary, others, s.amountMinor);

  const items: TransactItem[] = [];
  // One rental change per rental (a transaction may touch an item once).
  const byRental = new Map<string, number>();
  for (const a of allocations) byRental.set(a.rentalId, (byRental.get(a.rentalId) ?? 0) + a.amountMinor);
  let rentalReference: string | null = null;
  let rentalBalanceMinor: number | null = null;
  for (const [rentalId, amountMinor] of byRental) {
    const change = await rentalMoneyChange(actor, rentalId, { type: 'payment', amountMinor, method: s.method, label: `Payment ${s.receipt.number}` });
    items.push(...change.items);
    if (rentalId === primary.rentalId) {
      rentalReference = change.rental.referenceNumber;
      rentalBalanceMinor = change.rental.balanceMinor;
    }
  }
  let primaryAfter = primary;
  for (const a of allocations) {
    items.push(invoicePaymentUpdate(tenantId, a.invoice, a.amountMinor, at));
    items.push(tx.put({ ...invoicePaymentKey(tenantId, a.invoiceId, s.paymentId), entityType: 'INVOICE_PAYMENT', paymentId: s.paymentId, amountMinor: a.amountMinor, createdAt: at }));
    if (a.invoiceId === primary.id) {
      const paid = primary.amountPaidMinor + a.amountMinor;
      primaryAfter = { ...primary, amountPaidMinor: paid, balanceMinor: primary.totalMinor - paid, status: paid >= primary.totalMinor ? 'paid' : 'partially_paid', version: primary.version + 1 };
    }
  }
  if (creditMinor > 0) {
    items.push(tx.raw('Update', {
      Key: customerCreditKey(tenantId, primary.customerId),
      UpdateExpression: 'SET entityType = :et, customerId = :c, currency = :cur, updatedAt = :now ADD balanceMinor :amt',
      ExpressionAttributeValues: { ':et': 'CUSTOMER_CREDIT', ':c': primary.customerId, ':cur': primary.currency, ':now': at, ':amt': creditMinor },
    }));
    items.push(...await customerCreditJournalItems(tenantId, {
      customerId: primary.customerId, amountMinor: creditMinor, method: s.method, date, description: `Customer credit ${s.receipt.number}`,
      reference: s.receipt.number, sourceId: s.paymentId, createdBy: actor.userId,
    }));
  }

  const cleanAllocations: AllocationMinor[] = allocations.map(({ invoice: _i, ...a }) => a);
  const receiptRef: ReceiptRef = { id: s.receipt.id, number: s.receipt.number, kind: 'receipt', amountMinor: s.amountMinor, issuedAt: at };
  const receipt: ReceiptItem = {
    ...receiptKey(tenantId, s.receipt.id), entityType: 'RECEIPT', id: s.receipt.id, number: s.receipt.number, kind: 'receipt', paymentId: s.paymentId,
    amountMinor: s.amountMinor, currency: primary.currency, method: s.method, customerId: primary.customerId,
    customerName: String(customer?.fullNameEnglish ?? ''), customerNameArabic: (customer?.fullNameArabic as string | undefined) ?? null, rentalReference,
    allocations: cleanAllocations, creditMinor, reason: null, gatewayRef: s.gatewayRef ?? null, issuedAt: at, issuedBy: actor.username,
  };
  items.push(tx.putNew(receipt));

  const base = s.pending;
  const payment: PaymentItem = {
    ...(base ?? {}),
    ...paymentKey(tenantId, s.paymentId),
    entityType: 'PAYMENT', id: s.paymentId, tenantId, invoiceId: primary.id, invoiceNumber: primary.number, rentalId: primary.rentalId,
    rentalReference: rentalReference ?? base?.rentalReference ?? null, customerId: primary.customerId, amountMinor: s.amountMinor,
    currency: primary.currency, method: s.method, status: 'paid', allocations: cleanAllocations, creditMinor, refundedMinor: 0,
    receipt: receiptRef, refundReceipts: [], gateway: base?.gateway ?? null, failureReason: null,
    createdAt: base?.createdAt ?? at, updatedAt: at, paidAt: at, createdBy: base?.createdBy ?? actor.username, version: (base?.version ?? 0) + 1,
  } as PaymentItem;
  if (base) {
    items.push(tx.raw('Put', { Item: payment, ConditionExpression: '#v = :v AND #s = :pending', ExpressionAttributeNames: { '#v': 'version', '#s': 'status' }, ExpressionAttributeValues: { ':v': base.version, ':pending': 'pending' } }));
  } else {
    items.push(tx.putNew(payment));
  }
  items.push(tx.putNew(auditItem(actor, 'payment.received', 'payment', s.paymentId, {
    after: { amount: fromMinor(s.amountMinor), method: s.method, receipt: s.receipt.number, allocations: cleanAllocations.map((a) => `${a.invoiceNumber}:${fromMinor(a.amountMinor)}`), credit: fromMinor(creditMinor) },
  })));
  return { items, payment, receipt, primaryAfter, rentalBalanceMinor };
}

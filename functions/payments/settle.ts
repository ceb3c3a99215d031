import { fromMinor } from '../../shared/money';
import type { PaymentMethod } from '../../shared/schemas/payments';
import { calendarDateInZone } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { batchGet, getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import { CUSTOMER_CREDIT_METHOD } from '../../shared/rentals/ledger';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import {
  customerCreditJournalItems,
  customerKey,
  invoicePaymentUpdate,
  openInvoicesOldestFirst,
  rentalBalance,
  rentalMoneyChange,
  type InvoiceForPayment,
} from './deps';
import {
  customerCreditKey,
  invoicePaymentKey,
  paymentKey,
  receiptKey,
  type AllocationMinor,
  type PaymentItem,
  type ReceiptItem,
  type ReceiptRef,
} from './model';

/**
 * Settling money received (a recorded payment, or an online payment once its callback is
 * verified) in ONE transaction: the payment item, its REC- receipt, the rental ledger entry +
 * journal of the invoice paid (rentals' own payment path, through rentals/api.ts), the invoice's
 * paid-amount update (invoices/api.ts, on the invoice's version) and an allocation pointer, the
 * part above the invoice's balance as customer credit (Dr method / Cr 2160 customer advances,
 * and the customer's credit item), and the audit item. The caller adds its idempotency record or
 * gateway marker and writes it; a lost race re-runs the whole plan.
 *
 * Then the credit is applied to the customer's other open invoices in the same currency, oldest
 * issue date first (applyCredit): one transaction per invoice, each a rental ledger payment with
 * the pseudo-method customer_credit (Dr 2160 / Cr 1310) + the invoice update + the credit item
 * (conditioned on what it holds) + the payment's allocations. Why not all in the first
 * transaction: every rental change posts its own journal entry, and two rentals' entries (and
 * their sharded stats) can land on the same balance-bucket items, which one DynamoDB transaction
 * may not touch twice. Each step leaves the books balanced: money received is either on an
 * invoice or held as the customer's credit; if a step is lost, the credit stays for the next one.
 * At most MAX_ALLOCATIONS other invoices per payment.
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
  /** A new online payment's gateway transaction (demo seed). */
  gateway?: PaymentItem['gateway'];
}

export interface SettlePlan {
  items: TransactItem[];
  payment: PaymentItem;
  receipt: ReceiptItem;
  primaryAfter: InvoiceForPayment;
  rentalBalanceMinor: number | null;
}

/**
 * Two journal entries of one transaction may pick the same bucket shard of an account: the plan is made again (new
 * entry ids, new shards).
 */
export function hasRepeatedItem(items: TransactItem[]): boolean {
  const seen = new Set<string>();
  for (const i of items) {
    const op = (i.Put ?? i.Update ?? i.Delete ?? i.ConditionCheck) as
      | { Key?: Record<string, unknown>; Item?: Record<string, unknown> }
      | undefined;
    const k = op?.Key ?? op?.Item;
    const id = `${String(k?.pk)}|${String(k?.sk)}`;
    if (seen.has(id)) return true;
    seen.add(id);
  }
  return false;
}

export async function planWithoutRepeats<T extends { items: TransactItem[] }>(
  plan: () => Promise<T>,
  attempts = 12,
): Promise<T> {
  for (let i = 0; ; i++) {
    const p = await plan();
    if (!hasRepeatedItem(p.items) || i >= attempts) return p;
  }
}

export async function planSettlement(s: SettleInput): Promise<SettlePlan> {
  const { actor, primary, now } = s;
  const tenantId = actor.tenantId;
  const at = now.toISOString();
  const [settings, [customer]] = await Promise.all([
    readCompanySettings(tenantId),
    batchGet([customerKey(tenantId, primary.customerId)], false),
  ]);
  const date = calendarDateInZone(now, companyTimezone(settings));
  // The invoice paid takes up to its balance, and the rental ledger never more than the rental
  // owes (an overpayment is customer credit, 2160, never a negative receivable); the rest is
  // customer credit (applied afterwards to the customer's other open invoices).
  const open = primary.status === 'issued' || primary.status === 'partially_paid';
  let toRental = open ? Math.min(primary.balanceMinor, s.amountMinor) : 0;
  const items: TransactItem[] = [];
  let rentalReference: string | null = null;
  let rentalBalanceMinor: number | null = null;
  for (let attempt = 0; toRental > 0 && attempt < 3; attempt++) {
    const change = await rentalMoneyChange(actor, primary.rentalId, {
      type: 'payment',
      amountMinor: toRental,
      method: s.method,
      label: 'Payment',
      receipt: s.receipt,
    });
    if (change.rental.balanceMinor < 0) {
      toRental = Math.max(0, change.rental.balanceMinor + toRental);
      continue;
    }
    items.push(...change.items);
    rentalReference = change.rental.referenceNumber;
    rentalBalanceMinor = change.rental.balanceMinor;
    break;
  }
  if (items.length === 0) toRental = 0;
  // An invoice never owes more than its rental: money taken on the rental after the invoice was
  // issued (not through it) is allocated to it as well, so their open amounts agree.
  const rentalOwes = Math.max(
    0,
    rentalBalanceMinor ?? (await rentalBalance(tenantId, primary.rentalId))?.balanceMinor ?? 0,
  );
  const caughtUp = open ? Math.max(0, primary.balanceMinor - toRental - rentalOwes) : 0;
  const invoiceApplied = open ? Math.min(primary.balanceMinor, toRental + caughtUp) : 0;
  const allocations =
    toRental > 0
      ? [
          {
            invoiceId: primary.id,
            invoiceNumber: primary.number,
            rentalId: primary.rentalId,
            amountMinor: toRental,
            invoice: primary,
          },
        ]
      : [];
  const creditMinor = s.amountMinor - toRental;
  let primaryAfter = primary;
  if (invoiceApplied > 0) {
    items.push(invoicePaymentUpdate(tenantId, primary, invoiceApplied, at));
    const paid = primary.amountPaidMinor + invoiceApplied;
    primaryAfter = {
      ...primary,
      amountPaidMinor: paid,
      balanceMinor: primary.totalMinor - paid,
      status: paid >= primary.totalMinor ? 'paid' : 'partially_paid',
      version: primary.version + 1,
    };
  }
  for (const a of allocations) {
    items.push(
      tx.put({
        ...invoicePaymentKey(tenantId, a.invoiceId, s.paymentId),
        entityType: 'INVOICE_PAYMENT',
        paymentId: s.paymentId,
        amountMinor: a.amountMinor,
        createdAt: at,
      }),
    );
  }
  if (creditMinor > 0) {
    items.push(
      tx.raw('Update', {
        Key: customerCreditKey(tenantId, primary.customerId),
        UpdateExpression:
          'SET entityType = :et, customerId = :c, currency = :cur, updatedAt = :now ADD balanceMinor :amt',
        ExpressionAttributeValues: {
          ':et': 'CUSTOMER_CREDIT',
          ':c': primary.customerId,
          ':cur': primary.currency,
          ':now': at,
          ':amt': creditMinor,
        },
      }),
    );
    items.push(
      ...(await customerCreditJournalItems(tenantId, {
        customerId: primary.customerId,
        amountMinor: creditMinor,
        method: s.method,
        date,
        description: `Customer credit ${s.receipt.number}`,
        reference: s.receipt.number,
        sourceId: s.paymentId,
        createdBy: actor.userId,
      })),
    );
  }

  const cleanAllocations: AllocationMinor[] = allocations.map(({ invoice: _i, ...a }) => a);
  const receiptRef: ReceiptRef = {
    id: s.receipt.id,
    number: s.receipt.number,
    kind: 'receipt',
    amountMinor: s.amountMinor,
    issuedAt: at,
  };
  const receipt: ReceiptItem = {
    ...receiptKey(tenantId, s.receipt.id),
    entityType: 'RECEIPT',
    id: s.receipt.id,
    number: s.receipt.number,
    kind: 'receipt',
    paymentId: s.paymentId,
    amountMinor: s.amountMinor,
    currency: primary.currency,
    method: s.method,
    customerId: primary.customerId,
    customerName: String(customer?.fullNameEnglish ?? ''),
    customerNameArabic: (customer?.fullNameArabic as string | undefined) ?? null,
    rentalReference,
    allocations: cleanAllocations,
    creditMinor,
    reason: null,
    gatewayRef: s.gatewayRef ?? null,
    issuedAt: at,
    issuedBy: actor.username,
  };
  items.push(tx.putNew(receipt));

  const base = s.pending;
  const payment: PaymentItem = {
    ...(base ?? {}),
    ...paymentKey(tenantId, s.paymentId),
    entityType: 'PAYMENT',
    id: s.paymentId,
    tenantId,
    invoiceId: primary.id,
    invoiceNumber: primary.number,
    rentalId: primary.rentalId,
    rentalReference: rentalReference ?? base?.rentalReference ?? null,
    customerId: primary.customerId,
    amountMinor: s.amountMinor,
    currency: primary.currency,
    method: s.method,
    status: 'paid',
    allocations: cleanAllocations,
    creditMinor,
    refundedMinor: 0,
    receipt: receiptRef,
    refundReceipts: [],
    gateway: base?.gateway ?? s.gateway ?? null,
    failureReason: null,
    createdAt: base?.createdAt ?? at,
    updatedAt: at,
    paidAt: at,
    createdBy: base?.createdBy ?? actor.username,
    version: (base?.version ?? 0) + 1,
  } as PaymentItem;
  if (base) {
    items.push(
      tx.raw('Put', {
        Item: payment,
        ConditionExpression: '#v = :v AND #s = :pending',
        ExpressionAttributeNames: { '#v': 'version', '#s': 'status' },
        ExpressionAttributeValues: { ':v': base.version, ':pending': 'pending' },
      }),
    );
  } else {
    items.push(tx.putNew(payment));
  }
  items.push(
    tx.putNew(
      auditItem(actor, 'payment.received', 'payment', s.paymentId, {
        after: {
          amount: fromMinor(s.amountMinor),
          method: s.method,
          receipt: s.receipt.number,
          allocations: cleanAllocations.map((a) => `${a.invoiceNumber}:${fromMinor(a.amountMinor)}`),
          credit: fromMinor(creditMinor),
        },
      }),
    ),
  );
  return { items, payment, receipt, primaryAfter, rentalBalanceMinor };
}

/**
 * Applies what a payment left as customer credit to the customer's other open invoices, oldest
 * first, one transaction per invoice (see the header). Returns the payment as it ends.
 */
export async function applyCredit(actor: Actor, paymentId: string): Promise<void> {
  const tenantId = actor.tenantId;
  for (let n = 0; n < MAX_ALLOCATIONS; n++) {
    const done = await retryOnConflict(async () => {
      const payment = (await getItem(paymentKey(tenantId, paymentId), true)) as PaymentItem | undefined;
      if (!payment || payment.status !== 'paid' || payment.creditMinor <= 0) return true;
      const [open, credit] = await Promise.all([
        openInvoicesOldestFirst(tenantId, payment.customerId),
        getItem(customerCreditKey(tenantId, payment.customerId), true),
      ]);
      const target = open.find(
        (i) =>
          i.currency === payment.currency &&
          i.balanceMinor > 0 &&
          !payment.allocations.some((a) => a.invoiceId === i.id),
      );
      const amountMinor = Math.min(target?.balanceMinor ?? 0, payment.creditMinor, Number(credit?.balanceMinor ?? 0));
      if (!target || amountMinor <= 0) return true;
      const at = new Date().toISOString();
      const allocation: AllocationMinor = {
        invoiceId: target.id,
        invoiceNumber: target.number,
        rentalId: target.rentalId,
        amountMinor,
      };
      const plan = await planWithoutRepeats(async () => {
        const change = await rentalMoneyChange(actor, target.rentalId, {
          type: 'payment',
          amountMinor,
          method: CUSTOMER_CREDIT_METHOD,
          label: 'Payment',
          receipt: payment.receipt ? { id: payment.receipt.id, number: payment.receipt.number } : undefined,
        });
        return { items: change.items };
      });
      const allocations = [...payment.allocations, allocation];
      await transact([
        ...plan.items,
        invoicePaymentUpdate(tenantId, target, amountMinor, at),
        tx.put({
          ...invoicePaymentKey(tenantId, target.id, paymentId),
          entityType: 'INVOICE_PAYMENT',
          paymentId,
          amountMinor,
          createdAt: at,
        }),
        tx.raw('Update', {
          Key: customerCreditKey(tenantId, payment.customerId),
          UpdateExpression: 'SET updatedAt = :now ADD balanceMinor :neg',
          ConditionExpression: 'balanceMinor >= :amt',
          ExpressionAttributeValues: { ':now': at, ':neg': -amountMinor, ':amt': amountMinor },
        }),
        tx.update(
          paymentKey(tenantId, paymentId),
          payment.version,
          { allocations, creditMinor: payment.creditMinor - amountMinor },
          at,
        ),
        ...(payment.receipt
          ? [
              tx.raw('Update', {
                Key: receiptKey(tenantId, payment.receipt.id),
                UpdateExpression: 'SET allocations = :a, creditMinor = :c',
                ExpressionAttributeValues: {
                  ':a': allocations.map(({ refundedMinor: _r, ...a }) => a),
                  ':c': payment.creditMinor - amountMinor,
                },
              }),
            ]
          : []),
        tx.putNew(
          auditItem(actor, 'payment.credit_applied', 'payment', paymentId, {
            after: { invoice: target.number, amount: fromMinor(amountMinor) },
          }),
        ),
      ]);
      return false;
    }, 20);
    if (done) return;
  }
}

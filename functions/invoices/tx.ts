/**
 * What must commit with another domain's change (DESIGN.md §17 "tx.ts"): reading the invoices a
 * payment pays and the one conditional Update (on the invoice's version) that moves an invoice's
 * paid amount, for the CALLER's own transaction. Imports no other domain (only shared/ and
 * functions/lib), so rentals (tier 4) reach it without loading invoicing (tier 5): a desk payment
 * or refund on a rental moves the rental's invoices in the rental's own transaction. The use
 * cases (payments, collections) keep reaching these through invoices/api.ts, which re-exports them.
 * Also the pieces of a credit note (number, note, voided invoice), which an early return of
 * invoiced rent writes in the rental's own transaction (rentals/return-credit.ts).
 */
import { ulid } from 'ulid';
import { batchGet, getItem, queryAll, tx, type TransactItem } from '../lib/data/repo';
import { conflict } from '../lib/errors';
import { keys, sortKey } from '../lib/data/keys';
import { auditItem } from '../lib/data/audit';
import { reservationFrom } from '../lib/data/counters';
import type { Actor } from '../lib/actor';
import {
  creditNoteKey,
  customerInvoicesPk,
  invoiceIndexes,
  invoiceKey,
  isOpen,
  rentalInvoicePk,
  statusAfterPayment,
  statusPk,
  type CreditNoteItem,
  type InvoiceItem,
  type InvoiceStatus,
} from './model';

/** The neutral e-invoice document of an invoice or note (issue 29), for the credit note a return issues. */
export { eDocumentInput } from './einvoice';

export interface InvoiceForPayment {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  currency: string;
  totalMinor: number;
  amountPaidMinor: number;
  /** Of amountPaid, what came from the rental's security deposit (collections: deposit applied). */
  depositAppliedMinor?: number;
  balanceMinor: number;
  customerId: string;
  rentalId: string;
  issueDate: string | null;
  dueDate: string | null;
  version: number;
}

export function forPayment(item: InvoiceItem): InvoiceForPayment {
  return {
    id: item.id,
    number: item.number,
    status: item.status,
    currency: item.currency,
    totalMinor: item.totalMinor,
    amountPaidMinor: item.amountPaidMinor,
    depositAppliedMinor: Number(item.depositAppliedMinor ?? 0),
    balanceMinor: item.balanceMinor,
    customerId: item.customerId,
    rentalId: item.rentalId,
    issueDate: item.issueDate,
    dueDate: item.dueDate,
    version: item.version,
  };
}

/** undefined when absent or another tenant's (keys are built from the caller's tenant). */
export async function getInvoice(tenantId: string, id: string): Promise<InvoiceForPayment | undefined> {
  const item = (await getItem(invoiceKey(tenantId, id), true)) as InvoiceItem | undefined;
  return item ? forPayment(item) : undefined;
}

/** Issued / partially paid invoices of a customer, oldest issue date first (allocation order). */
export async function openInvoicesOldestFirst(tenantId: string, customerId: string): Promise<InvoiceForPayment[]> {
  // gsi1 sorts issued invoices by issue date; drafts sort last ('~') and are filtered out.
  const items = await queryAll<InvoiceItem>({
    tenantId,
    pk: customerInvoicesPk(tenantId, customerId),
    index: 'gsi1',
    forward: true,
    max: 1000,
    filter: {
      expression: '#s IN (:a, :b)',
      names: { '#s': 'status' },
      values: { ':a': 'issued', ':b': 'partially_paid' },
    },
  });
  return items.filter((i) => isOpen(i.status)).map(forPayment);
}

/** Oldest issue date first (the invoice id, a ULID, breaks a tie: issued in that order). */
const byIssue = (a: InvoiceForPayment, b: InvoiceForPayment) =>
  (a.issueDate ?? '').localeCompare(b.issueDate ?? '') || a.id.localeCompare(b.id);

/**
 * The issued invoices of ONE rental (issued, partly paid, paid; drafts and void ones left out),
 * oldest issue date first, read consistently (one Query of the rental's invoice pointers and one
 * batch get) so the versions are the current ones and a transaction conditioned on them holds.
 */
export async function rentalInvoicesForPayment(tenantId: string, rentalId: string): Promise<InvoiceForPayment[]> {
  const pointers = await queryAll<{ sk: string }>({
    tenantId,
    pk: rentalInvoicePk(tenantId, rentalId),
    consistent: true,
    max: 500,
  });
  const found = pointers.length
    ? await batchGet(
        pointers.map((p) => invoiceKey(tenantId, p.sk)),
        true,
      )
    : [];
  return (found.filter(Boolean) as InvoiceItem[])
    .filter((i) => isOpen(i.status) || i.status === 'paid')
    .map(forPayment)
    .sort(byIssue);
}

/** One invoice's share of a payment (positive) or of a refund (negative). */
export interface InvoiceAllocation {
  invoice: InvoiceForPayment;
  amountMinor: number;
}

/**
 * At most this many invoices move in one payment or refund: each is one item of the caller's
 * transaction (DynamoDB: 100 items), next to the rental's own items and its journal entry.
 */
export const MAX_INVOICES_PER_MOVE = 20;

/**
 * Money received on a rental paying its open invoices (issued, partly paid, balance > 0), oldest
 * issue date first, each up to its balance; what is left is not allocated (it pays the rental's
 * charges not invoiced yet). Pure: `invoices` as read by rentalInvoicesForPayment.
 */
export function allocateOldestFirst(invoices: readonly InvoiceForPayment[], amountMinor: number): InvoiceAllocation[] {
  const out: InvoiceAllocation[] = [];
  let left = amountMinor;
  for (const invoice of [...invoices].sort(byIssue)) {
    if (left <= 0 || out.length >= MAX_INVOICES_PER_MOVE) break;
    if (!isOpen(invoice.status) || invoice.balanceMinor <= 0) continue;
    const applied = Math.min(left, invoice.balanceMinor);
    out.push({ invoice, amountMinor: applied });
    left -= applied;
  }
  return out;
}

/**
 * The mirror image, for money paid back on a rental: `releaseMinor` of what the invoices hold is
 * taken back, newest issue date first (the payment that came last is the one undone first), so
 * paid invoices reopen as partly paid or issued. Amounts are negative.
 */
export function releaseNewestFirst(invoices: readonly InvoiceForPayment[], releaseMinor: number): InvoiceAllocation[] {
  const out: InvoiceAllocation[] = [];
  let left = releaseMinor;
  for (const invoice of [...invoices].sort(byIssue).reverse()) {
    if (left <= 0 || out.length >= MAX_INVOICES_PER_MOVE) break;
    if (invoice.amountPaidMinor <= 0 || !(isOpen(invoice.status) || invoice.status === 'paid')) continue;
    const taken = Math.min(left, invoice.amountPaidMinor);
    out.push({ invoice, amountMinor: -taken });
    left -= taken;
  }
  return out;
}

/**
 * One conditional Update (on version) moving amountPaid/balance/status by +appliedMinor
 * (negative for a refund), for the payer's transaction, with the status index (gsi2: the
 * invoices list by status, the aging, the dashboard's unpaid invoices and the overdue alerts all
 * read it) moved with the status. Only issued, partially paid or paid invoices take payments;
 * the paid amount stays within 0…total (overpayment is the caller's customer credit, never on
 * the invoice). `fromDeposit`: the amount comes from the rental's security deposit (kept apart
 * as depositAppliedMinor, so the invoice shows where its payment came from); money taken back
 * takes the deposit's part down with it when it would exceed what is still paid.
 */
export function invoicePaymentUpdate(
  tenantId: string,
  invoice: InvoiceForPayment,
  appliedMinor: number,
  now: string,
  opts: { fromDeposit?: boolean } = {},
): TransactItem {
  if (invoice.status === 'draft' || invoice.status === 'void') {
    throw conflict(`A ${invoice.status} invoice cannot take payments`, undefined, 'INVALID_TRANSITION');
  }
  const amountPaidMinor = invoice.amountPaidMinor + appliedMinor;
  if (!Number.isSafeInteger(appliedMinor) || amountPaidMinor < 0 || amountPaidMinor > invoice.totalMinor) {
    throw conflict('The amount applied must keep the invoice between unpaid and fully paid');
  }
  const status = statusAfterPayment(invoice.totalMinor, amountPaidMinor);
  const depositApplied = invoice.depositAppliedMinor ?? 0;
  const deposit = opts.fromDeposit
    ? { depositAppliedMinor: depositApplied + appliedMinor }
    : depositApplied > amountPaidMinor
      ? { depositAppliedMinor: amountPaidMinor }
      : {};
  return tx.update(
    invoiceKey(tenantId, invoice.id),
    invoice.version,
    {
      amountPaidMinor,
      balanceMinor: invoice.totalMinor - amountPaidMinor,
      status,
      gsi2pk: statusPk(tenantId, status),
      gsi2sk: sortKey(invoice.issueDate ?? now.slice(0, 10), invoice.id),
      ...deposit,
    },
    now,
  );
}

const CREDIT_NOTE_COUNTER = 'CREDIT_NOTE';
const CREDIT_NOTE_PREFIX = 'CN-';
const CREDIT_NOTE_START = 1001;

export interface CreditNoteDraft {
  /** The invoice as read (consistent) for this attempt; `undefined` from the reader when it cannot be credited. */
  invoice: InvoiceItem;
  number: string;
  /** The credit note as written (its id and issue instant: the invoices domain adds its e-document, issue 29). */
  note: CreditNoteItem;
  /** The credit note, the voided invoice, the gap-free CN- counter and the audit line. */
  items: TransactItem[];
}

/** The invoice as it is now (consistent read). */
export async function invoiceNow(tenantId: string, invoiceId: string): Promise<InvoiceItem | undefined> {
  return (await getItem(invoiceKey(tenantId, invoiceId), true)) as InvoiceItem | undefined;
}

/** Only an issued invoice (issued, partially paid or paid) takes a credit note. */
export const creditable = (invoice: Pick<InvoiceItem, 'status'> | undefined) =>
  !!invoice && invoice.status !== 'draft' && invoice.status !== 'void';

/**
 * The credit note of a whole invoice (issue 19's model: an issued invoice is never edited, a
 * credit note voids it, its own gap-free CN- number referencing it): the items for the caller's
 * transaction. The caller moves the rental's side in the same transaction — the reversal of the
 * charges (credit-note.ts) or the return's own settlement (rentals/lifecycle.ts, an early return
 * of invoiced rent) — and releases the invoice's charge markers (rentals/invoiced-charges.ts).
 * The invoice's version condition makes a concurrent payment or credit note fail the whole
 * transaction; callers re-plan.
 */
export async function creditNoteItems(
  actor: Actor,
  invoice: InvoiceItem,
  input: { reason: string; issueDate: string; now: Date },
): Promise<CreditNoteDraft> {
  const { tenantId } = actor;
  const at = input.now.toISOString();
  const number = reservationFrom(
    tenantId,
    CREDIT_NOTE_COUNTER,
    CREDIT_NOTE_PREFIX,
    CREDIT_NOTE_START,
    await getItem(keys.counter(tenantId, CREDIT_NOTE_COUNTER), true),
  );
  const noteId = ulid();
  const note: CreditNoteItem = {
    ...creditNoteKey(tenantId, noteId),
    entityType: 'CREDIT_NOTE',
    id: noteId,
    number: number.reference,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number ?? '',
    rentalId: invoice.rentalId,
    customerId: invoice.customerId,
    reason: input.reason,
    lines: invoice.lines,
    subtotalMinor: invoice.subtotalMinor,
    vatMinor: invoice.vatMinor,
    totalMinor: invoice.totalMinor,
    issueDate: input.issueDate,
    issuedAt: at,
    pdfKey: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const voided: Pick<InvoiceItem, 'id' | 'customerId' | 'status' | 'issueDate' | 'createdAt'> = {
    ...invoice,
    status: 'void',
  };
  return {
    invoice,
    number: number.reference,
    note,
    items: [
      number.txItem,
      tx.putNew(note),
      tx.update(
        invoiceKey(tenantId, invoice.id),
        invoice.version,
        {
          status: 'void',
          balanceMinor: 0,
          creditNoteId: noteId,
          creditNoteNumber: number.reference,
          ...invoiceIndexes(tenantId, voided),
        },
        at,
      ),
      tx.putNew(
        auditItem(actor, 'invoice.credit_note', 'invoice', invoice.id, {
          before: { status: invoice.status, number: invoice.number },
          after: { status: 'void', creditNote: number.reference },
          note: input.reason,
        }),
      ),
    ],
  };
}

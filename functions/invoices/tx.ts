/**
 * What must commit with another domain's change (DESIGN.md §17 "tx.ts"): the pieces of an
 * invoice document that a lower domain writes in its own transaction. Imports no other domain,
 * so rentals (tier 4) reach it without loading the invoices' drafting and issuing (tier 5).
 */
import { ulid } from 'ulid';
import { auditItem } from '../lib/data/audit';
import { reservationFrom } from '../lib/data/counters';
import { keys } from '../lib/data/keys';
import { getItem, tx, type TransactItem } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import { creditNoteKey, invoiceIndexes, invoiceKey, type CreditNoteItem, type InvoiceItem } from './model';

const CREDIT_NOTE_COUNTER = 'CREDIT_NOTE';
const CREDIT_NOTE_PREFIX = 'CN-';
const CREDIT_NOTE_START = 1001;

export interface CreditNoteDraft {
  /** The invoice as read (consistent) for this attempt; `undefined` from the reader when it cannot be credited. */
  invoice: InvoiceItem;
  number: string;
  /** The credit note, the voided invoice, the gap-free CN- counter and the audit line. */
  items: TransactItem[];
}

/** The invoice as it is now (consistent read). */
export async function invoiceNow(tenantId: string, invoiceId: string): Promise<InvoiceItem | undefined> {
  return (await getItem(invoiceKey(tenantId, invoiceId), true)) as InvoiceItem | undefined;
}

/** Only an issued invoice (issued, partially paid or paid) takes a credit note. */
export const creditable = (invoice: Pick<InvoiceItem, 'status'> | undefined) => !!invoice && invoice.status !== 'draft' && invoice.status !== 'void';

/**
 * The credit note of a whole invoice (issue 19's model: an issued invoice is never edited, a
 * credit note voids it, its own gap-free CN- number referencing it): the items for the caller's
 * transaction. The caller moves the rental's side in the same transaction — the reversal of the
 * charges (credit-note.ts) or the return's own settlement (rentals/lifecycle.ts, an early return
 * of invoiced rent) — and releases the invoice's charge markers (rentals/invoiced-charges.ts).
 * The invoice's version condition makes a concurrent payment or credit note fail the whole
 * transaction; callers re-plan.
 */
export async function creditNoteItems(actor: Actor, invoice: InvoiceItem, input: { reason: string; issueDate: string; now: Date }): Promise<CreditNoteDraft> {
  const { tenantId } = actor;
  const at = input.now.toISOString();
  const number = reservationFrom(tenantId, CREDIT_NOTE_COUNTER, CREDIT_NOTE_PREFIX, CREDIT_NOTE_START, await getItem(keys.counter(tenantId, CREDIT_NOTE_COUNTER), true));
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
  const voided: Pick<InvoiceItem, 'id' | 'customerId' | 'status' | 'issueDate' | 'createdAt'> = { ...invoice, status: 'void' };
  return {
    invoice,
    number: number.reference,
    items: [
      number.txItem,
      tx.putNew(note),
      tx.update(invoiceKey(tenantId, invoice.id), invoice.version, {
        status: 'void', balanceMinor: 0, creditNoteId: noteId, creditNoteNumber: number.reference, ...invoiceIndexes(tenantId, voided),
      }, at),
      tx.putNew(auditItem(actor, 'invoice.credit_note', 'invoice', invoice.id, {
        before: { status: invoice.status, number: invoice.number }, after: { status: 'void', creditNote: number.reference }, note: input.reason,
      })),
    ],
  };
}

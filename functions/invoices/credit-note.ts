import { ulid } from 'ulid';
import { calendarDateInZone } from '../../shared/regions';
import { INVOICE_MESSAGES, type CreditNoteBody } from '../../shared/schemas/invoices';
import { auditItem } from '../lib/data/audit';
import { reservationFrom } from '../lib/data/counters';
import { keys } from '../lib/data/keys';
import { getItem, tx } from '../lib/data/repo';
import { conflict } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { chargeMarkerDelete, readInvoiceSettings, readLedger, reverseChargesWith } from './deps';
import { readInvoiceItem } from './draft';
import { creditNoteKey, invoiceIndexes, invoiceKey, type CreditNoteItem, type InvoiceItem } from './model';

/**
 * Credit note (issue 19): an issued invoice is never edited; it is cancelled by a credit note —
 * its own gap-free CN- number, referencing the invoice — which REVERSES the invoice's charges on
 * the rental ledger (reversal entries, posted to the GL by the posting rules: Dr income / Dr VAT
 * output / Cr receivables, the mirror of the charges' postings) in ONE transaction with the credit
 * note, the voided invoice and the released charge markers (the charges, now reversed, can no
 * longer be invoiced; a corrected charge is added to the rental and invoiced anew).
 *
 * Decisions: a credit note credits the whole invoice (partial corrections are new charges or
 * reversals on the rental, then a new invoice). Money already paid on the invoice stays on the
 * rental as the customer's credit (the rental balance turns negative), for a refund or the next
 * invoice — the payments domain's business.
 */
const COUNTER = 'CREDIT_NOTE';
const PREFIX = 'CN-';
const START = 1001;

export async function creditInvoice(actor: Actor, id: string, body: CreditNoteBody, idempotencyKey?: string): Promise<{ invoiceId: string }> {
  const { tenantId } = actor;
  const first = await readInvoiceItem(tenantId, id);
  if (first.status === 'draft' || first.status === 'void') throw conflict(INVOICE_MESSAGES.creditNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
  const settings = await readInvoiceSettings(tenantId);
  // What is left of each charge the invoice carries (reversals posted since are already in the GL).
  const ledger = await readLedger(tenantId, first.rentalId);
  const charges = first.chargeIds.map((chargeId) => {
    const original = ledger.find((e) => e.id === chargeId);
    const reversed = ledger.filter((e) => e.reversesId === chargeId).reduce((s, e) => s + e.amountMinor, 0);
    return { id: chargeId, amountMinor: Math.max(0, (original?.amountMinor ?? 0) - reversed) };
  });
  const result = await reverseChargesWith(actor, first.rentalId, {
    charges,
    reason: body.reason,
    action: 'credit_note',
    idempotencyKey,
    respond: () => ({ invoiceId: id }),
    extra: async (_rental, now) => {
      const invoice = await readInvoiceItem(tenantId, id);
      if (invoice.status === 'draft' || invoice.status === 'void') throw conflict(INVOICE_MESSAGES.creditNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
      const at = now.toISOString();
      const number = reservationFrom(tenantId, COUNTER, PREFIX, START, await getItem(keys.counter(tenantId, COUNTER), true));
      const noteId = ulid();
      const note: CreditNoteItem = {
        ...creditNoteKey(tenantId, noteId),
        entityType: 'CREDIT_NOTE',
        id: noteId,
        number: number.reference,
        invoiceId: id,
        invoiceNumber: invoice.number ?? '',
        rentalId: invoice.rentalId,
        customerId: invoice.customerId,
        reason: body.reason,
        lines: invoice.lines,
        subtotalMinor: invoice.subtotalMinor,
        vatMinor: invoice.vatMinor,
        totalMinor: invoice.totalMinor,
        issueDate: calendarDateInZone(now, settings.timezone),
        issuedAt: at,
        pdfKey: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      const voided: Pick<InvoiceItem, 'id' | 'customerId' | 'status' | 'issueDate' | 'createdAt'> = { ...invoice, status: 'void' };
      return [
        number.txItem,
        tx.putNew(note),
        tx.update(invoiceKey(tenantId, id), invoice.version, {
          status: 'void', balanceMinor: 0, creditNoteId: noteId, creditNoteNumber: number.reference, ...invoiceIndexes(tenantId, voided),
        }, at),
        ...invoice.chargeIds.map((chargeId) => chargeMarkerDelete(tenantId, invoice.rentalId, chargeId)),
        tx.putNew(auditItem(actor, 'invoice.credit_note', 'invoice', id, {
          before: { status: invoice.status, number: invoice.number }, after: { status: 'void', creditNote: number.reference }, note: body.reason,
        })),
      ];
    },
  });
  return result.body as { invoiceId: string };
}

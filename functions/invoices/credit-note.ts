import { calendarDateInZone } from '../../shared/regions';
import type { CreditNoteBody } from '../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { conflict } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { chargeMarkerDelete, eDocumentItems, readInvoiceSettings, readLedger, reverseChargesWith } from './deps';
import { eDocumentInput } from './einvoice';
import { readInvoiceItem } from './draft';
import { creditNoteItems, creditable, invoiceNow } from './tx';

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
export async function creditInvoice(
  actor: Actor,
  id: string,
  body: CreditNoteBody,
  idempotencyKey?: string,
): Promise<{ invoiceId: string }> {
  const { tenantId } = actor;
  const first = await readInvoiceItem(tenantId, id);
  if (first.status === 'draft' || first.status === 'void')
    throw conflict(INVOICE_MESSAGES.creditNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
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
      const invoice = await invoiceNow(tenantId, id);
      if (!invoice || !creditable(invoice))
        throw conflict(INVOICE_MESSAGES.creditNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
      const note = await creditNoteItems(actor, invoice, {
        reason: body.reason,
        issueDate: calendarDateInZone(now, settings.timezone),
        now,
      });
      // Issue 29: the credit note's e-document (kind credit, referencing the invoice) in the same transaction.
      const edoc = await eDocumentItems(
        tenantId,
        settings.company,
        eDocumentInput(invoice, {
          kind: 'credit',
          documentId: note.note.id,
          number: note.number,
          issuedAt: note.note.issuedAt,
          timezone: settings.timezone,
          lines: invoice.lines,
          subtotalMinor: invoice.subtotalMinor,
          vatMinor: invoice.vatMinor,
          totalMinor: invoice.totalMinor,
          prepaidMinor: 0,
          corrects: { invoice, reason: body.reason },
        }),
      );
      return [
        ...note.items,
        ...(edoc?.items ?? []),
        ...invoice.chargeIds.map((chargeId) => chargeMarkerDelete(tenantId, invoice.rentalId, chargeId)),
      ];
    },
  });
  return result.body as { invoiceId: string };
}

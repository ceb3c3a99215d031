import { tx, type TransactItem } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import { calendarDateInZone } from '../../shared/regions';
import { readCompanySettings } from '../lib/company-settings';
import { creditNoteItems, creditable, eDocumentInput, eDocumentItems, invoiceNow } from './deps-tx';
import { chargeMarkerKey, invoicedChargesOf } from './invoiced-charges';
import type { NewLedgerEntry } from './data';

/**
 * The reason written on the credit note a return issues (the credit note's own field, as the staff's reason would be).
 */
export const EARLY_RETURN_CREDIT_REASON = 'Returned early: rent of the unused days reversed';

/**
 * An early return takes back rent that may already be on an issued invoice (issue 26 "an early
 * return recognises what was used and reverses the rest, with a CN- credit note when that rent
 * was already invoiced"). The return's settlement (pricing.ts settlementEntries) reverses what the
 * rental no longer owes on the ledger; an invoice that carried any reversed charge is overstated
 * from then on, so it gets a credit note IN the return's transaction (invoices/tx.ts: the CN-
 * number, the note, the voided invoice) and its charge markers are released: what the customer
 * still owes — the days used, and the invoice's other charges — is invoiced anew on the next
 * invoice, which is allocated the money already paid (a voided invoice releases its allocation).
 *
 * A reversed charge that is on no invoice is conditioned on staying so: an invoice issued
 * between the read and the write makes the return fail and re-plan (as a manual reversal does).
 */
export async function returnCreditNotes(
  actor: Actor,
  rentalId: string,
  entries: readonly NewLedgerEntry[],
  timeZone: string,
  now: Date,
): Promise<{ items: TransactItem[]; creditNotes: { number: string; invoiceNumber: string }[] }> {
  const reversed = [
    ...new Set(entries.filter((e) => e.type === 'charge' && e.reversesId).map((e) => e.reversesId as string)),
  ];
  if (!reversed.length) return { items: [], creditNotes: [] };
  const invoiced = await invoicedChargesOf(actor.tenantId, rentalId);
  const items: TransactItem[] = reversed
    .filter((id) => !invoiced.has(id))
    .map((id) => tx.condition(chargeMarkerKey(actor.tenantId, rentalId, id), 'attribute_not_exists(pk)'));
  const creditNotes: { number: string; invoiceNumber: string }[] = [];
  const invoiceIds = [...new Set(reversed.map((id) => invoiced.get(id)?.invoiceId).filter((id): id is string => !!id))];
  for (const invoiceId of invoiceIds) {
    const invoice = await invoiceNow(actor.tenantId, invoiceId);
    // A marker of a voided invoice is released with its credit note; a stale one is skipped.
    if (!invoice || !creditable(invoice)) continue;
    const note = await creditNoteItems(actor, invoice, {
      reason: EARLY_RETURN_CREDIT_REASON,
      issueDate: calendarDateInZone(now, timeZone),
      now,
    });
    // Issue 29: the credit note's e-document (Saudi signed XML and chain, UAE/Jordan XML) in this transaction.
    const edoc = await eDocumentItems(
      actor.tenantId,
      await readCompanySettings(actor.tenantId),
      eDocumentInput(invoice, {
        kind: 'credit',
        documentId: note.note.id,
        number: note.number,
        issuedAt: note.note.issuedAt,
        timezone: timeZone,
        lines: invoice.lines,
        subtotalMinor: invoice.subtotalMinor,
        vatMinor: invoice.vatMinor,
        totalMinor: invoice.totalMinor,
        prepaidMinor: 0,
        corrects: { invoice, reason: EARLY_RETURN_CREDIT_REASON },
      }),
    );
    items.push(
      ...note.items,
      ...(edoc?.items ?? []),
      ...invoice.chargeIds.map((chargeId) => tx.delete(chargeMarkerKey(actor.tenantId, rentalId, chargeId))),
    );
    creditNotes.push({ number: note.number, invoiceNumber: invoice.number ?? '' });
  }
  return { items, creditNotes };
}

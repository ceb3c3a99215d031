import { ulid } from 'ulid';
import { calendarDateInZone } from '../../shared/regions';
import type { DebitNoteBody } from '../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { toMinor } from '../../shared/money';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { reservationFrom, retryOnConflict } from '../lib/data/counters';
import { runIdempotent } from '../lib/data/idempotency';
import { keys } from '../lib/data/keys';
import { batchGet, transact, tx } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import { chargeMarkerPut, chargesChange, eDocumentItems, getRentalItem, readInvoiceSettings, readLedger } from './deps';
import { figuresFor, invoiceContext, readInvoiceItem } from './draft';
import { eDocumentInput } from './einvoice';
import { debitNoteKey, invoiceKey, type DebitNoteItem } from './model';
import { creditable, invoiceNow } from './tx';

/**
 * Debit note (issue 29; the product had none): the smallest correct shape for a rental company — a charge that
 * comes after the invoice was issued (fuel not refilled, extra kilometres read late, damage found at the check-in,
 * a late return) added to what the customer owes, as its OWN document:
 * - the charges go on the rental ledger as every other charge (rentals/api chargesChange: the ledger entries, the
 *   rental's totals and their journal entry — Dr receivables / Cr income / Cr VAT output — by the posting rules);
 * - the debit note's lines and totals are READ from those entries with the invoice maths (figuresFor), so the
 *   document equals what the GL posted;
 * - its own gap-free DN- number (counter DEBIT_NOTE), referencing the invoice; the charges are marked invoiced
 *   (with the invoice's id and the debit note's number), so they never go on another invoice;
 * - its e-document (kind debit, Saudi only: PINT AE and JoFotara have no debit note);
 * all in ONE transaction, conditioned on the rental's version (a concurrent change re-plans it) and the invoice's
 * version (a credit note in between refuses it). Idempotent on Idempotency-Key.
 * Decisions: the invoice itself is unchanged (it is locked; its balance is its own); the debit note's amount is owed
 * on the rental (its balance), paid as any rental charge. Crediting the invoice does not cancel its debit notes:
 * a wrong further charge is reversed on the rental as any charge would be, before it is debited — or by a credit
 * note when the network needs one (not built: ZATCA lets a credit note reference a debit note's invoice only).
 */
const COUNTER = 'DEBIT_NOTE';
const PREFIX = 'DN-';
const START = 1001;

export async function debitInvoice(
  actor: Actor,
  id: string,
  body: DebitNoteBody,
  idempotencyKey?: string,
): Promise<{ debitNoteId: string }> {
  const { tenantId } = actor;
  const first = await readInvoiceItem(tenantId, id);
  if (!creditable(first)) throw conflict(INVOICE_MESSAGES.debitNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
  const settings = await readInvoiceSettings(tenantId);
  const answer = await runIdempotent(tenantId, `debit_note:${id}`, idempotencyKey, (record) =>
    retryOnConflict(async () => {
      const invoice = await invoiceNow(tenantId, id);
      if (!invoice || !creditable(invoice))
        throw conflict(INVOICE_MESSAGES.debitNoteOnlyIssued, undefined, 'INVALID_TRANSITION');
      const [rental, ledger, [counter]] = await Promise.all([
        getRentalItem(tenantId, invoice.rentalId),
        readLedger(tenantId, invoice.rentalId),
        batchGet([keys.counter(tenantId, COUNTER)]),
      ]);
      if (!rental) throw notFound('Rental not found');
      const change = await chargesChange(actor, invoice.rentalId, {
        action: 'debit_note',
        note: body.reason,
        entries: body.lines.map((l) => ({ category: l.category, label: l.label, amountMinor: toMinor(l.amount) })),
      });
      const figures = figuresFor(change.entries, [...ledger, ...change.entries], invoiceContext(rental, settings));
      const at = change.entries[0]?.createdAt ?? new Date().toISOString();
      const number = reservationFrom(tenantId, COUNTER, PREFIX, START, counter);
      const noteId = ulid();
      const note: DebitNoteItem = {
        ...debitNoteKey(tenantId, invoice.id, noteId),
        entityType: 'DEBIT_NOTE',
        id: noteId,
        number: number.reference,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number ?? '',
        rentalId: invoice.rentalId,
        customerId: invoice.customerId,
        reason: body.reason,
        lines: figures.lines,
        chargeIds: figures.chargeIds,
        subtotalMinor: figures.subtotalMinor,
        vatMinor: figures.vatMinor,
        totalMinor: figures.totalMinor,
        issueDate: calendarDateInZone(at, settings.timezone),
        issuedAt: at,
        pdfKey: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      const edoc = await eDocumentItems(
        tenantId,
        settings.company,
        eDocumentInput(invoice, {
          kind: 'debit',
          documentId: noteId,
          number: number.reference,
          issuedAt: at,
          timezone: settings.timezone,
          lines: figures.lines,
          subtotalMinor: figures.subtotalMinor,
          vatMinor: figures.vatMinor,
          totalMinor: figures.totalMinor,
          prepaidMinor: 0,
          corrects: { invoice, reason: body.reason },
        }),
      );
      const response = { status: 201, body: { debitNoteId: noteId } };
      await transact([
        ...change.items,
        number.txItem,
        tx.putNew(note),
        tx.condition(invoiceKey(tenantId, invoice.id), '#v = :v', { '#v': 'version' }, { ':v': invoice.version }),
        ...figures.chargeIds.map((chargeId) =>
          chargeMarkerPut(tenantId, invoice.rentalId, chargeId, { id: invoice.id, number: number.reference }, at),
        ),
        tx.putNew(
          auditItem(actor, 'invoice.debit_note', 'invoice', invoice.id, {
            after: { debitNote: number.reference, total: figures.totalMinor / 100 },
            note: body.reason,
          }),
        ),
        ...(edoc?.items ?? []),
        ...record(response),
      ]);
      return response;
    }, 40),
  );
  return answer.body as { debitNoteId: string };
}

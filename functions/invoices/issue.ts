import { calendarDateInZone } from '../../shared/regions';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { auditItem } from '../lib/data/audit';
import { reservationFrom, retryOnConflict } from '../lib/data/counters';
import { keys } from '../lib/data/keys';
import { batchGet, queryAll, transact, tx, type TransactItem } from '../lib/data/repo';
import { crashPoint } from '../lib/faults';
import { ledgerTotals } from '../../shared/rentals/ledger';
import { conflict, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  billingPeriodChange,
  chargeAtInvoiceChange,
  chargesAtInvoice,
  chargeMarkerPut,
  eDocumentItems,
  type EDocItem,
  getRentalItem,
  readInvoiceSettings,
  readLedger,
  rentalKey,
  type LedgerItem,
} from './deps';
import { markInvoiceDue } from './due-work';
import { eDocumentInput } from './einvoice';
import { PENDING_PREFIX, dueDateOf, figuresFor, invoiceContext, invoicedChargeIds, readInvoiceItem } from './draft';
import {
  invoiceIndexes,
  invoiceKey,
  rentalInvoicePk,
  searchTextOf,
  statusAfterPayment,
  type InvoiceItem,
} from './model';

/**
 * Issuing a draft (issue 19): one transaction holding
 *  - the gap-free INV- number (lib/data/counters `reservationFrom`: the counter's next value,
 *    conditioned on the value read, so a failed issue gives its number back and two issues never
 *    share one — 20 concurrent issues end with 20 consecutive numbers; the price is that issues
 *    of one company serialise on the counter, retried here with jitter);
 *  - a marker per invoiced charge (attribute_not_exists: a charge is on at most one invoice);
 *  - a condition on the rental's version (the lines were recomputed from the ledger just read);
 *  - the invoice: number, dates, lines, totals, locked from now on.
 *
 * NOTHING is posted to the journal for charges already on the rental ledger: they were posted
 * to the GL (Dr receivables / Cr income by category / Cr VAT output) when they entered it
 * (accounting/rental-postings.ts), and issuing again would count the income twice. The one
 * exception is what is not posted yet: the rent of a billing period of an open-ended rental,
 * which is added to the rental ledger WITH its journal entry in this same transaction
 * (rentals/api billingPeriodChange), so the ledger and the GL agree. The invoice figures equal
 * those postings (shared/invoices/totals.ts).
 */
const COUNTER = 'INVOICE';

/**
 * What was paid before issue (DESIGN §14 allocation): the money the rental holds from the
 * customer — its payments and advances less refunds (rental ledger, deposits apart, reversals
 * netted; the deposit applied and customer credit applied count, they are payments on the
 * ledger) — less what is already allocated to the rental's other invoices (their amountPaid;
 * a voided invoice releases its allocation), is allocated to this invoice up to its total.
 * Invoices are issued in the order of their charges, so the oldest charges are paid first.
 * The issue transaction conditions on the rental's version (no payment in between) and on the
 * version of each other draft of the rental read here (two invoices of one rental issued at
 * once cannot take the same money: the second is re-planned).
 */
export function paidBeforeIssue(
  ledger: Parameters<typeof ledgerTotals>[0],
  others: readonly Pick<InvoiceItem, 'status' | 'amountPaidMinor'>[],
  totalMinor: number,
): number {
  const t = ledgerTotals(ledger);
  const held = t.paymentsMinor - t.refundsMinor;
  const allocated = others
    .filter((o) => o.status !== 'void' && o.status !== 'draft')
    .reduce((s, o) => s + o.amountPaidMinor, 0);
  return Math.max(0, Math.min(totalMinor, held - allocated));
}

/** The rental's other invoices (one Query of its pointers and one batch get). */
async function otherInvoicesOf(tenantId: string, rentalId: string, id: string): Promise<InvoiceItem[]> {
  const pointers = await queryAll<{ sk: string }>({
    tenantId,
    pk: rentalInvoicePk(tenantId, rentalId),
    consistent: true,
    max: 500,
  });
  const keys = pointers.filter((p) => p.sk !== id).map((p) => invoiceKey(tenantId, p.sk));
  return keys.length ? ((await batchGet(keys, true)).filter(Boolean) as InvoiceItem[]) : [];
}

/**
 * `job` (the invoicing job, issue 10): items written in the same transaction (its idempotency
 * marker per rental and period, the advance of its index) and the rental's lastChargedDate /
 * lastInvoicedDate.
 */
export interface IssueExtras {
  items: TransactItem[];
  rentalChanges: Record<string, unknown>;
}

/**
 * `clock`: the issue instant, now unless given — the Saudi demo seed (seed-ksa.ts) issues a month of invoices on
 * the days they were, through this same path, so their e-documents carry those dates in their signed XML.
 */
export async function issueInvoice(
  actor: Actor,
  id: string,
  job?: IssueExtras,
  clock?: Date,
): Promise<InvoiceItem & { einvoice?: EDocItem }> {
  const { tenantId } = actor;
  const settings = await readInvoiceSettings(tenantId);
  let marked: string | undefined;
  return retryOnConflict(async () => {
    const invoice = await readInvoiceItem(tenantId, id);
    if (invoice.status !== 'draft') throw conflict(INVOICE_MESSAGES.notDraft, undefined, 'INVOICE_LOCKED');
    const [rental, ledger, invoiced, [counter], others] = await Promise.all([
      getRentalItem(tenantId, invoice.rentalId),
      readLedger(tenantId, invoice.rentalId),
      invoicedChargeIds(tenantId, invoice.rentalId),
      batchGet([keys.counter(tenantId, COUNTER)]),
      otherInvoicesOf(tenantId, invoice.rentalId, id),
    ]);
    if (!rental) throw notFound('Rental not found');
    if (invoice.chargeIds.some((c) => invoiced.has(c) && invoiced.get(c) !== id)) {
      throw conflict(INVOICE_MESSAGES.alreadyInvoiced, undefined, 'CONFLICT');
    }
    // A period of an open-ended rental: the period's rent (issue 26), posted now with its journal.
    const period =
      invoice.scope === 'period' && invoice.periodStart && invoice.periodEnd
        ? { periodStart: invoice.periodStart, periodEnd: invoice.periodEnd }
        : undefined;
    // Issue 26 tax point: a tax invoice of a rental not picked up yet is the earliest tax point of
    // what it carries — its charges are posted with it (rentals chargeAtInvoiceChange), in this transaction.
    const charging = chargesAtInvoice(rental) ? { chargedBeforePickup: true } : {};
    const billing =
      period && invoice.chargeIds.some((c) => c.startsWith(PENDING_PREFIX))
        ? await billingPeriodChange(actor, rental.id, period, { ...job?.rentalChanges, ...charging })
        : undefined;
    const posted = billing?.entries ?? [];
    const chosen = new Set(invoice.chargeIds);
    const figures = figuresFor(
      [...ledger.filter((e: LedgerItem) => chosen.has(e.id)), ...posted],
      [...ledger, ...posted],
      invoiceContext(rental, settings),
    );
    if (figures.lines.length === 0)
      throw validationFailed({ rentalId: INVOICE_MESSAGES.noCharges }, INVOICE_MESSAGES.noCharges);

    const now = clock ?? new Date();
    const at = now.toISOString();
    const issueDate = calendarDateInZone(now, settings.timezone);
    const number = reservationFrom(tenantId, COUNTER, settings.invoicePrefix, settings.invoiceStart, counter);
    const charged =
      !billing && chargesAtInvoice(rental)
        ? await chargeAtInvoiceChange(actor, rental.id, number.reference)
        : undefined;
    const amountPaidMinor = paidBeforeIssue([...ledger, ...posted], others, figures.totalMinor);
    const status = statusAfterPayment(figures.totalMinor, amountPaidMinor);
    const issued: InvoiceItem = {
      ...invoice,
      number: number.reference,
      status,
      issueDate,
      issuedAt: at,
      // The supply date is the end of the period invoiced (or today, when that is earlier).
      supplyDate: invoice.periodEnd && invoice.periodEnd < issueDate ? invoice.periodEnd : issueDate,
      dueDate: dueDateOf(invoice, issueDate, settings),
      lines: figures.lines,
      chargeIds: figures.chargeIds,
      subtotalMinor: figures.subtotalMinor,
      vatMinor: figures.vatMinor,
      totalMinor: figures.totalMinor,
      amountPaidMinor,
      balanceMinor: figures.totalMinor - amountPaidMinor,
      // The seller's details as they are on the day of issue (the invoice is a fixed document).
      seller: {
        name: settings.companyName,
        address: settings.address || null,
        vatNumber: settings.vatNumber || null,
        email: settings.email || null,
        phone: settings.phone || null,
      },
    };
    issued.searchText = searchTextOf(issued);
    // Issue 29: the e-document (signed XML, the Saudi chain) is born in this same transaction.
    const edoc = await eDocumentItems(
      tenantId,
      settings.company,
      eDocumentInput(issued, {
        kind: 'invoice',
        documentId: id,
        number: number.reference,
        issuedAt: at,
        timezone: settings.timezone,
        lines: figures.lines,
        subtotalMinor: figures.subtotalMinor,
        vatMinor: figures.vatMinor,
        totalMinor: figures.totalMinor,
        prepaidMinor: amountPaidMinor,
      }),
    );
    if (edoc) issued.einvoiceUuid = edoc.edoc.uuid;
    const {
      pk: _pk,
      sk: _sk,
      entityType: _e,
      id: _id,
      tenantId: _t,
      createdAt: _c,
      version: _v,
      updatedAt: _u,
      ...changes
    } = { ...issued, ...invoiceIndexes(tenantId, issued) };
    const items: TransactItem[] = [
      number.txItem,
      tx.update(invoiceKey(tenantId, id), invoice.version, changes, at),
      // The rental's version: checked here, or updated (with the same condition) by the billing change.
      ...(billing
        ? billing.items
        : charged
          ? charged.items
          : [tx.condition(rentalKey(tenantId, rental.id), '#v = :v', { '#v': 'version' }, { ':v': rental.version })]),
      ...figures.chargeIds
        .filter((c) => invoiced.get(c) !== id)
        .map((chargeId) => chargeMarkerPut(tenantId, rental.id, chargeId, { id, number: number.reference }, at)),
      tx.putNew(
        auditItem(actor, 'invoice.issue', 'invoice', id, {
          before: { status: 'draft' },
          after: {
            status,
            number: number.reference,
            total: figures.totalMinor / 100,
            amountPaid: amountPaidMinor / 100,
          },
        }),
      ),
      ...(job?.items ?? []),
      ...(edoc?.items ?? []),
    ];
    // The rental's other drafts as read (two drafts issued at once cannot both take the same
    // money: the one issued second finds the first's version moved and is planned again).
    items.push(
      ...others
        .filter((o) => o.status === 'draft')
        .slice(0, Math.max(0, 100 - items.length))
        .map((o) => tx.condition(invoiceKey(tenantId, o.id), '#v = :v', { '#v': 'version' }, { ':v': o.version })),
    );
    // The due-work marker first (an idempotent put; harmless when the issue then fails): written after the
    // transaction, a Lambda dying in between left an issued invoice the overdue job never saw.
    if (issued.dueDate && marked !== issued.dueDate) {
      await markInvoiceDue(tenantId, issued.dueDate);
      marked = issued.dueDate; // once per issue, not once per attempt of a contended counter
    }
    crashPoint('invoice-issue:before-transaction', tenantId);
    await transact(items);
    return { ...issued, version: invoice.version + 1, updatedAt: at, ...(edoc ? { einvoice: edoc.edoc } : {}) };
  }, 120);
}

import { fromMinor } from '../../shared/money';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import type { ListInvoicesQuery } from '../../shared/schemas/invoices';
import { batchGet, getItem, queryAll, queryPage, type Page } from '../lib/data/repo';
import { edocSummaryOf, readEDocuments, readInvoiceSettings } from './deps';
import { readInvoiceItem } from './draft';
import {
  creditNoteKey,
  customerInvoicesPk,
  debitNotesPk,
  type DebitNoteItem,
  invoiceKey,
  invoicePk,
  isOpen,
  rentalInvoicePk,
  statusPk,
  toApi,
  type CreditNoteItem,
  type InvoiceItem,
  type InvoiceStatus,
} from './model';

/**
 * Reads: the list (one Query page — by status on gsi2, by customer on gsi1, by rental through its
 * pointers plus one batch get, else the base partition — with the search and date filters), the
 * detail (invoice and its credit note; its payments are GET /invoices/{id}/payments), and the `overdue` flag (open and
 * past its due
 * date on the company's calendar).
 */
export function invoiceToApi(item: InvoiceItem) {
  // Today on the company's calendar, from the time zone the invoice keeps (no settings read).
  const today = calendarDateInZone(new Date(), item.timezone ?? getRegionConfig(item.region).timezone);
  return { ...toApi(item), overdue: isOpen(item.status) && !!item.dueDate && item.dueDate < today };
}

async function companyToday(tenantId: string) {
  const settings = await readInvoiceSettings(tenantId);
  return calendarDateInZone(new Date(), settings.timezone);
}

/** The debit notes of an invoice, oldest first (one Query of its partition). */
export async function debitNotesOf(tenantId: string, invoiceId: string): Promise<DebitNoteItem[]> {
  return queryAll<DebitNoteItem>({ tenantId, pk: debitNotesPk(tenantId, invoiceId), consistent: true, max: 100 });
}

export async function invoiceDetail(tenantId: string, idOrItem: string | InvoiceItem) {
  const item = typeof idOrItem === 'string' ? await readInvoiceItem(tenantId, idOrItem) : idOrItem;
  const [note, debitNotes] = await Promise.all([
    item.creditNoteId
      ? (getItem(creditNoteKey(tenantId, item.creditNoteId), true) as Promise<CreditNoteItem | undefined>)
      : undefined,
    item.number ? debitNotesOf(tenantId, item.id) : [],
  ]);
  // Issue 29: the e-documents of the invoice, its credit note and its debit notes (a draft has none).
  const noteIds = [...(item.creditNoteId ? [item.creditNoteId] : []), ...debitNotes.map((d) => d.id)];
  const [edoc, ...noteEdocs] = item.number ? await readEDocuments(tenantId, [item.id, ...noteIds]) : [];
  const edocOf = (id: string) => {
    const found = noteEdocs.find((d) => d?.id === id);
    return found ? edocSummaryOf(found) : null;
  };
  // The payments applied to the invoice and the customer's credit are the payments domain's
  // answer (GET /invoices/{id}/payments, tier 5 above invoices): invoices does not load them.
  return {
    ...invoiceToApi(item),
    einvoice: edoc ? edocSummaryOf(edoc) : null,
    creditNote: note ? { ...toApi(note), lines: undefined, einvoice: edocOf(note.id) } : null,
    debitNotes: debitNotes.map((d) => ({ ...toApi(d), chargeIds: undefined, einvoice: edocOf(d.id) })),
  };
}

export async function listInvoices(tenantId: string, q: ListInvoicesQuery) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (q.q) {
    parts.push('contains(#search, :q)');
    names['#search'] = 'searchText';
    values[':q'] = q.q.toLowerCase();
  }
  const statusOnly =
    q.status && q.status !== 'open' && q.status !== 'overdue' ? (q.status as InvoiceStatus) : undefined;
  if (q.status === 'open' || q.status === 'overdue') {
    parts.push('#status IN (:s1, :s2)');
    names['#status'] = 'status';
    values[':s1'] = 'issued';
    values[':s2'] = 'partially_paid';
    if (q.status === 'overdue') {
      parts.push('#due < :today');
      names['#due'] = 'dueDate';
      values[':today'] = await companyToday(tenantId);
    }
  }
  // Dates filter the issue date (drafts, without one, are left out of a date range).
  const dateFilter = () => {
    if (q.from) {
      parts.push('#issue >= :from');
      names['#issue'] = 'issueDate';
      values[':from'] = q.from;
    }
    if (q.to) {
      parts.push('#issue <= :to');
      names['#issue'] = 'issueDate';
      values[':to'] = q.to;
    }
  };
  let page: Page<InvoiceItem>;
  const signature = [q.status, q.customerId, q.rentalId, q.q, q.from, q.to];
  if (q.rentalId) {
    const pointers = await queryPage<{ invoiceId: string }>({
      tenantId,
      pk: rentalInvoicePk(tenantId, q.rentalId),
      limit: q.limit,
      cursor: q.cursor,
      forward: false,
      signature,
    });
    const found = (await batchGet(pointers.items.map((p) => invoiceKey(tenantId, p.invoiceId)))).filter(
      Boolean,
    ) as InvoiceItem[];
    page = { items: found.filter((i) => !statusOnly || i.status === statusOnly), nextCursor: pointers.nextCursor };
  } else if (q.customerId) {
    if (statusOnly) {
      parts.push('#status = :st');
      names['#status'] = 'status';
      values[':st'] = statusOnly;
    }
    dateFilter();
    page = await queryPage<InvoiceItem>({
      tenantId,
      pk: customerInvoicesPk(tenantId, q.customerId),
      index: 'gsi1',
      limit: q.limit,
      cursor: q.cursor,
      forward: false,
      signature,
      filter: parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
    });
  } else if (statusOnly) {
    page = await queryPage<InvoiceItem>({
      tenantId,
      pk: statusPk(tenantId, statusOnly),
      index: 'gsi2',
      limit: q.limit,
      cursor: q.cursor,
      forward: false,
      signature,
      skBetween: q.from || q.to ? [q.from ?? '0000', `${q.to ?? '9999'}#~`] : undefined,
      filter: parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
    });
  } else {
    dateFilter();
    page = await queryPage<InvoiceItem>({
      tenantId,
      pk: invoicePk(tenantId),
      limit: q.limit,
      cursor: q.cursor,
      forward: false,
      signature,
      filter: parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
    });
  }
  const items = page.items.map((i) => invoiceToApi(i));
  const live = page.items.filter((i) => i.status !== 'void' && i.status !== 'draft');
  const sum = (f: (i: InvoiceItem) => number) => fromMinor(live.reduce((s, i) => s + f(i), 0));
  return {
    items,
    nextCursor: page.nextCursor,
    totals: {
      count: items.length,
      total: sum((i) => i.totalMinor),
      amountPaid: sum((i) => i.amountPaidMinor),
      balance: sum((i) => i.balanceMinor),
    },
  };
}

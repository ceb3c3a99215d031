import { fromMinor } from '../../shared/money';
import type { InvoiceLine } from '../../shared/invoices/totals';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { toEntity, type Item } from '../lib/data/repo';
import type { TaxAddress } from '../../shared/schemas/settings/company';

/**
 * Invoices data layout (single table):
 *
 * - Invoice: pk `T#{t}#INVOICE`, sk `{id}` (ULID: the base partition read backwards lists newest
 *   first). gsi1 = the customer's invoices (`T#{t}#CUSTOMER_INVOICES#{customerId}`,
 *   `{issueDate|~}#{id}`: issued ones oldest first, drafts last — the allocation order PAY uses);
 *   gsi2 = invoices by status (`T#{t}#INVOICE_STATUS#{status}`, `{issueDate|createdDate}#{id}`).
 * - Rental pointer: pk `T#{t}#RENTAL_INVOICE#{rentalId}`, sk `{invoiceId}`: the invoices of one
 *   rental (rental page), read with one Query plus a batch get of the invoices.
 * - Invoiced-charge markers are the rentals domain's (rentals/invoiced-charges.ts): written by
 *   issue.ts and deleted by credit-note.ts in their transactions, through rentals/api.ts.
 * - Credit note: pk `T#{t}#CREDIT_NOTE`, sk `{id}`, references its invoice.
 * - Debit note: pk `T#{t}#DEBIT_NOTE#{invoiceId}`, sk `{id}`, references its invoice (issue 29).
 * - Counters (lib/data/counters, gap-free `reservationFrom`): `INVOICE` (INV-), `CREDIT_NOTE` (CN-),
 *   `DEBIT_NOTE` (DN-).
 *
 * Money is stored in integer minor units in `…Minor` fields; the API shows decimals (toApi).
 */
export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'INVOICE', id);
export const invoicePk = (tenantId: string) => tenantPk(tenantId, 'INVOICE');
export const creditNoteKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'CREDIT_NOTE', id);
export const rentalInvoicePk = (tenantId: string, rentalId: string) => tenantPk(tenantId, 'RENTAL_INVOICE', rentalId);
export const rentalInvoiceKey = (tenantId: string, rentalId: string, invoiceId: string): Key => ({
  pk: rentalInvoicePk(tenantId, rentalId),
  sk: invoiceId,
});
export const customerInvoicesPk = (tenantId: string, customerId: string) =>
  tenantPk(tenantId, 'CUSTOMER_INVOICES', customerId);
export const statusPk = (tenantId: string, status: InvoiceStatus) => tenantPk(tenantId, 'INVOICE_STATUS', status);

/** A stored invoice line: the line the shared maths made (shared/invoices/totals.ts), kept as it was issued. */
export type InvoiceLineItem = InvoiceLine;

export interface Party {
  name: string;
  nameArabic?: string | null;
  address?: string | null;
  vatNumber?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface InvoiceItem extends Item {
  entityType: 'INVOICE';
  id: string;
  tenantId: string;
  number: string | null;
  status: InvoiceStatus;
  rentalId: string;
  rentalReference: string;
  customerId: string;
  customerName: string;
  customer: Party;
  /** The buyer's structured (national) address for e-invoices (issue 29); a standard Saudi invoice needs it. */
  buyerAddress?: TaxAddress | null;
  seller: Party;
  region: string;
  currency: string;
  /** The company's time zone when drafted: its calendar decides "overdue" without a settings read. */
  timezone?: string;
  /** 'rental' (the whole rental) or 'period' (one billing period of a long rental). */
  scope: 'rental' | 'period';
  periodStart: string | null;
  periodEnd: string | null;
  supplyDate: string | null;
  issueDate: string | null;
  dueDate: string | null;
  issuedAt: string | null;
  lines: InvoiceLineItem[];
  /** Rental ledger charges this invoice carries (its lines' and the folded tax charges). */
  chargeIds: string[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  amountPaidMinor: number;
  balanceMinor: number;
  notes: string;
  language: 'en' | 'ar';
  creditNoteId: string | null;
  creditNoteNumber: string | null;
  /** The e-document's UUID (issue 29), when the invoice has one: its notes reference it (JoFotara). */
  einvoiceUuid?: string | null;
  /** S3 key of the issued PDF (immutable once written: `…/invoices/{id}/v{n}-{number}.pdf`). */
  pdfKey: string | null;
  pdfVersion: number;
  emailedAt?: string | null;
  emailedTo?: string | null;
  searchText: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

export interface CreditNoteItem extends Item {
  entityType: 'CREDIT_NOTE';
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  rentalId: string;
  customerId: string;
  reason: string;
  lines: InvoiceLineItem[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  issueDate: string;
  issuedAt: string;
  pdfKey: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A debit note (issue 29): further charges on an issued invoice's rental, its own gap-free DN- number referencing the
 * invoice. pk `T#{t}#DEBIT_NOTE#{invoiceId}`, sk `{id}` (ULID): the invoice's debit notes in one Query, oldest first.
 */
export interface DebitNoteItem extends Item {
  entityType: 'DEBIT_NOTE';
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  rentalId: string;
  customerId: string;
  reason: string;
  lines: InvoiceLineItem[];
  /** The rental ledger charges it carries (marked invoiced with it). */
  chargeIds: string[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  issueDate: string;
  issuedAt: string;
  pdfKey: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export const debitNotesPk = (tenantId: string, invoiceId: string) => tenantPk(tenantId, 'DEBIT_NOTE', invoiceId);
export const debitNoteKey = (tenantId: string, invoiceId: string, id: string): Key => ({
  pk: debitNotesPk(tenantId, invoiceId),
  sk: id,
});

const sortDate = (inv: Pick<InvoiceItem, 'issueDate' | 'createdAt'>) => inv.issueDate ?? inv.createdAt.slice(0, 10);

/** Index attributes of an invoice, recomputed on every write that moves its status or dates. */
export function invoiceIndexes(
  tenantId: string,
  inv: Pick<InvoiceItem, 'id' | 'customerId' | 'status' | 'issueDate' | 'createdAt'>,
) {
  return {
    gsi1pk: customerInvoicesPk(tenantId, inv.customerId),
    gsi1sk: sortKey(inv.issueDate ?? '~', inv.id),
    gsi2pk: statusPk(tenantId, inv.status),
    gsi2sk: sortKey(sortDate(inv), inv.id),
  };
}

export function searchTextOf(
  inv: Pick<InvoiceItem, 'number' | 'customerName' | 'rentalReference' | 'customer'>,
): string {
  return [inv.number ?? '', inv.customerName, inv.customer?.nameArabic ?? '', inv.rentalReference]
    .join(' ')
    .toLowerCase();
}

const minorToApi = (out: Record<string, unknown>, k: string, v: unknown) => {
  if (k.endsWith('Minor') && typeof v === 'number') out[k.slice(0, -5)] = fromMinor(v);
  else out[k] = v;
};

/**
 * A line in the API: quantity, unitPrice (net of VAT), vatRate (percent), vatAmount (the fixed
 * names, issue 26), net and total in decimals; `vatRatePercent` and `vat` stay as older aliases.
 * The figures are the stored ones (rounding rule in shared/invoices/totals.ts): never recomputed.
 */
function linesToApi(lines: readonly InvoiceLineItem[]) {
  return lines.map((l) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(l)) minorToApi(out, k, v);
    out.vatRate = l.vatRatePercent;
    out.vatAmount = fromMinor(l.vatMinor);
    return out;
  });
}

/** API shape: internal keys dropped, `xMinor` → `x` in decimals, the PDF key hidden. */
export function toApi(item: InvoiceItem | CreditNoteItem | DebitNoteItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(toEntity<Record<string, unknown>>(item) ?? {})) {
    if (k === 'searchText' || k === 'tenantId' || k === 'pdfKey' || k === 'timezone') continue;
    if (k === 'lines') out.lines = linesToApi(v as InvoiceLineItem[]);
    else minorToApi(out, k, v);
  }
  out.hasPdf = !!item.pdfKey;
  return out;
}

export const isOpen = (s: InvoiceStatus) => s === 'issued' || s === 'partially_paid';

/** The status an invoice has once `amountPaidMinor` of its total is paid. */
export function statusAfterPayment(totalMinor: number, amountPaidMinor: number): InvoiceStatus {
  if (amountPaidMinor >= totalMinor) return 'paid';
  return amountPaidMinor > 0 ? 'partially_paid' : 'issued';
}

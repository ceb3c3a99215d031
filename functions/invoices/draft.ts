import { ulid } from 'ulid';
import { calendarDateInZone } from '../../shared/regions';
import {
  foldedTaxChargeIds,
  invoiceLines,
  invoiceTotals,
  isInvoiceableCharge,
  rentalUnitRates,
  type ChargeEntry,
  type InvoiceContext,
} from '../../shared/invoices/totals';
import { addDays } from '../../shared/calendar';
import type { CreateInvoiceBody, UpdateInvoiceBody } from '../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { auditItem } from '../lib/data/audit';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { conflict, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  billingPeriodPreview,
  getRentalItem,
  invoicedChargesOf,
  readCustomer,
  readInvoiceSettings,
  readLedger,
  type InvoiceSettings,
  type LedgerItem,
  type RentalItem,
} from './deps';
import { describeLedgerLabel } from '../../shared/rentals/ledger-text';
import {
  invoiceIndexes,
  invoiceKey,
  rentalInvoiceKey,
  searchTextOf,
  type InvoiceItem,
  type InvoiceLineItem,
} from './model';

/**
 * Drafting an invoice from a rental (issue 19), and editing a draft.
 *
 * Which charges: the rental's charges (deposits apart, reversals netted in) not yet on an ISSUED
 * invoice — the whole rental, or, for one billing period of a long rental, those posted up to the
 * period's end (company calendar; charges of earlier periods left uninvoiced are caught up) plus,
 * for an open-ended rental, the rent through the period's end not charged yet: shown on the draft
 * as pending lines and posted to the rental ledger with its journal when the invoice is issued
 * (issue.ts) — never twice, since the return nets pricing entries per line code. Drafts do not
 * reserve charges (two drafts may overlap); issuing does, with a marker per charge (issue.ts).
 */
export const MAX_CHARGES_PER_INVOICE = 80;

/** Charge ids of a rental already on an issued invoice → that invoice's id (the markers are rentals'). */
export async function invoicedChargeIds(tenantId: string, rentalId: string): Promise<Map<string, string>> {
  return new Map([...(await invoicedChargesOf(tenantId, rentalId))].map(([chargeId, m]) => [chargeId, m.invoiceId]));
}

export function invoiceContext(rental: RentalItem, settings: InvoiceSettings): InvoiceContext {
  return {
    rentalId: rental.id,
    taxRatePercent: Number(rental.taxRate ?? 0),
    taxIncluded: rental.taxIncluded === true,
    vatEnabled: settings.enableVat,
    outputVatCode: settings.outputVatCode,
    unitRates: rentalUnitRates(rental),
  };
}

type EntryLike = Pick<LedgerItem, 'id' | 'type' | 'category' | 'amountMinor' | 'reversesId' | 'lineCode' | 'label'> &
  Partial<Pick<LedgerItem, 'descriptionCode' | 'descriptionParams' | 'postedAt'>> & {
    quantity?: number;
    unitAmountMinor?: number;
  };

export const asCharge = (e: EntryLike): ChargeEntry => {
  const described = e.descriptionCode
    ? { code: e.descriptionCode, params: e.descriptionParams }
    : describeLedgerLabel(e.label);
  return {
    id: e.id,
    type: e.type,
    category: e.category,
    amountMinor: e.amountMinor,
    reversesId: e.reversesId,
    lineCode: e.lineCode,
    label: e.label,
    descriptionCode: described.code ?? null,
    descriptionParams: described.params,
    postedAt: e.postedAt,
    ...(e.quantity && e.unitAmountMinor ? { quantity: e.quantity, unitAmountMinor: e.unitAmountMinor } : {}),
  };
};

/** Ids of the charges a period draft would post when issued (not on the ledger yet). */
export const PENDING_PREFIX = 'pending-';

/** Lines, totals and the charge ids (tax charges folded in) of `charges` as the ledger holds them now. */
export function figuresFor(charges: readonly EntryLike[], ledger: readonly EntryLike[], ctx: InvoiceContext) {
  const chosen = charges.map(asCharge);
  const lines: InvoiceLineItem[] = invoiceLines(chosen, ledger.map(asCharge), ctx);
  const onLines = new Set(lines.map((l) => l.chargeId));
  const chargeIds = [
    ...new Set([...lines.map((l) => l.chargeId), ...foldedTaxChargeIds(chosen).filter(() => onLines.size > 0)]),
  ];
  return { lines, chargeIds, ...invoiceTotals(lines) };
}

/** `fixedId`: the invoicing job's id per (rental, period), so two runs cannot draft a period twice (issue 10). */
export async function createDraft(actor: Actor, body: CreateInvoiceBody, fixedId?: string): Promise<InvoiceItem> {
  const { tenantId } = actor;
  const rental = await getRentalItem(tenantId, body.rentalId);
  if (!rental) throw notFound('Rental not found');
  const [settings, ledger, invoiced, customer] = await Promise.all([
    readInvoiceSettings(tenantId),
    readLedger(tenantId, rental.id),
    invoicedChargeIds(tenantId, rental.id),
    readCustomer(tenantId, rental.customerId),
  ]);
  const inPeriod = (e: LedgerItem) => {
    if (!body.periodStart || !body.periodEnd) return true;
    const day = calendarDateInZone(new Date(e.postedAt), settings.timezone);
    return day <= body.periodEnd;
  };
  const candidates = ledger.filter((e) => isInvoiceableCharge(asCharge(e)) && !invoiced.has(e.id) && inPeriod(e));
  // An open-ended rental billed by period: the period's rent not yet charged (issue 26: quantity ×
  // rate), posted to the rental ledger (and the GL) when the invoice is issued (issue.ts).
  const period =
    body.periodStart && body.periodEnd ? { periodStart: body.periodStart, periodEnd: body.periodEnd } : undefined;
  const pending = period
    ? billingPeriodPreview(rental, period).map((e, i) => ({
        ...e,
        id: `${PENDING_PREFIX}${i}`,
        reversesId: null,
        lineCode: e.lineCode ?? null,
      }))
    : [];
  const figures = figuresFor([...candidates, ...pending], [...ledger, ...pending], invoiceContext(rental, settings));
  if (figures.lines.length === 0)
    throw validationFailed(
      { [body.periodStart ? 'periodStart' : 'rentalId']: INVOICE_MESSAGES.noCharges },
      INVOICE_MESSAGES.noCharges,
    );
  if (figures.chargeIds.length > MAX_CHARGES_PER_INVOICE) {
    throw validationFailed({
      periodStart: `At most ${MAX_CHARGES_PER_INVOICE} charges fit on one invoice: invoice this rental by billing period`,
    });
  }
  const now = new Date().toISOString();
  const id = fixedId ?? ulid();
  const customerName = customer?.fullNameEnglish || String(rental.customerName ?? '');
  const item: InvoiceItem = {
    ...invoiceKey(tenantId, id),
    entityType: 'INVOICE',
    id,
    tenantId,
    number: null,
    status: 'draft',
    rentalId: rental.id,
    rentalReference: rental.referenceNumber,
    customerId: rental.customerId,
    customerName,
    customer: {
      name: customerName,
      nameArabic: customer?.fullNameArabic || null,
      address: customer?.address || null,
      vatNumber: customer?.vatNumber || null,
      email: customer?.email || null,
      phone: customer?.phone || null,
    },
    seller: {
      name: settings.companyName,
      address: settings.address || null,
      vatNumber: settings.vatNumber || null,
      email: settings.email || null,
      phone: settings.phone || null,
    },
    region: settings.region,
    currency: settings.currency,
    timezone: settings.timezone,
    scope: body.periodStart ? 'period' : 'rental',
    periodStart: body.periodStart ?? calendarDateInZone(new Date(rental.startDate), settings.timezone),
    periodEnd:
      body.periodEnd ??
      calendarDateInZone(
        new Date(String(rental.returnDate ?? rental.expectedReturnDate ?? rental.startDate)),
        settings.timezone,
      ),
    supplyDate: null,
    issueDate: null,
    dueDate: null,
    issuedAt: null,
    lines: figures.lines,
    chargeIds: figures.chargeIds,
    subtotalMinor: figures.subtotalMinor,
    vatMinor: figures.vatMinor,
    totalMinor: figures.totalMinor,
    amountPaidMinor: 0,
    balanceMinor: figures.totalMinor,
    notes: '',
    // The customer's preferred language sets the PDF's main side; every PDF is bilingual anyway.
    // (customers store 'arabic' / 'english', shared/schemas/customers.ts PREFERRED_LANGUAGES; 'ar' / 'en' accepted
    // too.)
    language: ['ar', 'arabic'].includes(String(customer?.preferredLanguage))
      ? 'ar'
      : ['en', 'english'].includes(String(customer?.preferredLanguage))
        ? 'en'
        : settings.language,
    creditNoteId: null,
    creditNoteNumber: null,
    pdfKey: null,
    pdfVersion: 0,
    searchText: '',
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.userId,
  };
  item.searchText = searchTextOf(item);
  Object.assign(item, invoiceIndexes(tenantId, item));
  const items: TransactItem[] = [
    tx.putNew(item),
    tx.put({ ...rentalInvoiceKey(tenantId, rental.id, id), entityType: 'RENTAL_INVOICE', invoiceId: id }),
    tx.putNew(
      auditItem(actor, 'invoice.draft', 'invoice', id, {
        after: { rental: rental.referenceNumber, total: item.totalMinor / 100 },
      }),
    ),
  ];
  await transact(items);
  return item;
}

export async function readInvoiceItem(tenantId: string, id: string): Promise<InvoiceItem> {
  const item = (await getItem(invoiceKey(tenantId, id), true)) as InvoiceItem | undefined;
  if (!item) throw notFound('Invoice not found');
  return item;
}

/** A locked (issued) invoice answers 409 INVOICE_LOCKED: corrections are credit notes. */
export function assertDraft(item: InvoiceItem): void {
  if (item.status !== 'draft') throw conflict(INVOICE_MESSAGES.locked, undefined, 'INVOICE_LOCKED');
}

export async function updateDraft(actor: Actor, id: string, body: UpdateInvoiceBody): Promise<InvoiceItem> {
  const item = await readInvoiceItem(actor.tenantId, id);
  assertDraft(item);
  if (body.version !== undefined && body.version !== item.version)
    throw conflict('This invoice was changed by someone else. Reload it.', undefined, 'VERSION_CONFLICT');
  const changes: Record<string, unknown> = {};
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.language !== undefined) changes.language = body.language;
  if (body.customerVatNumber !== undefined)
    changes.customer = { ...item.customer, vatNumber: body.customerVatNumber || null };
  if (body.buyerAddress !== undefined) changes.buyerAddress = body.buyerAddress;
  const now = new Date().toISOString();
  await transact([
    tx.update(invoiceKey(actor.tenantId, id), item.version, changes, now),
    tx.putNew(auditItem(actor, 'invoice.update', 'invoice', id, { after: Object.keys(changes) })),
  ]);
  return { ...item, ...changes, version: item.version + 1, updatedAt: now } as InvoiceItem;
}

/** Due date of an invoice issued on `issueDate`: the draft's own, else issue date + payment terms. */
export const dueDateOf = (
  item: Pick<InvoiceItem, 'dueDate'>,
  issueDate: string,
  settings: Pick<InvoiceSettings, 'paymentTermsDays'>,
) => (item.dueDate && item.dueDate >= issueDate ? item.dueDate : addDays(issueDate, settings.paymentTermsDays));

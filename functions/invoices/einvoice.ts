import { randomUUID } from 'node:crypto';
import type {
  EInvoiceAddress,
  EInvoiceCountry,
  EInvoiceDocument,
  EInvoiceLine,
} from '../../shared/einvoicing/document';
import type { TaxAddress } from '../../shared/schemas/settings/company';
import { calendarDateInZone } from '../../shared/regions';
import type { InvoiceItem, InvoiceLineItem } from './model';

/**
 * The neutral e-invoice document (shared/einvoicing/document.ts) of what the invoices domain issues (issue 29):
 * an invoice, its credit note, a debit note. The figures are the stored ones (shared/invoices/totals.ts), never
 * recomputed: lines, nets, VAT per line, totals, all in the stored minor units.
 *
 * Decisions (the spec is silent):
 * - VAT category: a line with a VAT rate is S (standard) at its own rate; a line without (traffic fines and
 *   untaxed tolls recharged at cost, which the posting rules keep out of VAT) is O, outside the scope of VAT,
 *   with ZATCA's code VATEX-SA-OOS and the reason printed.
 * - Unit codes: rental days DAY, extra kilometres KMT, anything else one item (C62).
 * - Prepaid (BT-113) = the amount paid on the invoice when issued (the Saudi builder writes 0 as ZATCA wants).
 * - Payment means: 10 (cash) when paid in full at issue, else 30 (credit transfer, the receivable's usual way).
 * - The buyer: the customer as on the invoice, with its VAT number (which makes a Saudi invoice `standard`) and
 *   the structured national address the draft carries (`buyerAddress`, needed by a standard Saudi invoice).
 */
const UNIT_CODE: Partial<Record<string, string>> = {
  base_rental: 'DAY',
  pre_rental: 'DAY',
  insurance: 'DAY',
  late_fees: 'DAY',
  extra_km: 'KMT',
};

const OUT_OF_SCOPE_REASON = 'Outside the scope of VAT: recharged at cost';

export function eInvoiceLines(lines: readonly InvoiceLineItem[]): EInvoiceLine[] {
  return lines.map((l, i) => {
    const standard = l.vatRatePercent > 0;
    return {
      id: String(i + 1),
      name: l.description || l.category,
      quantity: l.quantity,
      unitCode: UNIT_CODE[l.category] ?? 'C62',
      unitPriceMinor: l.unitPriceMinor,
      netMinor: l.netMinor,
      vatCategory: standard ? 'S' : 'O',
      vatRatePercent: standard ? l.vatRatePercent : 0,
      vatMinor: l.vatMinor,
      ...(standard ? {} : { exemptionReason: OUT_OF_SCOPE_REASON, exemptionReasonCode: 'VATEX-SA-OOS' }),
    };
  });
}

/** The buyer's structured address (the draft's `buyerAddress`), null when no part is set. */
export function buyerAddressOf(a: TaxAddress | null | undefined, country: string): EInvoiceAddress | null {
  if (!a || !Object.values(a).some(Boolean)) return null;
  return {
    street: a.street,
    buildingNumber: a.buildingNumber || null,
    additionalNumber: a.additionalNumber || null,
    district: a.district || null,
    city: a.city,
    postalCode: a.postalCode || null,
    emirate: a.emirate || null,
    countryCode: country as EInvoiceCountry,
  };
}

/** HH:MM:SS of an instant on the company's clock. */
export function clockTimeInZone(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(instant));
}

/** What e-invoicing's eDocumentItems takes (einvoicing/issue.ts EDocumentInput; structural: tx.ts reaches it). */
export interface EDocumentInput {
  documentId: string;
  invoiceId: string;
  issuedAt: string;
  document: Omit<EInvoiceDocument, 'seller' | 'profile'>;
}

export interface EDocumentOf {
  kind: EInvoiceDocument['kind'];
  /** EDOC id (the invoice's own id, the credit or debit note's id). */
  documentId: string;
  number: string;
  issuedAt: string;
  timezone: string;
  lines: readonly InvoiceLineItem[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  prepaidMinor: number;
  /** Notes: the invoice they correct or add to, and why. */
  corrects?: { invoice: InvoiceItem; reason: string };
}

/** The EDocumentInput the einvoicing api takes, for `invoice` (or a note on it). */
export function eDocumentInput(invoice: InvoiceItem, d: EDocumentOf): EDocumentInput {
  const country = invoice.region as EInvoiceCountry;
  const ref = d.corrects?.invoice;
  return {
    documentId: d.documentId,
    invoiceId: invoice.id,
    issuedAt: d.issuedAt,
    document: {
      kind: d.kind,
      uuid: randomUUID(),
      number: d.number,
      issueDate: calendarDateInZone(d.issuedAt, d.timezone),
      issueTime: clockTimeInZone(d.issuedAt, d.timezone),
      supplyDate: invoice.supplyDate,
      supplyEndDate: null,
      currency: invoice.currency,
      buyer: {
        name: invoice.customer.name,
        nameArabic: invoice.customer.nameArabic ?? null,
        vatNumber: invoice.customer.vatNumber || null,
        address: buyerAddressOf(invoice.buyerAddress, country),
        email: invoice.customer.email ?? null,
        phone: invoice.customer.phone ?? null,
      },
      lines: eInvoiceLines(d.lines),
      subtotalMinor: d.subtotalMinor,
      vatMinor: d.vatMinor,
      totalMinor: d.totalMinor,
      prepaidMinor: d.prepaidMinor,
      payableMinor: d.totalMinor - d.prepaidMinor,
      billingReference: ref
        ? {
            number: ref.number ?? '',
            issueDate: ref.issueDate ?? '',
            uuid: ref.einvoiceUuid ?? null,
            totalMinor: ref.totalMinor,
          }
        : null,
      reason: d.corrects?.reason ?? null,
      paymentMeansCode: d.prepaidMinor >= d.totalMinor ? '10' : '30',
      note: null,
    },
  };
}

import { minorToDecimalString } from '../../money';
import type { EInvoiceAddress, EInvoiceDocument, EInvoiceLine, EInvoiceParty, VatCategory } from '../document';

/**
 * The UBL 2.1 document ZATCA phase 2 takes (its "XML implementation standard" and the SDK's samples
 * in infra/local/zatca/sdk/Samples), for the four Saudi tax documents: invoice 388, credit note 381,
 * debit note 383 — all three under the Invoice root, as ZATCA requires — each standard (B2B, cleared)
 * or simplified (B2C, reported).
 *
 * The output is the UNSIGNED document: no ext:UBLExtensions, no QR AdditionalDocumentReference and
 * no cac:Signature. stamp.ts inserts those three at fixed points (right after the root's start
 * tag, and right after the PIH reference) without adding whitespace, so the stamped document's
 * invoice hash (hash.ts: the document with exactly those three removed) is the hash of this text.
 *
 * Field mappings a rental company makes (the spec is silent on them):
 * - Seller name (BT-27) is the Arabic legal name when the company has one (a Saudi tax invoice is
 *   issued in Arabic), else its name; the same text is QR tag 1.
 * - The seller's other id (BT-29) is its commercial registration: `seller.otherId`, scheme CRN.
 * - Supply date (KSA-5, BT-72 ActualDeliveryDate) is the rental's return date (`supplyDate`); a
 *   standard document must carry one (BR-KSA-15), so it falls back to the issue date. `supplyEndDate`
 *   (KSA-24) is written when the document covers a period (a billing period of a long rental).
 * - Prepaid amount (BT-113) is 0.00 and payable = total with VAT: ZATCA accepts a prepaid amount only
 *   with references to prepayment invoices (type 386, BR-KSA-73/80), and Sayyara issues none — a
 *   booking payment is a payment on account settled against the invoice, shown on the PDF.
 * - Credit and debit notes: the corrected invoice's number in BillingReference (BR-KSA-56) and the
 *   reason in PaymentMeans/InstructionNote (KSA-10, BR-KSA-17).
 * - The document currency must be SAR: a Saudi company invoices in riyals, and a foreign-currency
 *   document would need an exchange rate this document does not carry (a second TaxTotal in SAR).
 * - Quantities are written as given (days, km); a line's net is the issued net, never recomputed.
 */

export const KSA_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

/** UNCL1001 document type codes ZATCA uses. */
export const KSA_TYPE_CODE = { invoice: '388', credit: '381', debit: '383' } as const;

/**
 * KSA-2, the 7-character invoice transaction code "NNPNESB": NN 01 standard / 02 simplified, then
 * one flag each for third party, nominal supply, export, summary and self-billed — none of which a
 * car-rental company's own invoices are, so all five are 0.
 */
export const ksaSubtype = (profile: EInvoiceDocument['profile']): string =>
  profile === 'standard' ? '0100000' : '0200000';

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Indented element writer: `el(depth, 'cbc:ID', text, attrs)` or with children lines. */
const pad = (depth: number) => '    '.repeat(depth);
function leaf(depth: number, name: string, text: string, attrs: Record<string, string> = {}): string {
  const at = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return `${pad(depth)}<${name}${at}>${escapeXml(text)}</${name}>`;
}
function node(depth: number, name: string, children: (string | null | false | undefined)[]): string {
  const inner = children.filter((c): c is string => Boolean(c));
  return [`${pad(depth)}<${name}>`, ...inner, `${pad(depth)}</${name}>`].join('\n');
}

const SAR = { currencyID: 'SAR' };
const money = (depth: number, name: string, minor: number) => leaf(depth, name, minorToDecimalString(minor), SAR);
const percent = (rate: number) => rate.toFixed(2);
// Six decimals as the SDK samples write them (33.000000), which also hides float noise (0.1 + 0.2).
const quantity = (q: number) => q.toFixed(6);

function address(depth: number, a: EInvoiceAddress | null, fallbackCountry: string): string {
  const d = depth + 1;
  if (!a)
    return node(depth, 'cac:PostalAddress', [
      node(d, 'cac:Country', [leaf(d + 1, 'cbc:IdentificationCode', fallbackCountry)]),
    ]);
  return node(depth, 'cac:PostalAddress', [
    leaf(d, 'cbc:StreetName', a.street),
    a.buildingNumber && leaf(d, 'cbc:BuildingNumber', a.buildingNumber),
    a.additionalNumber && leaf(d, 'cbc:PlotIdentification', a.additionalNumber),
    a.district && leaf(d, 'cbc:CitySubdivisionName', a.district),
    leaf(d, 'cbc:CityName', a.city),
    a.postalCode && leaf(d, 'cbc:PostalZone', a.postalCode),
    node(d, 'cac:Country', [leaf(d + 1, 'cbc:IdentificationCode', a.countryCode)]),
  ]);
}

/** The party's legal name as written in the XML (and QR tag 1 for the seller). */
export const ksaPartyName = (p: EInvoiceParty): string => (p.nameArabic?.trim() || p.name).trim();

function party(depth: number, role: 'seller' | 'buyer', p: EInvoiceParty, fallbackCountry: string): string {
  const d = depth + 1;
  const name = ksaPartyName(p);
  return node(depth, 'cac:Party', [
    p.otherId &&
      node(d, 'cac:PartyIdentification', [leaf(d + 1, 'cbc:ID', p.otherId.value, { schemeID: p.otherId.scheme })]),
    address(d, p.address, fallbackCountry),
    node(d, 'cac:PartyTaxScheme', [
      p.vatNumber && leaf(d + 1, 'cbc:CompanyID', p.vatNumber),
      node(d + 1, 'cac:TaxScheme', [leaf(d + 2, 'cbc:ID', 'VAT')]),
    ]),
    // A simplified buyer may be anonymous (a walk-in renter): the legal entity is then left out.
    (role === 'seller' || name) && node(d, 'cac:PartyLegalEntity', [leaf(d + 1, 'cbc:RegistrationName', name)]),
  ]);
}

function taxCategory(
  depth: number,
  name: string,
  c: { category: VatCategory; rate: number; code?: string | null; reason?: string | null },
  schemes: boolean,
): string {
  const d = depth + 1;
  const exempt = c.category !== 'S';
  return node(depth, name, [
    leaf(d, 'cbc:ID', c.category, schemes ? { schemeID: 'UN/ECE 5305', schemeAgencyID: '6' } : {}),
    leaf(d, 'cbc:Percent', percent(c.rate)),
    exempt && c.code && leaf(d, 'cbc:TaxExemptionReasonCode', c.code),
    exempt && c.reason && leaf(d, 'cbc:TaxExemptionReason', c.reason),
    node(d, 'cac:TaxScheme', [
      leaf(d + 1, 'cbc:ID', 'VAT', schemes ? { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' } : {}),
    ]),
  ]);
}

interface Breakdown {
  category: VatCategory;
  rate: number;
  code: string | null;
  reason: string | null;
  taxableMinor: number;
  vatMinor: number;
}

/** VAT breakdown (BG-23): one subtotal per category and rate, in the order lines first use them. */
export function ksaVatBreakdown(lines: EInvoiceLine[]): Breakdown[] {
  const groups = new Map<string, Breakdown>();
  for (const l of lines) {
    const key = `${l.vatCategory}|${l.vatRatePercent}`;
    const g = groups.get(key) ?? {
      category: l.vatCategory,
      rate: l.vatRatePercent,
      code: l.exemptionReasonCode ?? null,
      reason: l.exemptionReason ?? null,
      taxableMinor: 0,
      vatMinor: 0,
    };
    g.taxableMinor += l.netMinor;
    g.vatMinor += l.vatMinor;
    groups.set(key, g);
  }
  return [...groups.values()];
}

function check(doc: EInvoiceDocument): void {
  const fail = (what: string) => {
    throw new Error(`ZATCA document ${doc.number}: ${what}`);
  };
  if (doc.currency !== 'SAR') fail(`currency ${doc.currency}; Saudi e-invoices are built in SAR`);
  if (doc.lines.length === 0) fail('no lines');
  const net = doc.lines.reduce((s, l) => s + l.netMinor, 0);
  const vat = doc.lines.reduce((s, l) => s + l.vatMinor, 0);
  if (net !== doc.subtotalMinor) fail(`lines' net ${net} ≠ subtotal ${doc.subtotalMinor}`);
  if (vat !== doc.vatMinor) fail(`lines' VAT ${vat} ≠ VAT ${doc.vatMinor}`);
  if (net + vat !== doc.totalMinor) fail(`subtotal + VAT ≠ total ${doc.totalMinor}`);
  if (doc.kind !== 'invoice' && (!doc.billingReference || !doc.reason))
    fail('a note needs the invoice it corrects and a reason');
  if (!doc.seller.vatNumber) fail("the seller's VAT number is missing");
}

/**
 * The unsigned UBL document for `doc`, carrying the device's chain: `icv` (KSA-16, the invoice
 * counter, 1 for the first document) and `pih` (KSA-13, the previous document's invoice hash,
 * Base64; the first document carries KSA_INITIAL_PIH).
 */
export function buildKsaXml(doc: EInvoiceDocument, chain: { icv: number; pih: string }): string {
  check(doc);
  const standard = doc.profile === 'standard';
  const supplyDate = doc.supplyDate ?? (standard ? doc.issueDate : null);
  const breakdown = ksaVatBreakdown(doc.lines);
  const sellerCountry = doc.seller.address?.countryCode ?? 'SA';
  const body = [
    leaf(1, 'cbc:ProfileID', 'reporting:1.0'),
    leaf(1, 'cbc:ID', doc.number),
    leaf(1, 'cbc:UUID', doc.uuid),
    leaf(1, 'cbc:IssueDate', doc.issueDate),
    leaf(1, 'cbc:IssueTime', doc.issueTime),
    leaf(1, 'cbc:InvoiceTypeCode', KSA_TYPE_CODE[doc.kind], { name: ksaSubtype(doc.profile) }),
    doc.note && leaf(1, 'cbc:Note', doc.note),
    leaf(1, 'cbc:DocumentCurrencyCode', 'SAR'),
    leaf(1, 'cbc:TaxCurrencyCode', 'SAR'),
    doc.billingReference &&
      node(1, 'cac:BillingReference', [
        node(2, 'cac:InvoiceDocumentReference', [
          leaf(3, 'cbc:ID', doc.billingReference.number),
          leaf(3, 'cbc:IssueDate', doc.billingReference.issueDate),
        ]),
      ]),
    node(1, 'cac:AdditionalDocumentReference', [leaf(2, 'cbc:ID', 'ICV'), leaf(2, 'cbc:UUID', String(chain.icv))]),
    node(1, 'cac:AdditionalDocumentReference', [
      leaf(2, 'cbc:ID', 'PIH'),
      node(2, 'cac:Attachment', [leaf(3, 'cbc:EmbeddedDocumentBinaryObject', chain.pih, { mimeCode: 'text/plain' })]),
    ]),
  ];
  const parties = [
    node(1, 'cac:AccountingSupplierParty', [party(2, 'seller', doc.seller, 'SA')]),
    node(1, 'cac:AccountingCustomerParty', [party(2, 'buyer', doc.buyer, sellerCountry)]),
    supplyDate &&
      node(1, 'cac:Delivery', [
        leaf(2, 'cbc:ActualDeliveryDate', supplyDate),
        doc.supplyEndDate && leaf(2, 'cbc:LatestDeliveryDate', doc.supplyEndDate),
      ]),
    node(1, 'cac:PaymentMeans', [
      leaf(2, 'cbc:PaymentMeansCode', doc.paymentMeansCode),
      doc.kind !== 'invoice' && doc.reason && leaf(2, 'cbc:InstructionNote', doc.reason),
    ]),
    // BT-110 in the tax currency (SAR), then BT-110 with the breakdown (BG-23), as the SDK samples.
    node(1, 'cac:TaxTotal', [money(2, 'cbc:TaxAmount', doc.vatMinor)]),
    node(1, 'cac:TaxTotal', [
      money(2, 'cbc:TaxAmount', doc.vatMinor),
      ...breakdown.map((b) =>
        node(2, 'cac:TaxSubtotal', [
          money(3, 'cbc:TaxableAmount', b.taxableMinor),
          money(3, 'cbc:TaxAmount', b.vatMinor),
          taxCategory(3, 'cac:TaxCategory', b, true),
        ]),
      ),
    ]),
    node(1, 'cac:LegalMonetaryTotal', [
      money(2, 'cbc:LineExtensionAmount', doc.subtotalMinor),
      money(2, 'cbc:TaxExclusiveAmount', doc.subtotalMinor),
      money(2, 'cbc:TaxInclusiveAmount', doc.totalMinor),
      money(2, 'cbc:PrepaidAmount', 0),
      money(2, 'cbc:PayableAmount', doc.totalMinor),
    ]),
    ...doc.lines.map((l) =>
      node(1, 'cac:InvoiceLine', [
        leaf(2, 'cbc:ID', l.id),
        leaf(2, 'cbc:InvoicedQuantity', quantity(l.quantity), { unitCode: l.unitCode }),
        money(2, 'cbc:LineExtensionAmount', l.netMinor),
        node(2, 'cac:TaxTotal', [
          money(3, 'cbc:TaxAmount', l.vatMinor),
          money(3, 'cbc:RoundingAmount', l.netMinor + l.vatMinor),
        ]),
        node(2, 'cac:Item', [
          leaf(3, 'cbc:Name', l.name),
          taxCategory(
            3,
            'cac:ClassifiedTaxCategory',
            { category: l.vatCategory, rate: l.vatRatePercent, code: l.exemptionReasonCode, reason: l.exemptionReason },
            false,
          ),
        ]),
        node(2, 'cac:Price', [money(3, 'cbc:PriceAmount', l.unitPriceMinor)]),
      ]),
    ),
  ];
  const open =
    `<Invoice xmlns="${KSA_NS.invoice}" xmlns:cac="${KSA_NS.cac}" xmlns:cbc="${KSA_NS.cbc}"` +
    ` xmlns:ext="${KSA_NS.ext}">`;
  const lines = [...body, ...parties].filter((c): c is string => Boolean(c));
  // The PIH reference is the last line of `body`: stamp.ts inserts the QR and cac:Signature right after it.
  return `<?xml version="1.0" encoding="UTF-8"?>\n${open}\n${lines.join('\n')}\n</Invoice>\n`;
}

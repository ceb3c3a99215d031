/**
 * PINT AE: the UAE's profile of the Peppol International invoice (UBL 2.1), which accredited
 * service providers (ASPs) exchange and report to the FTA from 2027. Built from the neutral
 * `EInvoiceDocument` (document.ts); passes the UBL 2.1 schema and the EN 16931 rules (checked in
 * pint-ae.int.test.ts). What the UAE adds over EN 16931, and how it is written here:
 *
 *  - CustomizationID `urn:peppol:pint:billing-1@ae-1`, ProfileID `urn:peppol:bis:billing`.
 *  - BTAE-02 "invoice transaction type": an 8-flag string in cbc:ProfileExecutionID, positions
 *    [free zone][deemed supply][margin scheme][summary][continuous supply][disclosed agent]
 *    [e-commerce][export]. A car rental is an ordinary supply: `00000000`. A monthly long-term lease
 *    billed by period is a continuous supply (`00001000`): the caller says so (`transactionFlags`).
 *  - BTAE-07 cbc:UUID (the document's UUID) and cbc:IssueTime.
 *  - Document types: 380 tax invoice, 381 tax credit note (a CreditNote document, as PINT's
 *    credit-note syntax is); 480 / 81 when every line is outside the scope of VAT.
 *  - Parties: the TRN (15 digits, starting with 1) in PartyTaxScheme/CompanyID; the Peppol
 *    endpoint `0235` + TIN (the TRN's first 10 digits); the emirate code (AUH, DXB, SHJ, AJM, UAQ,
 *    RAK, FUJ) in CountrySubentity of a UAE address; the trade licence (otherId scheme TL, or EID /
 *    PAS / CD) in PartyLegalEntity/CompanyID with its type in schemeAgencyID.
 *  - VAT per line: ClassifiedTaxCategory (S 5%, Z, E with its reason, O without a rate) and,
 *    BTAE-08/10, the line's VAT and its amount with VAT in cac:ItemPriceExtension.
 *  - Price: base quantity 1 and the gross price (Price/AllowanceCharge/BaseAmount) with a zero
 *    price discount (ibr-126-ae: rental prices carry no per-unit discount).
 *  - Credit notes: the invoice they correct (BillingReference) and BTAE-03, the reason code in
 *    DiscrepancyResponse/ResponseCode (VAT Decree-Law art. 61(1) cases DL8.61.1.A–E, VD volume
 *    discount) with the reason text; no PaymentMeans (ibr-191-ae).
 *  - Totals in AED (the tax currency): documents here are issued in AED, so one TaxTotal; a
 *    document in another currency is refused (the UAE rule wants the VAT in AED beside it, which
 *    needs the exchange rate of the supply date: out of scope until a foreign-currency UAE invoice
 *    exists in the product).
 */
import type { EInvoiceDocument, EInvoiceLine, EInvoiceParty } from './document';
import {
  amount,
  EInvoiceBuildError,
  el,
  formatDecimal,
  leaf,
  party,
  postalAddress,
  rootAttrs,
  serialize,
  taxCategory,
  taxSubtotal,
  totalsProblems,
  vatGroups,
  type XmlNode,
} from './ubl';

export const PINT_AE_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PINT_AE_PROFILE_ID = 'urn:peppol:bis:billing';
/** Peppol electronic address scheme of the UAE (the TIN). */
export const UAE_ENDPOINT_SCHEME = '0235';
export const EMIRATES = ['AUH', 'DXB', 'SHJ', 'AJM', 'UAQ', 'RAK', 'FUJ'] as const;
export const UAE_STANDARD_VAT_PERCENT = 5;
const TRN = /^1[0-9]{14}$/;
/** Legal registration types PINT AE knows (BTAE-15/16): trade licence, Emirates ID, passport, cabinet decision. */
const LEGAL_ID_TYPES = new Set(['TL', 'EID', 'PAS', 'CD']);

export interface PintAeOptions {
  /** BTAE-02, 8 flags of 0/1; default `00000000` (an ordinary supply). */
  transactionFlags?: string;
  /** BT-10 buyer reference, e.g. the rental agreement number the customer quotes. */
  buyerReference?: string | null;
  /**
   * BTAE-03 credit note reason code. Default DL8.61.1.C, "the consideration previously agreed has
   * been altered": what a rental credit note is (an early return, a waived charge, a corrected
   * rate). A cancelled rental is DL8.61.1.A.
   */
  creditReasonCode?: string;
}

/** A party's Peppol endpoint in the UAE (0235 + the TIN, the TRN's first 10 digits); null without a TRN. */
export const uaeEndpointOf = (p: EInvoiceParty): { scheme: string; id: string } | null =>
  p.vatNumber ? { scheme: UAE_ENDPOINT_SCHEME, id: p.vatNumber.slice(0, 10) } : null;

/** A reason that is one of PINT AE's exemption codes (DL8.46.1–4, decree-law article 46) rather than free text. */
const isExemptionCode = (reason: string | null): reason is string => /^DL8\.46\.\d$/.test(reason ?? '');

const trnProblems = (who: string, p: EInvoiceParty, required: boolean): string[] => {
  if (!p.vatNumber) return required ? [`${who} TRN is required`] : [];
  return TRN.test(p.vatNumber) ? [] : [`${who} TRN must be 15 digits starting with 1`];
};

function emirateOf(p: EInvoiceParty): string | null {
  const e = p.address?.emirate?.toUpperCase() ?? null;
  return e && (EMIRATES as readonly string[]).includes(e) ? e : null;
}

function problemsOf(doc: EInvoiceDocument, flags: string): string[] {
  const problems = [...totalsProblems(doc)];
  if (doc.kind === 'debit') problems.push('PINT AE has no debit note: correct an invoice with a new invoice');
  if (doc.currency !== 'AED') problems.push(`the document must be in AED (it is in ${doc.currency})`);
  problems.push(...trnProblems('seller', doc.seller, true), ...trnProblems('buyer', doc.buyer, false));
  if (doc.seller.address?.countryCode !== 'AE') problems.push('seller address must be in the UAE');
  else if (!emirateOf(doc.seller)) problems.push(`seller emirate must be one of ${EMIRATES.join(', ')}`);
  if (doc.buyer.address?.countryCode === 'AE' && doc.buyer.address.emirate && !emirateOf(doc.buyer))
    problems.push(`buyer emirate must be one of ${EMIRATES.join(', ')}`);
  if (!/^[01]{8}$/.test(flags)) problems.push('transaction flags must be 8 digits of 0 or 1');
  if (doc.kind === 'credit' && !doc.billingReference) problems.push('a credit note must name the invoice it corrects');
  for (const l of doc.lines) {
    if (l.vatCategory === 'S' && l.vatRatePercent !== UAE_STANDARD_VAT_PERCENT)
      problems.push(`line ${l.id}: standard rate is ${UAE_STANDARD_VAT_PERCENT}% (not ${l.vatRatePercent}%)`);
    if (l.vatCategory !== 'S' && l.vatMinor !== 0) problems.push(`line ${l.id}: ${l.vatCategory} lines carry no VAT`);
    if ((l.vatCategory === 'E' || l.vatCategory === 'O') && !l.exemptionReason)
      problems.push(`line ${l.id}: an ${l.vatCategory === 'E' ? 'exempt' : 'out-of-scope'} line needs its reason`);
  }
  return problems;
}

function uaeParty(p: EInvoiceParty, fallbackCountry: EInvoiceDocument['seller']['address']): XmlNode {
  const legalType = p.otherId && LEGAL_ID_TYPES.has(p.otherId.scheme.toUpperCase()) ? p.otherId : null;
  // EN 16931 BR-10: a buyer always has a postal address with a country. A walk-in customer
  // without one is written with the country of the supply (the seller's) and nothing else.
  const address = p.address ?? (fallbackCountry ? { ...fallbackCountry, street: '', city: '', emirate: null } : null);
  const endpoint = uaeEndpointOf(p);
  return party({
    endpoint: endpoint ? { scheme: endpoint.scheme, value: endpoint.id } : null,
    partyName: true,
    address: address
      ? postalAddress(address, {
          subentity: address.countryCode === 'AE' ? emirateOf({ ...p, address }) : null,
          countryOnly: !p.address,
        })
      : null,
    taxId: p.vatNumber,
    legalName: p.name,
    legalCompanyId: legalType ? { value: legalType.value, schemeAgencyId: legalType.scheme.toUpperCase() } : null,
    contact: { phone: p.phone, email: p.email },
  });
}

/** A line's VAT category for EN 16931: O has no rate; E and O carry their reason in the breakdown only. */
const lineCategory = (l: EInvoiceLine): XmlNode =>
  taxCategory({
    name: 'cac:ClassifiedTaxCategory',
    id: l.vatCategory,
    percent: l.vatCategory === 'O' ? null : l.vatRatePercent,
  });

function line(doc: EInvoiceDocument, l: EInvoiceLine, credit: boolean): XmlNode {
  const cur = doc.currency;
  return el(
    credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
    null,
    leaf('cbc:ID', l.id),
    leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', formatDecimal(l.quantity, 6), {
      unitCode: l.unitCode,
    }),
    amount('cbc:LineExtensionAmount', l.netMinor, cur),
    el(
      'cac:Item',
      null,
      leaf('cbc:Name', l.name),
      // BTAE-13: goods (G) or services (S); every line of a rental invoice is a service.
      el('cac:CommodityClassification', null, leaf('cbc:CommodityCode', 'S')),
      lineCategory(l),
    ),
    el(
      'cac:Price',
      null,
      amount('cbc:PriceAmount', l.unitPriceMinor, cur),
      leaf('cbc:BaseQuantity', '1', { unitCode: l.unitCode }),
      el(
        'cac:AllowanceCharge',
        null,
        leaf('cbc:ChargeIndicator', 'false'),
        amount('cbc:Amount', 0, cur),
        amount('cbc:BaseAmount', l.unitPriceMinor, cur),
      ),
    ),
    el(
      'cac:ItemPriceExtension',
      null,
      amount('cbc:Amount', l.netMinor + l.vatMinor, cur),
      el('cac:TaxTotal', null, amount('cbc:TaxAmount', l.vatMinor, cur)),
    ),
  );
}

/** The PINT AE UBL document (Invoice 380/480 or CreditNote 381/81) of a UAE tax invoice or credit note. */
export function buildPintAeXml(doc: EInvoiceDocument, options: PintAeOptions = {}): string {
  const flags = options.transactionFlags ?? '00000000';
  const problems = problemsOf(doc, flags);
  if (problems.length) throw new EInvoiceBuildError('PINT AE', problems);
  const credit = doc.kind === 'credit';
  const cur = doc.currency;
  const outOfScope = doc.lines.every((l) => l.vatCategory === 'O');
  const typeCode = credit ? (outOfScope ? '81' : '381') : outOfScope ? '480' : '380';
  const period =
    doc.supplyDate || doc.supplyEndDate
      ? el('cac:InvoicePeriod', null, leaf('cbc:StartDate', doc.supplyDate), leaf('cbc:EndDate', doc.supplyEndDate))
      : null;
  const billingReference = doc.billingReference
    ? el(
        'cac:BillingReference',
        null,
        el(
          'cac:InvoiceDocumentReference',
          null,
          leaf('cbc:ID', doc.billingReference.number),
          leaf('cbc:IssueDate', doc.billingReference.issueDate),
        ),
      )
    : null;
  const breakdown = vatGroups(doc.lines).map((g) =>
    taxSubtotal(
      g.taxableMinor,
      g.taxMinor,
      cur,
      taxCategory({
        id: g.category,
        percent: g.category === 'O' ? null : g.ratePercent,
        // PINT AE's exemption codes (DL8.46.x, decree-law article 46) go in the code; free text otherwise.
        exemptionReasonCode: g.category === 'E' && isExemptionCode(g.exemptionReason) ? g.exemptionReason : null,
        exemptionReason:
          (g.category === 'E' || g.category === 'O') && !isExemptionCode(g.exemptionReason) ? g.exemptionReason : null,
      }),
    ),
  );
  const root = el(
    credit ? 'CreditNote' : 'Invoice',
    rootAttrs(credit ? 'CreditNote' : 'Invoice'),
    leaf('cbc:CustomizationID', PINT_AE_CUSTOMIZATION_ID),
    leaf('cbc:ProfileID', PINT_AE_PROFILE_ID),
    leaf('cbc:ProfileExecutionID', flags),
    leaf('cbc:ID', doc.number),
    leaf('cbc:UUID', doc.uuid),
    leaf('cbc:IssueDate', doc.issueDate),
    leaf('cbc:IssueTime', doc.issueTime),
    leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', typeCode),
    leaf('cbc:Note', doc.note),
    leaf('cbc:DocumentCurrencyCode', cur),
    leaf('cbc:BuyerReference', options.buyerReference),
    period,
    credit
      ? el(
          'cac:DiscrepancyResponse',
          null,
          leaf('cbc:ResponseCode', options.creditReasonCode ?? 'DL8.61.1.C'),
          leaf('cbc:Description', doc.reason),
        )
      : null,
    billingReference,
    el('cac:AccountingSupplierParty', null, uaeParty(doc.seller, null)),
    el('cac:AccountingCustomerParty', null, uaeParty(doc.buyer, doc.seller.address)),
    credit ? null : el('cac:PaymentMeans', null, leaf('cbc:PaymentMeansCode', doc.paymentMeansCode)),
    el('cac:TaxTotal', null, amount('cbc:TaxAmount', doc.vatMinor, cur), ...breakdown),
    el(
      'cac:LegalMonetaryTotal',
      null,
      amount('cbc:LineExtensionAmount', doc.subtotalMinor, cur),
      amount('cbc:TaxExclusiveAmount', doc.subtotalMinor, cur),
      amount('cbc:TaxInclusiveAmount', doc.totalMinor, cur),
      doc.prepaidMinor ? amount('cbc:PrepaidAmount', doc.prepaidMinor, cur) : null,
      amount('cbc:PayableAmount', doc.payableMinor, cur),
    ),
    ...doc.lines.map((l) => line(doc, l, credit)),
  );
  return serialize(root);
}

/**
 * Generic UBL 2.1 writing helpers shared by the e-invoicing profiles (PINT AE, JoFotara; ZATCA can
 * use them too): a tiny element tree serialised with stable two-space indentation, money written
 * with the decimals of its currency, parties, VAT categories and the VAT breakdown grouped from
 * the document's lines. Pure (tier 0): no Node-only API, no I/O.
 *
 * Money: an `EInvoiceDocument` carries integer minor units OF ITS CURRENCY (document.ts): cents
 * for AED/SAR/USD, fils (thousandths) for JOD. `formatMinor` writes them with that currency's
 * decimals. (shared/money.ts keeps every currency in hundredths inside the app; whoever fills a
 * JOD document multiplies by 10 — `MINOR_DECIMALS` says how many digits the document expects.)
 */
import type { EInvoiceAddress, EInvoiceDocument, EInvoiceLine, VatCategory } from './document';

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

/** ISO 4217 minor digits of the currencies the product invoices in (and their Gulf neighbours). */
export const MINOR_DECIMALS: Record<string, number> = {
  AED: 2,
  SAR: 2,
  USD: 2,
  EUR: 2,
  QAR: 2,
  JOD: 3,
  KWD: 3,
  BHD: 3,
  OMR: 3,
};

export const currencyDecimals = (currency: string): number => MINOR_DECIMALS[currency] ?? 2;

/** Integer minor units → the decimal string UBL expects ("1234.50", "-0.125"), exact (no float). */
export function formatMinor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
  const places = currencyDecimals(currency);
  const digits = Math.abs(minor)
    .toString()
    .padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${minor < 0 ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/** A plain decimal (quantity, rate) without exponent and without trailing float noise. */
export function formatDecimal(value: number, maxPlaces = 6, minPlaces = 0): string {
  const fixed = value.toFixed(maxPlaces);
  let [whole, fraction = ''] = fixed.split('.');
  fraction = fraction.replace(/0+$/, '').padEnd(minPlaces, '0');
  if (whole === '-0') whole = '0';
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A VAT rate as UBL writes it (two decimals: "5.00", "16.00", "0.00"). */
export const formatPercent = (percent: number): string => formatDecimal(percent, 2, 2);

export const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** One XML element: text content or children (never both); null/undefined/false children are skipped. */
export interface XmlNode {
  name: string;
  attrs?: Record<string, string | null | undefined>;
  text?: string;
  children?: XmlNode[];
}

export type XmlChild = XmlNode | null | undefined | false;

/** An element with children (empty and skipped children removed). */
export const el = (name: string, attrs: XmlNode['attrs'] | null, ...children: XmlChild[]): XmlNode => ({
  name,
  attrs: attrs ?? undefined,
  children: children.filter((c): c is XmlNode => Boolean(c)),
});

/** A text element; `null`/`undefined`/'' text gives no element at all (optional fields). */
export const leaf = (
  name: string,
  text: string | number | null | undefined,
  attrs?: XmlNode['attrs'],
): XmlNode | null => (text === null || text === undefined || text === '' ? null : { name, attrs, text: String(text) });

/** A text element that is written even when empty (a profile that wants the element present). */
export const leafAlways = (name: string, text: string | null | undefined, attrs?: XmlNode['attrs']): XmlNode => ({
  name,
  attrs,
  text: text ?? '',
});

function attrsXml(attrs: XmlNode['attrs']): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

function nodeXml(node: XmlNode, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const open = `${node.name}${attrsXml(node.attrs)}`;
  if (node.text !== undefined) {
    out.push(`${pad}<${open}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  const kids = node.children ?? [];
  if (!kids.length) {
    out.push(`${pad}<${open}/>`);
    return;
  }
  out.push(`${pad}<${open}>`);
  for (const k of kids) nodeXml(k, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The whole document: XML declaration and the root element, UTF-8, LF line ends, final newline. */
export function serialize(root: XmlNode): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  nodeXml(root, 0, out);
  return `${out.join('\n')}\n`;
}

/** Root namespaces of a UBL Invoice or CreditNote. */
export const rootAttrs = (kind: 'Invoice' | 'CreditNote', extra: Record<string, string> = {}) => ({
  xmlns: kind === 'Invoice' ? UBL_NS.invoice : UBL_NS.creditNote,
  'xmlns:cac': UBL_NS.cac,
  'xmlns:cbc': UBL_NS.cbc,
  ...extra,
});

/** A monetary element: `<cbc:X currencyID="AED">12.50</cbc:X>` (currencyID may differ from ISO: JoFotara). */
export const amount = (name: string, minor: number, currency: string, currencyId = currency): XmlNode => ({
  name,
  attrs: { currencyID: currencyId },
  text: formatMinor(minor, currency),
});

// ── Parties ────────────────────────────────────────────────────────────────────────────────────

export interface PostalAddressOptions {
  /** cbc:CountrySubentity text (UAE: the emirate code). */
  subentity?: string | null;
  /** cbc:CountrySubentityCode (Jordan: the governorate, JO-AM). */
  subentityCode?: string | null;
  /** Write only the country (a profile that wants nothing else). */
  countryOnly?: boolean;
}

/** cac:PostalAddress in UBL 2.1 order (street, building, plot, district, city, postal zone, subentity, country). */
export function postalAddress(address: EInvoiceAddress, o: PostalAddressOptions = {}): XmlNode {
  const country = el('cac:Country', null, leaf('cbc:IdentificationCode', address.countryCode));
  if (o.countryOnly) return el('cac:PostalAddress', null, country);
  return el(
    'cac:PostalAddress',
    null,
    leaf('cbc:StreetName', address.street),
    leaf('cbc:BuildingNumber', address.buildingNumber),
    // KSA: the national address's additional number goes in PlotIdentification (ZATCA KSA-23).
    leaf('cbc:PlotIdentification', address.additionalNumber),
    leaf('cbc:CitySubdivisionName', address.district),
    leaf('cbc:CityName', address.city),
    leaf('cbc:PostalZone', address.postalCode),
    leaf('cbc:CountrySubentity', o.subentity),
    leaf('cbc:CountrySubentityCode', o.subentityCode),
    country,
  );
}

export interface PartyOptions {
  endpoint?: { scheme: string; value: string } | null;
  identifications?: { value: string; scheme?: string | null }[];
  /** Write cac:PartyName (trading name); the legal name always goes in PartyLegalEntity. */
  partyName?: boolean;
  address?: XmlNode | null;
  /** PartyTaxScheme/CompanyID (the VAT number); omitted when empty. */
  taxId?: string | null;
  /** Write PartyTaxScheme even without a CompanyID (JoFotara's empty buyer). */
  taxSchemeAlways?: boolean;
  taxSchemeId?: string;
  legalName?: string | null;
  legalCompanyId?: { value: string; schemeAgencyId?: string | null; schemeAgencyName?: string | null } | null;
  contact?: { phone?: string | null; email?: string | null; name?: string | null } | null;
}

/** cac:Party in UBL 2.1 order: endpoint, identifications, name, address, tax scheme, legal entity, contact. */
export function party(p: PartyOptions): XmlNode {
  const taxScheme =
    p.taxId || p.taxSchemeAlways
      ? el(
          'cac:PartyTaxScheme',
          null,
          leaf('cbc:CompanyID', p.taxId),
          el('cac:TaxScheme', null, leaf('cbc:ID', p.taxSchemeId ?? 'VAT')),
        )
      : null;
  const legal = p.legalName
    ? el(
        'cac:PartyLegalEntity',
        null,
        leaf('cbc:RegistrationName', p.legalName),
        p.legalCompanyId
          ? leaf('cbc:CompanyID', p.legalCompanyId.value, {
              schemeAgencyID: p.legalCompanyId.schemeAgencyId,
              schemeAgencyName: p.legalCompanyId.schemeAgencyName,
            })
          : null,
      )
    : null;
  const contact =
    p.contact && (p.contact.name || p.contact.phone || p.contact.email)
      ? el(
          'cac:Contact',
          null,
          leaf('cbc:Name', p.contact.name),
          leaf('cbc:Telephone', p.contact.phone),
          leaf('cbc:ElectronicMail', p.contact.email),
        )
      : null;
  return el(
    'cac:Party',
    null,
    p.endpoint ? leaf('cbc:EndpointID', p.endpoint.value, { schemeID: p.endpoint.scheme }) : null,
    ...(p.identifications ?? []).map((id) =>
      el('cac:PartyIdentification', null, leafAlways('cbc:ID', id.value, { schemeID: id.scheme ?? undefined })),
    ),
    p.partyName && p.legalName ? el('cac:PartyName', null, leaf('cbc:Name', p.legalName)) : null,
    p.address,
    taxScheme,
    legal,
    contact,
  );
}

// ── VAT ────────────────────────────────────────────────────────────────────────────────────────

export interface VatGroup {
  category: VatCategory;
  ratePercent: number;
  exemptionReason: string | null;
  taxableMinor: number;
  taxMinor: number;
}

/**
 * The VAT breakdown (EN 16931 BG-23): one group per VAT category and rate, in first-appearance
 * order (BR-E-08 and its kin want ONE group per category: lines exempt for different reasons
 * share it, their distinct reasons joined with "; "). Each group's tax is the SUM of its lines'
 * VAT as issued (the product rounds VAT per line, shared/invoices/totals.ts), so the breakdown
 * adds up to the document's VAT exactly; EN 16931 BR-S-09 accepts it within ±0.01 of
 * taxable × rate.
 */
export function vatGroups(lines: readonly EInvoiceLine[]): VatGroup[] {
  const groups = new Map<string, VatGroup & { reasons: Set<string> }>();
  for (const l of lines) {
    const key = `${l.vatCategory}|${l.vatRatePercent}`;
    const g = groups.get(key) ?? {
      category: l.vatCategory,
      ratePercent: l.vatRatePercent,
      exemptionReason: null,
      taxableMinor: 0,
      taxMinor: 0,
      reasons: new Set<string>(),
    };
    g.taxableMinor += l.netMinor;
    g.taxMinor += l.vatMinor;
    if (l.vatCategory !== 'S' && l.exemptionReason) g.reasons.add(l.exemptionReason);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ reasons, ...g }) => ({ ...g, exemptionReason: [...reasons].join('; ') || null }));
}

export interface TaxCategoryOptions {
  /** Element name: cac:TaxCategory (breakdown) or cac:ClassifiedTaxCategory (line item). */
  name?: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory';
  id: string;
  idAttrs?: XmlNode['attrs'];
  /** null: no Percent element (EN 16931 "O": not subject to VAT has no rate). */
  percent: number | null;
  exemptionReasonCode?: string | null;
  exemptionReason?: string | null;
  taxSchemeId?: string;
  taxSchemeAttrs?: XmlNode['attrs'];
}

export const taxCategory = (o: TaxCategoryOptions): XmlNode =>
  el(
    o.name ?? 'cac:TaxCategory',
    null,
    leaf('cbc:ID', o.id, o.idAttrs),
    o.percent === null ? null : leaf('cbc:Percent', formatPercent(o.percent)),
    leaf('cbc:TaxExemptionReasonCode', o.exemptionReasonCode),
    leaf('cbc:TaxExemptionReason', o.exemptionReason),
    el('cac:TaxScheme', null, leaf('cbc:ID', o.taxSchemeId ?? 'VAT', o.taxSchemeAttrs)),
  );

/** cac:TaxSubtotal: taxable amount, tax amount and its category. */
export const taxSubtotal = (
  taxableMinor: number | null,
  taxMinor: number,
  currency: string,
  category: XmlNode,
  currencyId = currency,
) =>
  el(
    'cac:TaxSubtotal',
    null,
    taxableMinor === null ? null : amount('cbc:TaxableAmount', taxableMinor, currency, currencyId),
    amount('cbc:TaxAmount', taxMinor, currency, currencyId),
    category,
  );

/** Sum of integer minor units (exact for any realistic invoice). */
export const sumOf = <T>(items: readonly T[], pick: (t: T) => number): number => items.reduce((s, t) => s + pick(t), 0);

/** A document a profile cannot express (missing mandatory field, totals that do not add up). */
export class EInvoiceBuildError extends Error {
  constructor(
    readonly profile: string,
    readonly problems: string[],
  ) {
    super(`${profile}: ${problems.join('; ')}`);
    this.name = 'EInvoiceBuildError';
  }
}

/**
 * The document's own arithmetic, as every profile's rules check it (EN 16931 BR-CO-10/15/16):
 * lines' nets add up to the subtotal, lines' VAT to the VAT, subtotal + VAT = total,
 * total − prepaid = payable. Returns the problems (empty when consistent).
 */
export function totalsProblems(doc: EInvoiceDocument): string[] {
  const cur = doc.currency;
  const problems: string[] = [];
  const nets = sumOf(doc.lines, (l) => l.netMinor);
  const vats = sumOf(doc.lines, (l) => l.vatMinor);
  if (!doc.lines.length) problems.push('a document needs at least one line');
  if (nets !== doc.subtotalMinor)
    problems.push(`lines add up to ${formatMinor(nets, cur)}, subtotal is ${formatMinor(doc.subtotalMinor, cur)}`);
  if (vats !== doc.vatMinor)
    problems.push(`lines' VAT adds up to ${formatMinor(vats, cur)}, VAT is ${formatMinor(doc.vatMinor, cur)}`);
  if (doc.subtotalMinor + doc.vatMinor !== doc.totalMinor)
    problems.push(
      `subtotal + VAT is ${formatMinor(doc.subtotalMinor + doc.vatMinor, cur)}, total is ${formatMinor(doc.totalMinor, cur)}`,
    );
  if (doc.totalMinor - doc.prepaidMinor !== doc.payableMinor)
    problems.push(
      `total − prepaid is ${formatMinor(doc.totalMinor - doc.prepaidMinor, cur)}, payable is ${formatMinor(doc.payableMinor, cur)}`,
    );
  return problems;
}

/**
 * JoFotara: the UBL 2.1 invoice Jordan's Income and Sales Tax Department (ISTD) takes from
 * registered sellers, built from the neutral `EInvoiceDocument` (document.ts). The shape follows
 * what the ISTD's integration guide asks and what working integrations send (Odoo's l10n_jo_edi,
 * the jafar-albadarneh/jofotara SDK), with the portal's own quirks kept on purpose:
 *
 *  - ProfileID `reporting:1.0`; InvoiceTypeCode 388 (invoice) or 381 (credit note) with the
 *    `name` attribute of three digits: [0 local | 1 export][1 cash | 2 receivable]
 *    [1 income tax only | 2 general sales tax | 3 special tax]. A rental company registered for
 *    sales tax issues `012` when the customer paid at the counter (nothing left payable) and `022`
 *    for an account customer billed on credit.
 *  - All amounts in JOD with 3 decimals (fils); the amounts' currencyID is `JO`, not `JOD` (the
 *    portal's guide writes it so and rejects JOD there), DocumentCurrencyCode / TaxCurrencyCode JOD.
 *  - ICV: AdditionalDocumentReference ID `ICV` whose UUID is the company's invoice counter.
 *  - Seller: country JO, tax number in PartyTaxScheme/CompanyID, legal name; the "income source
 *    sequence" (the activity number the portal gives each activity of the taxpayer) in
 *    SellerSupplierParty/Party/PartyIdentification/ID.
 *  - Buyer: PartyIdentification/ID with schemeID TN (tax number), NIN (national ID) or PN
 *    (passport), an anonymous buyer as an empty NIN; postal code and governorate code (JO-AM…);
 *    tax number; name; telephone in AccountingContact.
 *  - VAT per line (the general sales tax): TaxTotal with the line's tax, RoundingAmount = the
 *    line's amount with tax, and its category: S with the rate (16% standard, reduced rates up to
 *    16%), O for zero-rated (0%), Z for exempt — JoFotara's own reading of those codes. A line
 *    outside the scope of tax (a traffic fine paid on the customer's behalf) goes as exempt Z:
 *    the portal has no "outside scope" category. An income-tax-only taxpayer sends no tax at all.
 *  - Document level: a zero discount AllowanceCharge (the portal wants the element), the invoice
 *    TaxTotal with the tax amount only (the breakdown is per line) — credit notes repeat the
 *    breakdown —, and LegalMonetaryTotal (tax exclusive, tax inclusive, discount, payable = the
 *    invoice's total with tax: JoFotara reports the invoice value, advances are not its business).
 *  - Credit notes: BillingReference to the original invoice (number, UUID, its total with tax as
 *    DocumentDescription), the reason in PaymentMeans/InstructionNote (code 10), and, as the
 *    portal requires for a return, an empty buyer (country JO only).
 * Lines go with unit code PCE (the portal validates the unit against its short list).
 */
import type { EInvoiceDocument, EInvoiceLine, EInvoiceParty, VatCategory } from './document';
import {
  amount,
  EInvoiceBuildError,
  el,
  formatDecimal,
  formatMinor,
  leaf,
  leafAlways,
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

export const JOFOTARA_PROFILE_ID = 'reporting:1.0';
/** The currencyID JoFotara expects on amounts. */
const JO = 'JO';
export const JORDAN_STANDARD_TAX_PERCENT = 16;

export type JordanTaxpayerType = 'income' | 'sales' | 'special';

export interface JoFotaraOptions {
  /** The activity's "sequence of income source" from the JoFotara portal. */
  incomeSourceSequence: string;
  /** Registration of the seller; a rental company is registered for the general sales tax. */
  taxpayerType?: JordanTaxpayerType;
  /** ICV, the company's running invoice counter; default: the digits of the document number. */
  invoiceCounter?: number;
}

/** The twelve governorates (ISO 3166-2:JO), by English and Arabic name of the governorate or its capital. */
const GOVERNORATES: Record<string, string> = {
  amman: 'JO-AM',
  عمان: 'JO-AM',
  عمّان: 'JO-AM',
  zarqa: 'JO-AZ',
  الزرقاء: 'JO-AZ',
  irbid: 'JO-IR',
  إربد: 'JO-IR',
  اربد: 'JO-IR',
  aqaba: 'JO-AQ',
  العقبة: 'JO-AQ',
  balqa: 'JO-BA',
  salt: 'JO-BA',
  'as-salt': 'JO-BA',
  السلط: 'JO-BA',
  البلقاء: 'JO-BA',
  madaba: 'JO-MD',
  مادبا: 'JO-MD',
  mafraq: 'JO-MA',
  المفرق: 'JO-MA',
  karak: 'JO-KA',
  الكرك: 'JO-KA',
  jerash: 'JO-JA',
  جرش: 'JO-JA',
  ajloun: 'JO-AJ',
  عجلون: 'JO-AJ',
  tafilah: 'JO-AT',
  tafila: 'JO-AT',
  الطفيلة: 'JO-AT',
  "ma'an": 'JO-MN',
  maan: 'JO-MN',
  معان: 'JO-MN',
};

export function jordanGovernorate(city: string | null | undefined): string | null {
  const key = (city ?? '')
    .trim()
    .toLowerCase()
    .replace(/^al[- ]/, '');
  return GOVERNORATES[key] ?? null;
}

/** JoFotara's category letters: S taxed, O zero-rated, Z exempt (and outside scope, which it lacks). */
const JO_CATEGORY: Record<VatCategory, string> = { S: 'S', Z: 'O', E: 'Z', O: 'Z' };

const TAXPAYER_DIGIT: Record<JordanTaxpayerType, string> = { income: '1', sales: '2', special: '3' };

/** The `name` attribute of InvoiceTypeCode: scope, payment method, taxpayer type. */
export function joInvoiceTypeName(doc: EInvoiceDocument, taxpayerType: JordanTaxpayerType): string {
  const scope = doc.buyer.address && doc.buyer.address.countryCode !== 'JO' ? '1' : '0';
  const payment = doc.payableMinor > 0 ? '2' : '1';
  return `${scope}${payment}${TAXPAYER_DIGIT[taxpayerType]}`;
}

/** Buyer identification: tax number (TN), national ID (NIN), passport (PN), or an anonymous empty NIN. */
function buyerIdentification(p: EInvoiceParty): { value: string; scheme: string } {
  if (p.vatNumber) return { value: p.vatNumber, scheme: 'TN' };
  const scheme = p.otherId?.scheme.toUpperCase() ?? '';
  if (p.otherId && ['NIN', 'NAT', 'NID'].includes(scheme)) return { value: p.otherId.value, scheme: 'NIN' };
  if (p.otherId && ['PN', 'PAS', 'PASSPORT'].includes(scheme)) return { value: p.otherId.value, scheme: 'PN' };
  return { value: '', scheme: 'NIN' };
}

function problemsOf(doc: EInvoiceDocument, o: JoFotaraOptions, taxpayerType: JordanTaxpayerType): string[] {
  const problems = [...totalsProblems(doc)];
  if (doc.kind === 'debit') problems.push('JoFotara takes invoices and credit notes only');
  if (doc.currency !== 'JOD') problems.push(`the document must be in JOD (it is in ${doc.currency})`);
  if (!doc.seller.vatNumber || !/^\d+$/.test(doc.seller.vatNumber))
    problems.push('seller tax number (digits) is required');
  if (doc.buyer.vatNumber && !/^\d+$/.test(doc.buyer.vatNumber)) problems.push('buyer tax number must be digits');
  if (!/^\d+$/.test(o.incomeSourceSequence)) problems.push('income source sequence (digits) is required');
  if (doc.payableMinor > 0 && !doc.buyer.name) problems.push('a receivable invoice needs the buyer name');
  if (doc.kind === 'credit') {
    const ref = doc.billingReference;
    if (!ref?.number || !ref.uuid || ref.totalMinor === null || ref.totalMinor === undefined)
      problems.push('a credit note needs the original invoice number, UUID and total');
    if (!doc.reason) problems.push('a credit note needs its reason');
  }
  for (const l of doc.lines) {
    if (l.quantity <= 0 || l.unitPriceMinor < 0) problems.push(`line ${l.id}: quantity and price must be positive`);
    if (taxpayerType === 'income' && l.vatMinor !== 0)
      problems.push(`line ${l.id}: an income-tax-only seller charges no tax`);
    if (l.vatCategory === 'S' && !(l.vatRatePercent > 0 && l.vatRatePercent <= JORDAN_STANDARD_TAX_PERCENT))
      problems.push(`line ${l.id}: the general sales tax rate is at most ${JORDAN_STANDARD_TAX_PERCENT}%`);
    if (l.vatCategory !== 'S' && l.vatMinor !== 0)
      problems.push(`line ${l.id}: a ${l.vatCategory} line carries no tax`);
  }
  return problems;
}

const joTaxCategory = (category: VatCategory, percent: number): XmlNode =>
  taxCategory({
    id: JO_CATEGORY[category],
    idAttrs: { schemeAgencyID: '6', schemeID: 'UN/ECE 5305' },
    percent: category === 'S' ? percent : 0,
    taxSchemeAttrs: { schemeAgencyID: '6', schemeID: 'UN/ECE 5153' },
  });

const joAmount = (name: string, minor: number) => amount(name, minor, 'JOD', JO);

function line(l: EInvoiceLine, withTax: boolean): XmlNode {
  return el(
    'cac:InvoiceLine',
    null,
    leaf('cbc:ID', l.id),
    leaf('cbc:InvoicedQuantity', formatDecimal(l.quantity, 6, 1), { unitCode: 'PCE' }),
    joAmount('cbc:LineExtensionAmount', l.netMinor),
    withTax
      ? el(
          'cac:TaxTotal',
          null,
          joAmount('cbc:TaxAmount', l.vatMinor),
          joAmount('cbc:RoundingAmount', l.netMinor + l.vatMinor),
          taxSubtotal(l.netMinor, l.vatMinor, 'JOD', joTaxCategory(l.vatCategory, l.vatRatePercent), JO),
        )
      : null,
    el('cac:Item', null, leaf('cbc:Name', l.name)),
    el(
      'cac:Price',
      null,
      joAmount('cbc:PriceAmount', l.unitPriceMinor),
      el(
        'cac:AllowanceCharge',
        null,
        leaf('cbc:ChargeIndicator', 'false'),
        leaf('cbc:AllowanceChargeReason', 'DISCOUNT'),
        joAmount('cbc:Amount', 0),
      ),
    ),
  );
}

const counterOf = (doc: EInvoiceDocument, o: JoFotaraOptions): number =>
  o.invoiceCounter ?? (Number((doc.number.match(/\d+/g) ?? ['1']).join('').slice(-9)) || 1);

/** The JoFotara UBL 2.1 document of a Jordanian invoice or credit note (JOD, 3 decimals). */
export function buildJoFotaraXml(doc: EInvoiceDocument, options: JoFotaraOptions): string {
  const taxpayerType = options.taxpayerType ?? 'sales';
  const problems = problemsOf(doc, options, taxpayerType);
  if (problems.length) throw new EInvoiceBuildError('JoFotara', problems);
  const credit = doc.kind === 'credit';
  const withTax = taxpayerType !== 'income';
  const buyerId = buyerIdentification(doc.buyer);
  const buyerAddress = doc.buyer.address;
  const jordanOnly = { street: '', city: '', countryCode: 'JO' as const };
  const buyerParty = credit
    ? party({ address: postalAddress(jordanOnly, { countryOnly: true }), taxSchemeAlways: true })
    : party({
        identifications: [buyerId],
        address: buyerAddress
          ? el(
              'cac:PostalAddress',
              null,
              leaf('cbc:PostalZone', buyerAddress.postalCode),
              leaf(
                'cbc:CountrySubentityCode',
                buyerAddress.countryCode === 'JO' ? jordanGovernorate(buyerAddress.city) : null,
              ),
              el('cac:Country', null, leaf('cbc:IdentificationCode', buyerAddress.countryCode)),
            )
          : postalAddress(jordanOnly, { countryOnly: true }),
        taxId: doc.buyer.vatNumber,
        taxSchemeAlways: true,
        legalName: doc.buyer.name,
      });
  const ref = doc.billingReference;
  const root = el(
    'Invoice',
    rootAttrs('Invoice', { 'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2' }),
    leaf('cbc:ProfileID', JOFOTARA_PROFILE_ID),
    leaf('cbc:ID', doc.number),
    leaf('cbc:UUID', doc.uuid),
    leaf('cbc:IssueDate', doc.issueDate),
    leaf('cbc:InvoiceTypeCode', credit ? '381' : '388', { name: joInvoiceTypeName(doc, taxpayerType) }),
    leaf('cbc:Note', doc.note),
    leaf('cbc:DocumentCurrencyCode', 'JOD'),
    leaf('cbc:TaxCurrencyCode', 'JOD'),
    credit && ref
      ? el(
          'cac:BillingReference',
          null,
          el(
            'cac:InvoiceDocumentReference',
            null,
            leaf('cbc:ID', ref.number),
            leaf('cbc:UUID', ref.uuid),
            leaf('cbc:DocumentDescription', formatMinor(ref.totalMinor ?? 0, 'JOD')),
          ),
        )
      : null,
    el('cac:AdditionalDocumentReference', null, leaf('cbc:ID', 'ICV'), leaf('cbc:UUID', counterOf(doc, options))),
    el(
      'cac:AccountingSupplierParty',
      null,
      party({
        address: postalAddress({ street: '', city: '', countryCode: 'JO' }, { countryOnly: true }),
        taxId: doc.seller.vatNumber,
        legalName: doc.seller.name,
      }),
    ),
    el(
      'cac:AccountingCustomerParty',
      null,
      buyerParty,
      !credit && doc.buyer.phone ? el('cac:AccountingContact', null, leaf('cbc:Telephone', doc.buyer.phone)) : null,
    ),
    el(
      'cac:SellerSupplierParty',
      null,
      el('cac:Party', null, el('cac:PartyIdentification', null, leafAlways('cbc:ID', options.incomeSourceSequence))),
    ),
    credit
      ? el(
          'cac:PaymentMeans',
          null,
          leaf('cbc:PaymentMeansCode', '10', { listID: 'UN/ECE 4461' }),
          leaf('cbc:InstructionNote', doc.reason),
        )
      : null,
    el(
      'cac:AllowanceCharge',
      null,
      leaf('cbc:ChargeIndicator', 'false'),
      leaf('cbc:AllowanceChargeReason', 'discount'),
      joAmount('cbc:Amount', 0),
    ),
    withTax
      ? el(
          'cac:TaxTotal',
          null,
          joAmount('cbc:TaxAmount', doc.vatMinor),
          ...(credit
            ? vatGroups(doc.lines).map((g) =>
                taxSubtotal(g.taxableMinor, g.taxMinor, 'JOD', joTaxCategory(g.category, g.ratePercent), JO),
              )
            : []),
        )
      : null,
    el(
      'cac:LegalMonetaryTotal',
      null,
      joAmount('cbc:TaxExclusiveAmount', doc.subtotalMinor),
      joAmount('cbc:TaxInclusiveAmount', doc.totalMinor),
      joAmount('cbc:AllowanceTotalAmount', 0),
      credit ? joAmount('cbc:PrepaidAmount', 0) : null,
      joAmount('cbc:PayableAmount', doc.totalMinor),
    ),
    ...doc.lines.map((l) => line(l, withTax)),
  );
  return serialize(root);
}

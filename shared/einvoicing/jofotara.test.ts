import { describe, expect, it } from 'vitest';
import { buildJoFotaraXml, jordanGovernorate } from './jofotara';
import { ammanRentalInvoice } from './test-documents';
import type { EInvoiceBuildError } from './ubl';
import { readUbl, type UblReader } from './ubl-read';

const read = (xml: string): UblReader => {
  const r = readUbl(xml);
  if ('error' in r) throw new Error(r.error);
  return r.ubl;
};
const opts = { incomeSourceSequence: '16683693' };
const credit = () =>
  ammanRentalInvoice({
    kind: 'credit',
    uuid: '0f3c3d51-2a8e-4f1c-8d5e-0b7a9d3c1e22',
    number: 'CN-000021',
    reason: 'Rental shortened by one day',
    billingReference: {
      number: 'INV-000388',
      issueDate: '2026-11-21',
      uuid: 'c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10',
      totalMinor: 242650,
    },
  });

describe('JoFotara invoice of an Amman rental', () => {
  const u = read(buildJoFotaraXml(ammanRentalInvoice(), opts));

  it('is a reporting:1.0 invoice 388, cash, general sales tax (012), in JOD', () => {
    expect(u.root).toBe('Invoice');
    expect(u.text('/*/cbc:ProfileID')).toBe('reporting:1.0');
    expect(u.text('/*/cbc:InvoiceTypeCode')).toBe('388');
    expect(u.text('/*/cbc:InvoiceTypeCode/@name')).toBe('012');
    expect(u.text('/*/cbc:DocumentCurrencyCode')).toBe('JOD');
    expect(u.text('/*/cbc:UUID')).toBe('c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10');
    expect(u.text("/*/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID")).toBe('388');
  });

  it('names the seller by tax number and income source sequence, the buyer by national ID and governorate', () => {
    expect(u.text('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')).toBe('12345678');
    expect(u.text('/*/cac:SellerSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID')).toBe('16683693');
    const buyer = '/*/cac:AccountingCustomerParty/cac:Party';
    expect(u.text(`${buyer}/cac:PartyIdentification/cbc:ID`)).toBe('9871234567');
    expect(u.text(`${buyer}/cac:PartyIdentification/cbc:ID/@schemeID`)).toBe('NIN');
    expect(u.text(`${buyer}/cac:PostalAddress/cbc:CountrySubentityCode`)).toBe('JO-AM');
    expect(u.text(`${buyer}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('Omar Haddad');
    expect(u.text('/*/cac:AccountingCustomerParty/cac:AccountingContact/cbc:Telephone')).toBe('962791234567');
  });

  it('writes every amount in JO with 3 decimals and taxes each line (16%, exempt as Z)', () => {
    for (const n of u.nodes('//*[@currencyID]') as Element[]) {
      expect(n.getAttribute('currencyID')).toBe('JO');
      expect(n.textContent).toMatch(/^\d+\.\d{3}$/);
    }
    const lines = u.nodes('/*/cac:InvoiceLine');
    expect(lines.map((l) => u.text('cbc:LineExtensionAmount', l))).toEqual(['175.000', '21.250', '15.000']);
    expect(lines.map((l) => u.text('cac:Price/cbc:PriceAmount', l))).toEqual(['35.000', '4.250', '15.000']);
    expect(lines.map((l) => u.text('cac:TaxTotal/cbc:TaxAmount', l))).toEqual(['28.000', '3.400', '0.000']);
    expect(lines.map((l) => u.text('cac:TaxTotal/cbc:RoundingAmount', l))).toEqual(['203.000', '24.650', '15.000']);
    const cats = lines.map((l) => u.text('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID', l));
    expect(cats).toEqual(['S', 'S', 'Z']);
    expect(u.text('/*/cac:InvoiceLine[1]/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toBe('16.00');
    expect(u.text('/*/cac:TaxTotal/cbc:TaxAmount')).toBe('31.400');
    expect(u.text('/*/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toBe('211.250');
    expect(u.text('/*/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('242.650');
    expect(u.text('/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('242.650');
  });

  it('marks an invoice left on account receivable (022) and a zero-rated line O', () => {
    const doc = ammanRentalInvoice({ prepaidMinor: 0, payableMinor: 242650 });
    doc.lines[2] = { ...doc.lines[2], vatCategory: 'Z', exemptionReason: null };
    const r = read(buildJoFotaraXml(doc, opts));
    expect(r.text('/*/cbc:InvoiceTypeCode/@name')).toBe('022');
    expect(r.text('/*/cac:InvoiceLine[3]/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toBe('O');
  });

  it('sends no tax at all for an income-tax-only seller (011)', () => {
    const doc = ammanRentalInvoice();
    const untaxed = {
      ...doc,
      lines: doc.lines.map((l) => ({
        ...l,
        vatCategory: 'E' as const,
        vatRatePercent: 0,
        vatMinor: 0,
        exemptionReason: 'n/a',
      })),
      vatMinor: 0,
      totalMinor: doc.subtotalMinor,
      prepaidMinor: doc.subtotalMinor,
    };
    const r = read(buildJoFotaraXml(untaxed, { ...opts, taxpayerType: 'income' }));
    expect(r.text('/*/cbc:InvoiceTypeCode/@name')).toBe('011');
    expect(r.nodes('//cac:TaxTotal')).toHaveLength(0);
  });
});

describe('JoFotara credit note', () => {
  const u = read(buildJoFotaraXml(credit(), opts));

  it('is a 381 referencing the original invoice UUID and total, with the reason and an empty buyer', () => {
    expect(u.text('/*/cbc:InvoiceTypeCode')).toBe('381');
    const ref = '/*/cac:BillingReference/cac:InvoiceDocumentReference';
    expect(u.text(`${ref}/cbc:ID`)).toBe('INV-000388');
    expect(u.text(`${ref}/cbc:UUID`)).toBe('c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10');
    expect(u.text(`${ref}/cbc:DocumentDescription`)).toBe('242.650');
    expect(u.text('/*/cac:PaymentMeans/cbc:InstructionNote')).toBe('Rental shortened by one day');
    expect(u.nodes('/*/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification')).toHaveLength(0);
    expect(u.nodes('/*/cac:TaxTotal/cac:TaxSubtotal').map((s) => u.text('cbc:TaxableAmount', s))).toEqual([
      '196.250',
      '15.000',
    ]);
  });
});

describe('JoFotara refusals and governorates', () => {
  it('lists what the portal would refuse', () => {
    let problems: string[] = [];
    try {
      buildJoFotaraXml(ammanRentalInvoice({ currency: 'USD' }), { incomeSourceSequence: '' });
    } catch (err) {
      problems = (err as EInvoiceBuildError).problems;
    }
    expect(problems).toEqual([
      'the document must be in JOD (it is in USD)',
      'income source sequence (digits) is required',
    ]);
    expect(() => buildJoFotaraXml(credit(), opts)).not.toThrow();
    expect(() =>
      buildJoFotaraXml({ ...credit(), billingReference: { number: 'INV-000388', issueDate: '2026-11-21' } }, opts),
    ).toThrow(/original invoice number, UUID and total/);
  });

  it('maps cities to governorate codes in English and Arabic', () => {
    expect(jordanGovernorate('Amman')).toBe('JO-AM');
    expect(jordanGovernorate('عمّان')).toBe('JO-AM');
    expect(jordanGovernorate('Al-Zarqa')).toBe('JO-AZ');
    expect(jordanGovernorate('Aqaba')).toBe('JO-AQ');
    expect(jordanGovernorate('Riyadh')).toBeNull();
  });
});

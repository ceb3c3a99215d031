import { describe, expect, it } from 'vitest';
import type { EInvoiceLine } from './document';
import { buildPintAeXml, uaeEndpointOf } from './pint-ae';
import { dubaiMixedInvoice, dubaiRentalCreditNote, dubaiRentalInvoice } from './test-documents';
import { EInvoiceBuildError, formatMinor } from './ubl';
import { readUbl, type UblReader } from './ubl-read';

const read = (xml: string): UblReader => {
  const r = readUbl(xml);
  if ('error' in r) throw new Error(r.error);
  return r.ubl;
};
const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (err) {
    if (err instanceof EInvoiceBuildError) return err.problems;
    throw err;
  }
  return [];
};

const totalsOf = (lines: EInvoiceLine[]) => {
  const subtotalMinor = lines.reduce((s, l) => s + l.netMinor, 0);
  const vatMinor = lines.reduce((s, l) => s + l.vatMinor, 0);
  const total = subtotalMinor + vatMinor;
  return { subtotalMinor, vatMinor, totalMinor: total, prepaidMinor: 0, payableMinor: total };
};

describe('ubl money', () => {
  it('writes minor units with the currency decimals, exactly', () => {
    expect(formatMinor(136730, 'AED')).toBe('1367.30');
    expect(formatMinor(-5, 'AED')).toBe('-0.05');
    expect(formatMinor(242650, 'JOD')).toBe('242.650');
    expect(formatMinor(7, 'JOD')).toBe('0.007');
    expect(formatMinor(0, 'JOD')).toBe('0.000');
    expect(() => formatMinor(1.5, 'AED')).toThrow(RangeError);
  });
});

describe('PINT AE tax invoice of a Dubai rental', () => {
  const u = read(buildPintAeXml(dubaiRentalInvoice(), { buyerReference: 'RA-2026-0077' }));
  const seller = '/*/cac:AccountingSupplierParty/cac:Party';
  const buyer = '/*/cac:AccountingCustomerParty/cac:Party';

  it('is a PINT AE invoice 380 in AED with its UUID and transaction flags', () => {
    expect(u.root).toBe('Invoice');
    expect(u.text('/*/cbc:CustomizationID')).toBe('urn:peppol:pint:billing-1@ae-1');
    expect(u.text('/*/cbc:ProfileID')).toBe('urn:peppol:bis:billing');
    expect(u.text('/*/cbc:ProfileExecutionID')).toBe('00000000');
    expect(u.text('/*/cbc:InvoiceTypeCode')).toBe('380');
    expect(u.text('/*/cbc:UUID')).toBe('3cf5ee18-ee25-44ea-a444-2c37ba7f28be');
    expect(u.text('/*/cbc:IssueTime')).toBe('10:15:00');
    expect(u.text('/*/cbc:DocumentCurrencyCode')).toBe('AED');
    expect(u.text('/*/cbc:BuyerReference')).toBe('RA-2026-0077');
    expect(u.text('/*/cac:InvoicePeriod/cbc:StartDate')).toBe('2026-11-17');
  });

  it('carries both TRNs, the Peppol endpoints (0235 + TIN) and the emirates', () => {
    expect(u.text(`${seller}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe('100123456700003');
    expect(u.text(`${seller}/cbc:EndpointID`)).toBe('1001234567');
    expect(u.text(`${seller}/cbc:EndpointID/@schemeID`)).toBe('0235');
    expect(u.text(`${seller}/cac:PostalAddress/cbc:CountrySubentity`)).toBe('DXB');
    expect(u.text(`${seller}/cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyID`)).toBe('TL');
    expect(u.text(`${buyer}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe('100987654300003');
    expect(u.text(`${buyer}/cac:PostalAddress/cbc:CountrySubentity`)).toBe('AUH');
    expect(uaeEndpointOf(dubaiRentalInvoice().buyer)).toEqual({ scheme: '0235', id: '1009876543' });
    expect(uaeEndpointOf({ name: 'Walk-in', address: null })).toBeNull();
  });

  it('gives every line its VAT category, rate and its amounts with VAT', () => {
    const lines = u.nodes('/*/cac:InvoiceLine');
    expect(lines.map((l) => u.text('cac:Item/cac:ClassifiedTaxCategory/cbc:ID', l))).toEqual(['S', 'S', 'S', 'O']);
    expect(lines.map((l) => u.text('cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', l))).toEqual([
      '5.00',
      '5.00',
      '5.00',
      '',
    ]);
    expect(lines.map((l) => u.text('cbc:InvoicedQuantity', l))).toEqual(['3', '120', '4', '1']);
    expect(lines.map((l) => u.text('cac:ItemPriceExtension/cac:TaxTotal/cbc:TaxAmount', l))).toEqual([
      '37.50',
      '3.00',
      '0.80',
      '0.00',
    ]);
    expect(lines.map((l) => u.text('cac:ItemPriceExtension/cbc:Amount', l))).toEqual([
      '787.50',
      '63.00',
      '16.80',
      '500.00',
    ]);
    expect(u.text('/*/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount')).toBe('0.50');
  });

  it('breaks the VAT down by category and totals in AED with two decimals', () => {
    expect(u.text('/*/cac:TaxTotal/cbc:TaxAmount')).toBe('41.30');
    const subs = u.nodes('/*/cac:TaxTotal/cac:TaxSubtotal');
    expect(
      subs.map((s) => [
        u.text('cac:TaxCategory/cbc:ID', s),
        u.text('cbc:TaxableAmount', s),
        u.text('cbc:TaxAmount', s),
      ]),
    ).toEqual([
      ['S', '826.00', '41.30'],
      ['O', '500.00', '0.00'],
    ]);
    expect(u.text('cac:TaxCategory/cbc:TaxExemptionReason', subs[1])).toMatch(/fine/);
    const total = '/*/cac:LegalMonetaryTotal';
    expect(u.text(`${total}/cbc:LineExtensionAmount`)).toBe('1326.00');
    expect(u.text(`${total}/cbc:TaxInclusiveAmount`)).toBe('1367.30');
    expect(u.text(`${total}/cbc:PrepaidAmount`)).toBe('500.00');
    expect(u.text(`${total}/cbc:PayableAmount`)).toBe('867.30');
    for (const n of u.nodes('//*[@currencyID]')) expect(n.textContent).toMatch(/^\d+\.\d{2}$/);
    expect(u.nodes("//*[@currencyID!='AED']")).toHaveLength(0);
  });

  it('writes a consumer without TRN or address with the country of supply and no endpoint', () => {
    const c = read(
      buildPintAeXml(
        dubaiRentalInvoice({
          buyer: { name: 'Walk-in customer', address: null },
          prepaidMinor: 136730,
          payableMinor: 0,
        }),
      ),
    );
    expect(c.nodes(`${buyer}/cbc:EndpointID`)).toHaveLength(0);
    expect(c.text(`${buyer}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)).toBe('AE');
    expect(c.text(`${buyer}/cac:PostalAddress/cbc:StreetName`)).toBe('');
  });

  it('writes one breakdown per category: Z without reason, E with the code or the reasons joined, O with its reason', () => {
    const m = read(buildPintAeXml(dubaiMixedInvoice()));
    const subs = m.nodes('/*/cac:TaxTotal/cac:TaxSubtotal');
    const cat = (s: Node, p: string) => m.text(`cac:TaxCategory/${p}`, s);
    expect(subs.map((s) => [cat(s, 'cbc:ID'), m.text('cbc:TaxableAmount', s), cat(s, 'cbc:Percent')])).toEqual([
      ['S', '750.00', '5.00'],
      ['Z', '60.00', '0.00'],
      ['E', '516.00', '0.00'],
      ['O', '500.00', ''],
    ]);
    expect(cat(subs[1], 'cbc:TaxExemptionReason')).toBe('');
    expect(cat(subs[2], 'cbc:TaxExemptionReason')).toBe('DL8.46.4; Bare land');
    const single = dubaiMixedInvoice();
    single.lines = single.lines.filter((l) => l.exemptionReason !== 'Bare land');
    const one = read(buildPintAeXml({ ...single, ...totalsOf(single.lines) }));
    expect(
      one.text(
        "/*/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cbc:ID='E']/cac:TaxCategory/cbc:TaxExemptionReasonCode",
      ),
    ).toBe('DL8.46.4');
  });

  it('types an invoice wholly outside the scope of VAT 480', () => {
    const inv = dubaiRentalInvoice();
    const fine = inv.lines[3];
    const u480 = read(
      buildPintAeXml({
        ...inv,
        lines: [fine],
        subtotalMinor: 50000,
        vatMinor: 0,
        totalMinor: 50000,
        prepaidMinor: 0,
        payableMinor: 50000,
      }),
    );
    expect(u480.text('/*/cbc:InvoiceTypeCode')).toBe('480');
  });
});

describe('PINT AE credit note', () => {
  const u = read(buildPintAeXml(dubaiRentalCreditNote()));

  it('is a CreditNote 381 with its reason code, its invoice and no payment means', () => {
    expect(u.root).toBe('CreditNote');
    expect(u.text('/*/cbc:CreditNoteTypeCode')).toBe('381');
    expect(u.text('/*/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('DL8.61.1.C');
    expect(u.text('/*/cac:DiscrepancyResponse/cbc:Description')).toBe('Vehicle returned one day early');
    expect(u.text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('INV-000142');
    expect(u.nodes('/*/cac:PaymentMeans')).toHaveLength(0);
    expect(u.text('/*/cac:CreditNoteLine/cbc:CreditedQuantity')).toBe('1');
    expect(u.text('/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('262.50');
  });

  it('takes the cancellation reason code when given', () => {
    const c = read(buildPintAeXml(dubaiRentalCreditNote(), { creditReasonCode: 'DL8.61.1.A' }));
    expect(c.text('/*/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('DL8.61.1.A');
  });
});

describe('PINT AE refuses what the UAE rules would reject', () => {
  it('lists every missing or wrong mandatory field', () => {
    const doc = dubaiRentalInvoice();
    const problems = problemsOf(() =>
      buildPintAeXml({
        ...doc,
        currency: 'USD',
        seller: { ...doc.seller, vatNumber: '300123456700003', address: { ...doc.seller.address!, emirate: 'DUBAI' } },
        lines: doc.lines.map((l, i) => (i === 0 ? { ...l, vatRatePercent: 15 } : l)),
      }),
    );
    expect(problems).toEqual([
      'the document must be in AED (it is in USD)',
      'seller TRN must be 15 digits starting with 1',
      'seller emirate must be one of AUH, DXB, SHJ, AJM, UAQ, RAK, FUJ',
      'line 1: standard rate is 5% (not 15%)',
    ]);
  });

  it('refuses totals that do not add up, debit notes and credit notes without their invoice', () => {
    expect(
      problemsOf(() => buildPintAeXml(dubaiRentalInvoice({ vatMinor: 4131, totalMinor: 136731, payableMinor: 86731 }))),
    ).toEqual(["lines' VAT adds up to 41.30, VAT is 41.31"]);
    expect(problemsOf(() => buildPintAeXml(dubaiRentalInvoice({ kind: 'debit' })))[0]).toMatch(/no debit note/);
    expect(problemsOf(() => buildPintAeXml(dubaiRentalCreditNote({ billingReference: null })))).toEqual([
      'a credit note must name the invoice it corrects',
    ]);
  });
});

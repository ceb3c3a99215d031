import { describe, expect, it } from 'vitest';
import { buyerAddressOf, clockTimeInZone, eDocumentInput, eInvoiceLines } from './einvoice';
import type { InvoiceItem, InvoiceLineItem } from './model';

const line = (over: Partial<InvoiceLineItem>): InvoiceLineItem => ({
  chargeId: 'a',
  category: 'base_rental',
  description: 'Rental',
  quantity: 3,
  unitPriceMinor: 15_000,
  netMinor: 45_000,
  vatCode: 'SA_SR',
  vatRatePercent: 15,
  vatMinor: 6_750,
  totalMinor: 51_750,
  ...over,
});

describe('the e-invoice document of an issued invoice', () => {
  it('lines: S at their own rate, O (VATEX-SA-OOS) for what is outside VAT, unit codes by category', () => {
    const [rent, fine, km] = eInvoiceLines([
      line({}),
      line({
        category: 'traffic_fines',
        description: 'Fine',
        quantity: 1,
        unitPriceMinor: 30_000,
        netMinor: 30_000,
        vatCode: null,
        vatRatePercent: 0,
        vatMinor: 0,
        totalMinor: 30_000,
      }),
      line({
        category: 'extra_km',
        description: 'Extra km',
        quantity: 120,
        unitPriceMinor: 50,
        netMinor: 6_000,
        vatMinor: 900,
        totalMinor: 6_900,
      }),
    ]);
    expect(rent).toMatchObject({ id: '1', vatCategory: 'S', vatRatePercent: 15, unitCode: 'DAY', netMinor: 45_000 });
    expect(rent.exemptionReasonCode).toBeUndefined();
    expect(fine).toMatchObject({ id: '2', vatCategory: 'O', vatRatePercent: 0, unitCode: 'C62' });
    expect(fine.exemptionReasonCode).toBe('VATEX-SA-OOS');
    expect(km).toMatchObject({ unitCode: 'KMT', quantity: 120, vatMinor: 900 });
  });

  it("the buyer's address: null when no part is set, else the parts in the invoice's country", () => {
    const empty = {
      buildingNumber: '',
      street: '',
      district: '',
      city: '',
      postalCode: '',
      additionalNumber: '',
      emirate: '',
    } as const;
    expect(buyerAddressOf(empty, 'SA')).toBeNull();
    expect(buyerAddressOf(undefined, 'SA')).toBeNull();
    expect(buyerAddressOf({ ...empty, street: 'Tahlia', city: 'Jeddah', buildingNumber: '7412' }, 'SA')).toEqual({
      street: 'Tahlia',
      city: 'Jeddah',
      buildingNumber: '7412',
      additionalNumber: null,
      district: null,
      postalCode: null,
      emirate: null,
      countryCode: 'SA',
    });
  });

  it("issue time on the company's clock; prepaid and payment means from what was paid; notes reference the invoice", () => {
    expect(clockTimeInZone('2030-01-04T21:30:05.000Z', 'Asia/Riyadh')).toBe('00:30:05');
    const invoice = {
      id: 'i',
      region: 'SA',
      currency: 'SAR',
      supplyDate: '2030-01-04',
      number: 'INV-1001',
      issueDate: '2030-01-04',
      totalMinor: 51_750,
      einvoiceUuid: 'u-1',
      customer: { name: 'Omar', vatNumber: '' },
      buyerAddress: null,
    } as unknown as InvoiceItem;
    const figures = { lines: [line({})], subtotalMinor: 45_000, vatMinor: 6_750, totalMinor: 51_750 };
    const paid = eDocumentInput(invoice, {
      kind: 'invoice',
      documentId: 'i',
      number: 'INV-1001',
      issuedAt: '2030-01-04T21:30:05.000Z',
      timezone: 'Asia/Riyadh',
      prepaidMinor: 51_750,
      ...figures,
    });
    expect(paid.document).toMatchObject({
      issueDate: '2030-01-05',
      issueTime: '00:30:05',
      prepaidMinor: 51_750,
      payableMinor: 0,
      paymentMeansCode: '10',
      billingReference: null,
    });
    expect(paid.document.buyer.vatNumber).toBeNull();
    const credit = eDocumentInput(invoice, {
      kind: 'credit',
      documentId: 'n',
      number: 'CN-1001',
      issuedAt: '2030-01-06T09:00:00.000Z',
      timezone: 'Asia/Riyadh',
      prepaidMinor: 0,
      corrects: { invoice, reason: 'Cancelled' },
      ...figures,
    });
    expect(credit.document).toMatchObject({
      kind: 'credit',
      reason: 'Cancelled',
      paymentMeansCode: '30',
      billingReference: { number: 'INV-1001', issueDate: '2030-01-04', uuid: 'u-1', totalMinor: 51_750 },
    });
    expect(credit.document.uuid).not.toBe(paid.document.uuid);
  });
});

import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { ACCOUNT_CODES } from '../accounting/chart';
import { TAXED_TOLL_LINE, rentalJournalLines } from '../accounting/posting-rules';
import { extractTax } from '../money';
import {
  foldedTaxChargeIds,
  invoiceLines,
  invoiceTotals,
  isInvoiceableCharge,
  rentalUnitRates,
  spread,
  type ChargeEntry,
  type InvoiceContext,
} from './totals';
import { decodeZatcaPayload, zatcaQrPayload, zatcaTlv } from './zatca';

const ctx: InvoiceContext = {
  rentalId: 'R1',
  taxRatePercent: 5,
  taxIncluded: false,
  vatEnabled: true,
  outputVatCode: 'AE_SR_DU',
};

/** What the GL holds for these movements: the receivable and the VAT output (credit − debit). */
function glFigures(ledger: ChargeEntry[], c: InvoiceContext) {
  const lines = rentalJournalLines(ledger, { ...c, methodAccounts: {} });
  const sum = (code: string, sign: 1 | -1) =>
    lines.filter((l) => l.accountCode === code).reduce((s, l) => s + sign * (l.debitMinor - l.creditMinor), 0);
  return { receivable: sum(ACCOUNT_CODES.receivables, 1), vat: sum(ACCOUNT_CODES.vatOutput, -1) };
}

const CATEGORIES = [
  'base_rental',
  'insurance',
  'extra_km',
  'fuel_charges',
  'late_fees',
  'damage_fees',
  'other',
  'salik_charges',
  'traffic_fines',
  'tax',
] as const;

const chargeArb = fc.record({
  category: fc.constantFrom(...CATEGORIES),
  amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
  priced: fc.boolean(),
  reversedPart: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});

type ChargeSpec = {
  category: (typeof CATEGORIES)[number];
  amountMinor: number;
  priced: boolean;
  reversedPart?: number;
};

function buildLedger(specs: ChargeSpec[]): ChargeEntry[] {
  const ledger: ChargeEntry[] = [];
  specs.forEach((s, i) => {
    const id = `C${String(i).padStart(3, '0')}`;
    ledger.push({
      id,
      type: 'charge',
      category: s.category,
      amountMinor: s.amountMinor,
      lineCode: s.priced ? s.category : null,
    });
    const part = s.reversedPart === undefined ? 0 : Math.floor(s.amountMinor * s.reversedPart);
    if (part > 0)
      ledger.push({
        id: `${id}R`,
        type: 'charge',
        category: s.category,
        amountMinor: part,
        reversesId: id,
        lineCode: s.priced ? s.category : null,
      });
  });
  return ledger;
}

describe('invoice totals equal the ledger (GL) for random charge sets', () => {
  it('subtotal + VAT = total = receivable posted; VAT = VAT output posted; lines add up', () => {
    fc.assert(
      fc.property(
        fc.array(chargeArb, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(0, 5, 15, 16, 7.5),
        fc.boolean(),
        fc.boolean(),
        (specs, rate, taxIncluded, vatEnabled) => {
          const c = { ...ctx, taxRatePercent: rate, taxIncluded, vatEnabled };
          const ledger = buildLedger(specs);
          const lines = invoiceLines(ledger.filter(isInvoiceableCharge), ledger, c);
          const t = invoiceTotals(lines);
          const gl = glFigures(ledger, c);
          expect(t.totalMinor).toBe(gl.receivable);
          expect(t.vatMinor).toBe(gl.vat);
          expect(t.subtotalMinor + t.vatMinor).toBe(t.totalMinor);
          for (const l of lines) {
            expect(l.netMinor + l.vatMinor).toBe(l.totalMinor);
            expect(Number.isInteger(l.vatMinor)).toBe(true);
            if (l.vatCode === null) expect(l.vatMinor).toBe(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tax-included charge: VAT extracted exactly as the GL did (rounding of 10,499 at 5%)', () => {
    const ledger: ChargeEntry[] = [
      { id: 'A', type: 'charge', category: 'base_rental', amountMinor: 10_499, lineCode: 'base_rental' },
    ];
    const [line] = invoiceLines(ledger, ledger, { ...ctx, taxIncluded: true });
    expect({ net: line.netMinor, vat: line.vatMinor }).toEqual({
      net: extractTax(10_499, 5).net,
      vat: extractTax(10_499, 5).tax,
    });
  });

  it('tax-exclusive rental: the separate tax charge spreads over the taxable lines, fines stay out of scope', () => {
    const ledger: ChargeEntry[] = [
      { id: 'A', type: 'charge', category: 'base_rental', amountMinor: 30_000, lineCode: 'base_rental' },
      { id: 'B', type: 'charge', category: 'insurance', amountMinor: 3_333, lineCode: 'insurance' },
      { id: 'F', type: 'charge', category: 'traffic_fines', amountMinor: 50_000, lineCode: null },
      { id: 'T', type: 'charge', category: 'tax', amountMinor: 1_667, lineCode: 'tax' },
    ];
    const lines = invoiceLines(ledger, ledger, ctx);
    expect(lines.map((l) => [l.chargeId, l.netMinor, l.vatMinor, l.vatCode])).toEqual([
      ['A', 30_000, 1_500, 'AE_SR_DU'],
      ['B', 3_333, 167, 'AE_SR_DU'],
      ['F', 50_000, 0, null],
    ]);
    expect(foldedTaxChargeIds(ledger)).toEqual(['T']);
    expect(invoiceTotals(lines)).toEqual({ subtotalMinor: 83_333, vatMinor: 1_667, totalMinor: 85_000 });
  });

  it('a fully reversed charge is not on the invoice; deposits never are', () => {
    const ledger: ChargeEntry[] = [
      { id: 'A', type: 'charge', category: 'damage_fees', amountMinor: 1_000 },
      { id: 'AR', type: 'charge', category: 'damage_fees', amountMinor: 1_000, reversesId: 'A' },
      { id: 'D', type: 'charge', category: 'security_deposit', amountMinor: 5_000 },
    ];
    expect(invoiceLines(ledger.filter(isInvoiceableCharge), ledger, ctx)).toEqual([]);
  });

  it('spread keeps the exact sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        (amount, weights) => {
          expect(spread(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
        },
      ),
    );
  });
});

describe("invoice lines: quantity × unit price and each line's own VAT (issue 26)", () => {
  const rates = rentalUnitRates({
    dailyRateMinor: 45_000,
    youngDriverFeePerDayMinor: 2_500,
    extraChargePerKmMinor: 50,
    monthlyRateMinor: 900_000,
  });
  const c = { ...ctx, unitRates: rates };

  it('2 days × 450 (not 1 × 900); km and young-driver fee by their rates; an odd amount stays 1 × net', () => {
    const ledger: ChargeEntry[] = [
      {
        id: 'A',
        type: 'charge',
        category: 'base_rental',
        amountMinor: 90_000,
        lineCode: 'base_rental',
        postedAt: 't1',
      },
      { id: 'Y', type: 'charge', category: 'other', amountMinor: 5_000, lineCode: 'young_driver_fee', postedAt: 't1' },
      { id: 'T', type: 'charge', category: 'tax', amountMinor: 4_750, lineCode: 'tax', postedAt: 't1' },
      { id: 'K', type: 'charge', category: 'extra_km', amountMinor: 6_000, lineCode: 'extra_km', postedAt: 't2' },
      {
        id: 'D',
        type: 'charge',
        category: 'damage_fees',
        amountMinor: 12_345,
        lineCode: 'damage_fees',
        postedAt: 't3',
      },
    ];
    const lines = invoiceLines(ledger, ledger, c);
    expect(lines.map((l) => [l.chargeId, l.quantity, l.unitPriceMinor, l.netMinor])).toEqual([
      ['A', 2, 45_000, 90_000],
      ['Y', 2, 2_500, 5_000],
      ['K', 120, 50, 6_000],
      ['D', 1, 12_345, 12_345],
    ]);
    for (const l of lines) expect(l.quantity * l.unitPriceMinor).toBe(l.netMinor);
  });

  it("the ledger's own quantity wins; a tax-included net that does not divide stays 1 × net", () => {
    const own: ChargeEntry[] = [
      {
        id: 'P',
        type: 'charge',
        category: 'base_rental',
        amountMinor: 90_000,
        lineCode: 'base_rental',
        quantity: 3,
        unitAmountMinor: 30_000,
      },
    ];
    expect(invoiceLines(own, own, c)[0]).toMatchObject({ quantity: 3, unitPriceMinor: 30_000 });
    const gross: ChargeEntry[] = [
      { id: 'G', type: 'charge', category: 'base_rental', amountMinor: 135_000, lineCode: 'base_rental' },
    ];
    const [g] = invoiceLines(gross, gross, { ...c, taxIncluded: true });
    expect(g.netMinor + g.vatMinor).toBe(135_000);
    expect(g.quantity * g.unitPriceMinor).toBe(g.netMinor);
  });

  it('a recharged toll is standard-rated on its own line: its VAT is not spread onto the rent', () => {
    const ledger: ChargeEntry[] = [
      {
        id: 'A',
        type: 'charge',
        category: 'base_rental',
        amountMinor: 90_000,
        lineCode: 'base_rental',
        postedAt: 't1',
      },
      { id: 'T', type: 'charge', category: 'tax', amountMinor: 4_500, lineCode: 'tax', postedAt: 't1' },
      {
        id: 'S',
        type: 'charge',
        category: 'salik_charges',
        amountMinor: 1_600,
        lineCode: TAXED_TOLL_LINE,
        postedAt: 't2',
      },
      { id: 'SV', type: 'charge', category: 'tax', amountMinor: 80, lineCode: null, postedAt: 't2' },
      { id: 'F', type: 'charge', category: 'other', amountMinor: 1_050, lineCode: null, postedAt: 't2' },
      { id: 'X', type: 'charge', category: 'traffic_fines', amountMinor: 50_000, lineCode: null, postedAt: 't3' },
    ];
    const lines = invoiceLines(ledger, ledger, c);
    expect(lines.map((l) => [l.chargeId, l.netMinor, l.vatCode, l.vatRatePercent, l.vatMinor])).toEqual([
      ['A', 90_000, 'AE_SR_DU', 5, 4_500],
      ['S', 1_600, 'AE_SR_DU', 5, 80],
      ['F', 1_000, 'AE_SR_DU', 5, 50],
      ['X', 50_000, null, 0, 0],
    ]);
    const gl = glFigures(ledger, c);
    expect(invoiceTotals(lines)).toEqual({ subtotalMinor: 142_600, vatMinor: gl.vat, totalMinor: gl.receivable });
  });

  it("per-line rounding: each line's VAT within one minor unit of net × rate, the invoice VAT their sum", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 999_999 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(5, 15, 16),
        (nets, rate) => {
          const tax = Math.round((nets.reduce((a, b) => a + b, 0) * rate) / 100);
          const ledger: ChargeEntry[] = [
            ...nets.map((n, i) => ({
              id: `L${i}`,
              type: 'charge' as const,
              category: 'other' as const,
              amountMinor: n,
              lineCode: 'extra',
              postedAt: 'b',
            })),
            { id: 'T', type: 'charge', category: 'tax', amountMinor: tax, lineCode: 'tax', postedAt: 'b' },
          ];
          const lines = invoiceLines(ledger, ledger, { ...c, taxRatePercent: rate });
          for (const l of lines) expect(Math.abs(l.vatMinor - (l.netMinor * rate) / 100)).toBeLessThan(1 + 1e-9);
          expect(invoiceTotals(lines).vatMinor).toBe(lines.reduce((s, l) => s + l.vatMinor, 0));
          expect(invoiceTotals(lines).vatMinor).toBe(tax);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('ZATCA phase-1 QR (TLV, Base64)', () => {
  const fields = {
    sellerName: 'شركة سيارة لتأجير السيارات',
    vatNumber: '300000000000003',
    timestamp: '2026-11-26T09:30:00Z',
    totalWithVat: '1150.00',
    vatTotal: '150.00',
  };

  it('decodes an Arabic seller name: lengths are UTF-8 bytes, values round-trip', () => {
    const records = decodeZatcaPayload(zatcaQrPayload(fields));
    expect(records.map((r) => r.tag)).toEqual([1, 2, 3, 4, 5]);
    expect(records[0]).toEqual({
      tag: 1,
      length: new TextEncoder().encode(fields.sellerName).length,
      value: fields.sellerName,
    });
    expect(records[0].length).toBeGreaterThan(fields.sellerName.length); // 2 bytes per Arabic letter
    expect(records.slice(1).map((r) => r.value)).toEqual([
      fields.vatNumber,
      fields.timestamp,
      fields.totalWithVat,
      fields.vatTotal,
    ]);
  });

  it('writes the exact bytes of the first record', () => {
    const bytes = zatcaTlv({ ...fields, sellerName: 'سيارة' });
    // 5 Arabic letters × 2 bytes; سيارة = D8 B3 D9 8A D8 A7 D8 B1 D8 A9
    expect(Array.from(bytes.slice(0, 12))).toEqual([1, 10, 0xd8, 0xb3, 0xd9, 0x8a, 0xd8, 0xa7, 0xd8, 0xb1, 0xd8, 0xa9]);
  });

  it('cuts a value longer than 255 bytes at a character edge', () => {
    const records = decodeZatcaPayload(zatcaQrPayload({ ...fields, sellerName: 'س'.repeat(200) }));
    expect(records[0].length).toBe(254);
    expect(records[0].value).toBe('س'.repeat(127));
  });
});

import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { ACCOUNT_CODES } from '../accounting/chart';
import { rentalJournalLines } from '../accounting/posting-rules';
import { extractTax } from '../money';
import { foldedTaxChargeIds, invoiceLines, invoiceTotals, isInvoiceableCharge, spread, type ChargeEntry, type InvoiceContext } from './totals';
import { decodeZatcaPayload, zatcaQrPayload, zatcaTlv } from './zatca';

const ctx: InvoiceContext = { rentalId: 'R1', taxRatePercent: 5, taxIncluded: false, vatEnabled: true, outputVatCode: 'AE_SR_DU' };

/** What the GL holds for these movements: the receivable and the VAT output (credit − debit). */
function glFigures(ledger: ChargeEntry[], c: InvoiceContext) {
  const lines = rentalJournalLines(ledger, { ...c, methodAccounts: {} });
  const sum = (code: string, sign: 1 | -1) => lines.filter((l) => l.accountCode === code).reduce((s, l) => s + sign * (l.debitMinor - l.creditMinor), 0);
  return { receivable: sum(ACCOUNT_CODES.receivables, 1), vat: sum(ACCOUNT_CODES.vatOutput, -1) };
}

const CATEGORIES = ['base_rental', 'insurance', 'extra_km', 'fuel_charges', 'late_fees', 'damage_fees', 'other', 'salik_charges', 'traffic_fines', 'tax'] as const;

const chargeArb = fc.record({
  category: fc.constantFrom(...CATEGORIES),
  amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
  priced: fc.boolean(),
  reversedPart: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});

type ChargeSpec = { category: (typeof CATEGORIES)[number]; amountMinor: number; priced: boolean; reversedPart?: number };

function buildLedger(specs: ChargeSpec[]): ChargeEntry[] {
  const ledger: ChargeEntry[] = [];
  specs.forEach((s, i) => {
    const id = `C${String(i).padStart(3, '0')}`;
    ledger.push({ id, type: 'charge', category: s.category, amountMinor: s.amountMinor, lineCode: s.priced ? s.category : null });
    const part = s.reversedPart === undefined ? 0 : Math.floor(s.amountMinor * s.reversedPart);
    if (part > 0) ledger.push({ id: `${id}R`, type: 'charge', category: s.category, amountMinor: part, reversesId: id, lineCode: s.priced ? s.category : null });
  });
  return ledger;
}

describe('invoice totals equal the ledger (GL) for random charge sets', () => {
  it('subtotal + VAT = total = receivable posted; VAT = VAT output posted; lines add up', () => {
    fc.assert(fc.property(
      fc.array(chargeArb, { minLength: 1, maxLength: 12 }),
      fc.constantFrom(0, 5, 15, 16, 7.5),
      fc.boolean(), fc.boolean(),
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
    ), { numRuns: 300 });
  });

  it('tax-included charge: VAT extracted exactly as the GL did (rounding of 10,499 at 5%)', () => {
    const ledger: ChargeEntry[] = [{ id: 'A', type: 'charge', category: 'base_rental', amountMinor: 10_499, lineCode: 'base_rental' }];
    const [line] = invoiceLines(ledger, ledger, { ...ctx, taxIncluded: true });
    expect({ net: line.netMinor, vat: line.vatMinor }).toEqual({ net: extractTax(10_499, 5).net, vat: extractTax(10_499, 5).tax });
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
      ['A', 30_000, 1_500, 'AE_SR_DU'], ['B', 3_333, 167, 'AE_SR_DU'], ['F', 50_000, 0, null],
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
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 10 }), (amount, weights) => {
      expect(spread(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }));
  });
});

describe('ZATCA phase-1 QR (TLV, Base64)', () => {
  const fields = { sellerName: 'شركة سيارة لتأجير السيارات', vatNumber: '300000000000003', timestamp: '2026-11-26T09:30:00Z', totalWithVat: '1150.00', vatTotal: '150.00' };

  it('decodes an Arabic seller name: lengths are UTF-8 bytes, values round-trip', () => {
    const records = decodeZatcaPayload(zatcaQrPayload(fields));
    expect(records.map((r) => r.tag)).toEqual([1, 2, 3, 4, 5]);
    expect(records[0]).toEqual({ tag: 1, length: new TextEncoder().encode(fields.sellerName).length, value: fields.sellerName });
    expect(records[0].length).toBeGreaterThan(fields.sellerName.length); // 2 bytes per Arabic letter
    expect(records.slice(1).map((r) => r.value)).toEqual([fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal]);
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

import { describe, expect, it } from 'vitest';
import { REGION_CODES } from '../regions';
import { DEFAULT_VAT_CODES, vatCodeInfo, vatCodesOf } from './vat';
import { vatReturn } from './vat-return';

describe('VAT returns', () => {
  it('UAE VAT 201: boxes 1a–1g per emirate, totals 8 and 11, payable 14', () => {
    const r = vatReturn('AE', {
      AE_SR_DU: { baseMinor: 100_000, taxMinor: 5_000 },
      AE_SR_AZ: { baseMinor: 20_000, taxMinor: 1_000 },
      AE_ZR: { baseMinor: 7_000, taxMinor: 0 },
      AE_IN_SR: { baseMinor: -40_000, taxMinor: -2_000 }, // purchases are debits
    });
    const b = Object.fromEntries(r.boxes.map((x) => [x.box, x]));
    expect(r.boxes.map((x) => x.box)).toEqual([
      '1a',
      '1b',
      '1c',
      '1d',
      '1e',
      '1f',
      '1g',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
    ]);
    expect(b['1b']).toMatchObject({ amountMinor: 100_000, vatMinor: 5_000 });
    expect(b['1a']).toMatchObject({ amountMinor: 20_000, vatMinor: 1_000 });
    expect(b['8']).toMatchObject({ amountMinor: 127_000, vatMinor: 6_000 });
    expect(b['9']).toMatchObject({ amountMinor: 40_000, vatMinor: 2_000 });
    expect(b['14'].vatMinor).toBe(4_000);
    expect(r.netPayableMinor).toBe(4_000);
  });
  it('KSA return: boxes 1–16, net due = output − input', () => {
    const r = vatReturn('SA', {
      SA_SR: { baseMinor: 200_000, taxMinor: 30_000 },
      SA_IN_SR: { baseMinor: -100_000, taxMinor: -15_000 },
    });
    expect(r.boxes.map((x) => x.box)).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
    expect(r.boxes.find((x) => x.box === '16')!.vatMinor).toBe(15_000);
  });
  it('Jordan GST and USA sales tax summaries', () => {
    expect(vatReturn('JO', { JO_SR: { baseMinor: 1000, taxMinor: 160 } }).netPayableMinor).toBe(160);
    const us = vatReturn('US', { US_TAX: { baseMinor: 1000, taxMinor: 70 }, US_EX: { baseMinor: 500, taxMinor: 0 } });
    expect(us.boxes.find((x) => x.box === '3')!.amountMinor).toBe(1500);
    expect(us.netPayableMinor).toBe(70);
  });
  it.each(REGION_CODES)('%s default codes exist and belong to the region', (region) => {
    const d = DEFAULT_VAT_CODES[region];
    expect(vatCodeInfo(d.output)).toMatchObject({ region, direction: 'output' });
    expect(vatCodeInfo(d.exempt)).toMatchObject({ region, direction: 'output', ratePercent: 0 });
    if (d.input) expect(vatCodeInfo(d.input)).toMatchObject({ region, direction: 'input' });
    expect(vatCodesOf(region).length).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import { csvField, toCsv, UTF8_BOM } from './csv';

describe('CSV (RFC 4180 + BOM)', () => {
  it('quotes fields with commas, quotes and line breaks; doubles quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
  });
  it('amounts with two decimals, CRLF rows, BOM first, Arabic kept', () => {
    const csv = toCsv(['code', 'name', 'debit'], [['1110', 'النقد في الصندوق', 1250.5]]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}code,name,debit\r\n1110,النقد في الصندوق,1250.50\r\n`);
  });
  it('counts stay integers; amount columns keep two decimals (issue 27)', () => {
    const csv = toCsv(['vehicle', 'rentals', 'revenue', 'rate'], [['Camry', 3, 150, 12.5]], { money: [false, false, true, false] });
    expect(csv).toBe(`${UTF8_BOM}vehicle,rentals,revenue,rate\r\nCamry,3,150.00,12.50\r\n`);
    expect(csvField(3)).toBe('3');
    expect(csvField(3, true)).toBe('3.00');
  });
});

import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv, UTF8_BOM } from './csv';

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
    const csv = toCsv(['vehicle', 'rentals', 'revenue', 'rate'], [['Camry', 3, 150, 12.5]], {
      money: [false, false, true, false],
    });
    expect(csv).toBe(`${UTF8_BOM}vehicle,rentals,revenue,rate\r\nCamry,3,150.00,12.50\r\n`);
    expect(csvField(3)).toBe('3');
    expect(csvField(3, true)).toBe('3.00');
  });
});

describe('CSV formula guard (OWASP CSV injection)', () => {
  it('prefixes text cells starting with = + - @ tab or CR with a quote; numbers stay numbers', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+971 50 000 0000')).toBe("'+971 50 000 0000");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-150, true)).toBe('-150.00');
    expect(csvField(-3)).toBe('-3');
  });
});

describe('parseCsv (imports) reads what toCsv writes', () => {
  it('round-trips quotes, commas, embedded newlines, Arabic, CRLF and LF', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', 'النقد'],
      ['1', '', 'x', 'y'],
    ];
    const csv = toCsv(rows[0]!, [rows[1]!]);
    expect(parseCsv(csv)).toEqual(rows);
    expect(parseCsv('h1,h2\n1,2\n\n3,"4\r\n5"\n')).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
      ['3', '4\r\n5'],
    ]);
  });
});

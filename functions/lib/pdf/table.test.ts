import { describe, expect, it } from 'vitest';
import { layoutTable, physicalAlign, type TableColumn } from './table';
import { wrapText } from './wrap';

/** A monospaced stand-in: every character 5 points wide at any size. */
const mono = { widthOfTextAtSize: (text: string) => Array.from(text).length * 5 };

const columns: TableColumn[] = [
  { header: 'Item', width: 3 },
  { header: 'Qty', width: 1, align: 'center' },
  { header: 'Amount', width: 2, align: 'end' },
];

describe('layoutTable', () => {
  it('left to right: first column on the left, amounts right-aligned', () => {
    const t = layoutTable({
      columns,
      rows: [['Daily rate', '3', 'AED 450.00']],
      x: 40,
      width: 600,
      direction: 'ltr',
      font: mono,
      headerFont: mono,
      size: 9,
    });
    expect(t.columnX).toEqual([40, 340, 440]);
    expect(t.columnWidth).toEqual([300, 100, 200]);
    expect(t.rows[0].map((c) => c.align)).toEqual(['left', 'center', 'right']);
  });

  it('right to left: the columns flip (first column on the right) and so does start/end', () => {
    const t = layoutTable({
      columns,
      rows: [['السعر اليومي', '3', 'AED 450.00']],
      x: 40,
      width: 600,
      direction: 'rtl',
      font: mono,
      headerFont: mono,
      size: 9,
    });
    expect(t.columnX).toEqual([340, 240, 40]);
    expect(t.rows[0].map((c) => c.align)).toEqual(['right', 'center', 'left']);
    expect(t.header[0].x).toBe(344); // padding inside the cell
  });

  it('wraps long cells within their column', () => {
    const t = layoutTable({
      columns,
      rows: [['a long description of the charge', '1', '5']],
      x: 0,
      width: 120,
      direction: 'ltr',
      font: mono,
      headerFont: mono,
      size: 9,
    });
    // column 0 is 60 wide, 52 after padding: at most 10 characters a line
    expect(t.rows[0][0].lines).toEqual(['a long', 'descriptio', 'n of the', 'charge']);
  });

  it('never cuts a word when the columns can hold their words: a narrow date column takes room from the wide one (issue 27)', () => {
    const cols: TableColumn[] = [
      { header: 'Date', width: 0.6 },
      { header: 'Description', width: 4 },
      { header: 'Balance', width: 1.3, align: 'end' },
    ];
    const t = layoutTable({
      columns: cols,
      rows: [['26/11/2026', 'Payroll transfer to the payroll account', '12,500.00']],
      x: 0,
      width: 400,
      direction: 'ltr',
      font: mono,
      headerFont: mono,
      size: 9,
    });
    expect(t.rows[0][0].lines).toEqual(['26/11/2026']);
    expect(t.rows[0][2].lines).toEqual(['12,500.00']);
    expect(t.header.map((c) => c.lines.length)).toEqual([1, 1, 1]);
    expect(t.columnWidth.reduce((a, b) => a + b, 0)).toBeCloseTo(400, 6);
    // Every line is a whole word or words of its cell.
    expect(t.rows[0][1].lines.join(' ')).toBe('Payroll transfer to the payroll account');
  });

  it('start/end map to physical sides by direction', () => {
    expect(physicalAlign('start', 'ltr')).toBe('left');
    expect(physicalAlign('end', 'ltr')).toBe('right');
    expect(physicalAlign('start', 'rtl')).toBe('right');
    expect(physicalAlign('end', 'rtl')).toBe('left');
  });
});

describe('wrapText', () => {
  it('wraps both scripts at spaces, keeps newlines, never exceeds the width', () => {
    const text = 'يلتزم المستأجر بإعادة المركبة Renter returns the vehicle\nسطر جديد';
    const lines = wrapText(text, mono, 9, 60);
    for (const l of lines) expect(Array.from(l).length * 5).toBeLessThanOrEqual(60);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(lines[lines.length - 1]).toBe('سطر جديد');
  });

  it('measures Arabic shaped (lam-alef is one glyph)', () => {
    // "السلام" is 6 letters but 5 glyphs once shaped: fits in 25 points.
    expect(wrapText('السلام', mono, 9, 25)).toEqual(['السلام']);
  });
});

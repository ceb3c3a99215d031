import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fontkit from '@pdf-lib/fontkit';
import { detectDirection, pdfRuns, visualOrder, type TextDirection } from './bidi';
import { shapeArabic } from './shaping';

/**
 * What ends up on the page: the runs handed to pdf-lib, laid out by fontkit exactly as pdf-lib
 * does (font.layout), their glyphs' code points read left to right.
 */
const font = fontkit.create(readFileSync(new URL('./fonts/DejaVuSans.ttf', import.meta.url)));
const drawn = (text: string, direction: TextDirection | 'auto' = 'rtl') =>
  pdfRuns(visualOrder(text, direction))
    .flatMap((run) => font.layout(run.text).glyphs.flatMap((g: { codePoints: number[] }) => g.codePoints))
    .map((c: number) => String.fromCodePoint(c))
    .join('');

/** An Arabic word as it stands on the page: shaped, last letter on the left. */
const ar = (word: string) => Array.from(shapeArabic(word)).reverse().join('');

describe('glyph order on the page (bidi-js + shaping + fontkit)', () => {
  it('mixed Arabic, Latin, digits, brackets and an amount in a right-to-left line', () => {
    expect(drawn('المبلغ (AED 1,250.50) للعقد CNT-1001')).toBe(
      `CNT-1001 ${ar('للعقد')} (AED 1,250.50) ${ar('المبلغ')}`,
    );
  });

  it('Arabic words read right to left; numbers, plates and references stay whole', () => {
    expect(drawn('سلام عليكم')).toBe(`${ar('عليكم')} ${ar('سلام')}`);
    expect(drawn('اللوحة DXB A 123')).toBe(`DXB A 123 ${ar('اللوحة')}`);
    expect(drawn('المبلغ 150.00 درهم')).toBe(`${ar('درهم')} 150.00 ${ar('المبلغ')}`);
    expect(drawn('رقم العقد: CNT-1001')).toBe(`CNT-1001 :${ar('العقد')} ${ar('رقم')}`);
  });

  it('a line that starts, in visual order, with Latin is not reversed by fontkit', () => {
    // fontkit picks a string's direction from its first letter: this line begins (visually)
    // with "CNT" and ends with Arabic, the case a single drawText got wrong.
    expect(drawn('عقد CNT-1001')).toBe(`CNT-1001 ${ar('عقد')}`);
  });

  it('brackets around Arabic in a right-to-left line are mirrored so they still enclose it', () => {
    expect(drawn('الاسم (عمر)')).toBe(`(${ar('عمر')}) ${ar('الاسم')}`);
    expect(drawn('[نص] وتعليق')).toBe(`${ar('وتعليق')} [${ar('نص')}]`);
  });

  it('a left-to-right line with an Arabic name inside', () => {
    expect(drawn('Customer عمر خليل (VIP) 2 days', 'ltr')).toBe(`Customer ${ar('خليل')} ${ar('عمر')} (VIP) 2 days`);
    expect(drawn('Omar Khalil', 'auto')).toBe('Omar Khalil');
  });

  it('Arabic-Indic digits keep their left-to-right order inside Arabic', () => {
    expect(drawn('المبلغ ١٢٣ درهم')).toBe(`${ar('درهم')} ١٢٣ ${ar('المبلغ')}`);
  });

  it('detects the paragraph direction from the first strong letter', () => {
    expect(detectDirection('عقد CNT-1001')).toBe('rtl');
    expect(detectDirection('CNT-1001 عقد')).toBe('ltr');
    expect(detectDirection('1,250.50')).toBe('ltr');
  });

  it('keeps every character: the page shows a permutation of the shaped text (mirrored brackets aside)', () => {
    const alphabet = [...'ابتسلمعقد', ...'AEDCNT', ...'0123456789', ' ', '(', ')', '-', ',', '.'];
    const unmirror = (s: string) => s.replace(/[()]/g, 'b');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }),
        fc.constantFrom<TextDirection>('ltr', 'rtl'),
        (chars, dir) => {
          const text = chars.join('');
          const sorted = (s: string) => Array.from(unmirror(s)).sort().join('');
          expect(sorted(drawn(text, dir))).toBe(sorted(shapeArabic(text)));
        },
      ),
    );
  });
});

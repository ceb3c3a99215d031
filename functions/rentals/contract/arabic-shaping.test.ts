import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasRtl, reorderRtl, shapeArabic, toVisual } from './arabic-shaping';

const cp = (s: string) => Array.from(s, (c) => c.codePointAt(0)!.toString(16).toUpperCase());

describe('shapeArabic', () => {
  it('gives a lone letter its isolated form', () => {
    expect(cp(shapeArabic('ب'))).toEqual(['FE8F']);
  });

  it('joins initial, medial and final forms', () => {
    // بيت: beh initial, yeh medial, teh final
    expect(cp(shapeArabic('بيت'))).toEqual(['FE91', 'FEF4', 'FE96']);
  });

  it('does not join after a right-joining letter (dal, alef, reh, waw)', () => {
    // دار: dal isolated, alef isolated (dal does not join forward), reh isolated after alef
    expect(cp(shapeArabic('دار'))).toEqual(['FEA9', 'FE8D', 'FEAD']);
    // سيارة: seen initial, yeh medial, alef final, reh isolated, teh marbuta isolated
    expect(cp(shapeArabic('سيارة'))).toEqual(['FEB3', 'FEF4', 'FE8E', 'FEAD', 'FE93']);
  });

  it('makes lam-alef one ligature, final after a joining letter', () => {
    expect(cp(shapeArabic('لا'))).toEqual(['FEFB']);
    expect(cp(shapeArabic('سلام'))).toEqual(['FEB3', 'FEFC', 'FEE1']);
    expect(cp(shapeArabic('لأ'))).toEqual(['FEF7']);
  });

  it('lets diacritics through without breaking the join', () => {
    // بَت: beh with fatha still joins teh
    expect(cp(shapeArabic('بَت'))).toEqual(['FE91', '64E', 'FE96']);
  });

  it('leaves Latin, digits and spaces alone', () => {
    expect(shapeArabic('RENT-1001 ok')).toBe('RENT-1001 ok');
  });

  it('never lengthens text and maps every Arabic letter into the presentation forms', () => {
    const letters = 'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىي';
    fc.assert(fc.property(fc.array(fc.constantFrom(...letters, ' '), { maxLength: 30 }), (chars) => {
      const text = chars.join('');
      const shaped = shapeArabic(text);
      expect(Array.from(shaped).length).toBeLessThanOrEqual(Array.from(text).length);
      for (const c of shaped) {
        const code = c.codePointAt(0)!;
        expect(c === ' ' || (code >= 0xfe70 && code <= 0xfeff)).toBe(true);
      }
    }));
  });
});

describe('reorderRtl', () => {
  it('reverses Arabic and keeps Latin and digit runs left-to-right', () => {
    expect(reorderRtl('abc')).toBe('abc');
    expect(reorderRtl('\uFE91\uFEF4\uFE96')).toBe('\uFE96\uFEF4\uFE91');
    // "عقد CNT-1001": the LTR run (with its inner dash) stays whole and goes to the left.
    expect(reorderRtl('عقد CNT-1001')).toBe('CNT-1001 دقع');
    expect(reorderRtl('المبلغ 1,234.50 درهم')).toBe('مهرد 1,234.50 غلبملا');
  });

  it('mirrors brackets inside right-to-left runs', () => {
    expect(reorderRtl('(نص)')).toBe('(صن)');
  });

  it('is an involution on pure Arabic text', () => {
    const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي ';
    fc.assert(fc.property(fc.array(fc.constantFrom(...letters), { maxLength: 40 }), (chars) => {
      const text = chars.join('');
      expect(reorderRtl(reorderRtl(text))).toBe(text);
    }));
  });
});

describe('toVisual / hasRtl', () => {
  it('shapes then reorders', () => {
    expect(cp(toVisual('بيت'))).toEqual(['FE96', 'FEF4', 'FE91']);
    expect(hasRtl('Contract')).toBe(false);
    expect(hasRtl('عقد')).toBe(true);
  });
});

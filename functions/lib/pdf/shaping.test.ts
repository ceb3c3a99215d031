import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasRtl, shapeArabic } from './shaping';

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
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters, ' '), { maxLength: 30 }), (chars) => {
        const text = chars.join('');
        const shaped = shapeArabic(text);
        expect(Array.from(shaped).length).toBeLessThanOrEqual(Array.from(text).length);
        for (const c of shaped) {
          const code = c.codePointAt(0)!;
          expect(c === ' ' || (code >= 0xfe70 && code <= 0xfeff)).toBe(true);
        }
      }),
    );
  });
});

describe('hasRtl', () => {
  it('tells Arabic (letters or presentation forms) from Latin and digits', () => {
    expect(hasRtl('Contract 1001')).toBe(false);
    expect(hasRtl('عقد')).toBe(true);
    expect(hasRtl(shapeArabic('عقد'))).toBe(true);
  });
});

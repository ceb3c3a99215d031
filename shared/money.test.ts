import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMinor,
  extractTax,
  formatAmount,
  formatMoney,
  fromMinor,
  hasAtMostDecimals,
  MAX_MONEY_MINOR,
  minorToDecimalString,
  roundToMinor,
  MoneyError,
  moneyAmount,
  moneyAmountMinor,
  mulDiv,
  mulRate,
  percentOf,
  positiveMoneyAmount,
  rateToPercent,
  roundHalfUp,
  signedMoneyAmount,
  subtractMinor,
  sumMinor,
  taxOnNet,
  toMinor,
} from './money';

const minorArb = fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR });
const nonNegMinor = fc.integer({ min: 0, max: MAX_MONEY_MINOR });
const percentArb = fc.oneof(
  fc.constantFrom(0, 5, 15, 16, 7.5, 0.5, 100),
  fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
);

describe('toMinor', () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1999],
    [0.1, 10],
    [0.29, 29],
    [1.01, 101],
    [1234.5, 123450],
    [-3.1, -310],
    [9_999_999_999.99, 999_999_999_999],
  ])('number %s → %s', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    [' 7.05 ', 705],
    ['.5', 50],
    ['-0.01', -1],
    ['1e2', 10000],
    ['12.500', 1250], // trailing zeros are not extra precision
  ])('string %j → %s', (input, expected) => {
    expect(toMinor(input, 'AED')).toBe(expected);
  });

  it('rejects more than two decimals with the spec message', () => {
    expect(() => toMinor(1.234)).toThrow('Amount must have at most 2 decimal places');
    expect(() => toMinor('0.001')).toThrow(MoneyError);
    expect(() => toMinor(0.1 + 0.2)).toThrow('Amount must have at most 2 decimal places');
    expect(() => toMinor(1e-7)).toThrow('Amount must have at most 2 decimal places');
    // JOD is stored in hundredths like every currency: fils are rejected too.
    expect(() => toMinor('1.125', 'JOD')).toThrow('Amount must have at most 2 decimal places');
  });

  it('rejects non-numbers and out-of-range values', () => {
    for (const bad of [NaN, Infinity, -Infinity, '', 'abc', '1,000', '12.3.4', '0x10']) {
      expect(() => toMinor(bad as number | string)).toThrow(MoneyError);
    }
    expect(() => toMinor(1e300)).toThrow('Amount is too large');
  });

  it('round-trips with fromMinor for every two-decimal amount', () => {
    fc.assert(
      fc.property(minorArb, (m) => {
        expect(toMinor(fromMinor(m))).toBe(m);
        expect(toMinor(minorToDecimalString(m))).toBe(m);
      }),
    );
  });
});

describe('fromMinor / minorToDecimalString', () => {
  it('converts exactly', () => {
    expect(fromMinor(12345)).toBe(123.45);
    expect(fromMinor(-1)).toBe(-0.01);
    expect(String(fromMinor(1999))).toBe('19.99');
    expect(minorToDecimalString(5)).toBe('0.05');
    expect(minorToDecimalString(-123450)).toBe('-1234.50');
    expect(minorToDecimalString(0)).toBe('0.00');
  });
  it('rejects non-integers', () => {
    expect(() => fromMinor(1.5)).toThrow(MoneyError);
    expect(() => minorToDecimalString(NaN)).toThrow(MoneyError);
  });
});

describe('roundToMinor', () => {
  it('rounds a major amount with float noise to integer minor units', () => {
    expect(roundToMinor(0.1 + 0.2)).toBe(30);
    expect(roundToMinor(12.3)).toBe(1230);
    expect(roundToMinor(-4.56)).toBe(-456);
    expect(roundToMinor(1.005)).toBe(100);
    expect(() => roundToMinor(Number.NaN)).toThrow(MoneyError);
  });
});

describe('zod schemas', () => {
  it('moneyAmount accepts non-negative amounts with ≤ 2 decimals', () => {
    for (const ok of [0, 1, 19.99, 0.5, 9_999_999_999.99]) expect(moneyAmount.safeParse(ok).success).toBe(true);
  });
  it('moneyAmount rejects 3 decimals with the exact message', () => {
    const r = moneyAmount.safeParse(1.234);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Amount must have at most 2 decimal places']);
  });
  it('moneyAmount rejects negatives, strings, NaN, Infinity, too large', () => {
    expect(moneyAmount.safeParse(-1).error!.issues[0].message).toBe('Amount cannot be negative');
    expect(moneyAmount.safeParse('12').error!.issues[0].message).toBe('Amount must be a valid number');
    expect(moneyAmount.safeParse(NaN).success).toBe(false);
    expect(moneyAmount.safeParse(Infinity).success).toBe(false);
    expect(moneyAmount.safeParse(1e11).error!.issues[0].message).toBe('Amount is too large');
  });
  it('positiveMoneyAmount rejects zero', () => {
    expect(positiveMoneyAmount.safeParse(0).error!.issues[0].message).toBe('Amount must be greater than 0');
    expect(positiveMoneyAmount.safeParse(0.01).success).toBe(true);
  });
  it('signedMoneyAmount accepts negatives but not 3 decimals', () => {
    expect(signedMoneyAmount.safeParse(-12.5).success).toBe(true);
    expect(signedMoneyAmount.safeParse(-12.555).error!.issues[0].message).toBe(
      'Amount must have at most 2 decimal places',
    );
  });
  it('moneyAmountMinor yields integer minor units', () => {
    expect(moneyAmountMinor.parse(19.99)).toBe(1999);
  });
  it('hasAtMostDecimals uses the shortest spelling', () => {
    expect(hasAtMostDecimals(0.3)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostDecimals(1.5, 0)).toBe(false);
  });
});

describe('arithmetic', () => {
  it('addMinor / sumMinor / subtractMinor', () => {
    expect(addMinor(1, 2, 3)).toBe(6);
    expect(addMinor()).toBe(0);
    expect(sumMinor([10, -4])).toBe(6);
    expect(subtractMinor(10, 25)).toBe(-15);
    expect(() => addMinor(1, 0.5)).toThrow(MoneyError);
    expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow('Amount is too large');
  });

  it('roundHalfUp rounds half away from zero', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(roundHalfUp(2.4999)).toBe(2);
    expect(roundHalfUp(-0.4)).toBe(0);
    expect(roundHalfUp('1.5')).toBe(2);
    expect(roundHalfUp(0.5)).toBe(1);
  });

  it('mulRate is exact where floats are not', () => {
    // 1.005 * 1000 = 1004.9999999999999 in floats; the exact product is 1005.
    expect(mulRate(1000, 1.005)).toBe(1005);
    expect(mulRate(1005, 0.5)).toBe(503); // 502.5 → 503
    expect(mulRate(-1005, 0.5)).toBe(-503);
    expect(mulRate(1234, '0.05')).toBe(62); // 61.7
    expect(mulRate(50, 3)).toBe(150);
    expect(() => mulRate(1.5, 2)).toThrow(MoneyError);
    expect(() => mulRate(100, 'abc')).toThrow(MoneyError);
  });

  it('mulDiv rounds once', () => {
    expect(mulDiv(100_000, 15, 30)).toBe(50_000);
    expect(mulDiv(100, 1, 3)).toBe(33);
    expect(mulDiv(100, 2, 3)).toBe(67);
    expect(mulDiv(1, 1, 2)).toBe(1);
    expect(mulDiv(-1, 1, 2)).toBe(-1);
    expect(() => mulDiv(1, 1, 0)).toThrow(MoneyError);
  });

  it('percentOf', () => {
    expect(percentOf(10_000, 5)).toBe(500);
    expect(percentOf(1_999, 15)).toBe(300); // 299.85
    expect(percentOf(10, 5)).toBe(1); // 0.5 → 1
    expect(percentOf(9, 5)).toBe(0); // 0.45 → 0
  });

  it('rateToPercent', () => {
    expect(rateToPercent(0.05)).toBe(5);
    expect(rateToPercent(0.155)).toBe(15.5);
    expect(rateToPercent(0.16)).toBe(16);
  });

  it('mulRate by an integer equals exact multiplication (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1000, max: 1000 }), (m, k) => {
        expect(mulRate(m, k)).toBe(m * k + 0); // + 0: results are never -0
      }),
    );
  });

  it('mulDiv is within half a unit of the exact value and symmetric in sign (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (m, n, d) => {
          const r = mulDiv(m, n, d);
          expect(Number.isInteger(r)).toBe(true);
          expect(Math.abs(r * d - m * n)).toBeLessThanOrEqual(d / 2);
          expect(mulDiv(-m, n, d)).toBe(-r || 0);
        },
      ),
    );
  });
});

describe('tax', () => {
  it('taxOnNet', () => {
    expect(taxOnNet(10_000, 5)).toBe(500);
    expect(taxOnNet(1_999, 5)).toBe(100); // 99.95 → 100
    expect(taxOnNet(12_345, 15)).toBe(1_852); // 1851.75 → 1852
    expect(taxOnNet(10_000, 0)).toBe(0);
    expect(taxOnNet(10_000, 16)).toBe(1_600);
    expect(() => taxOnNet(100, -5)).toThrow(MoneyError);
    expect(() => taxOnNet(100, NaN)).toThrow(MoneyError);
  });

  it('extractTax', () => {
    expect(extractTax(10_500, 5)).toEqual({ net: 10_000, tax: 500 });
    expect(extractTax(11_500, 15)).toEqual({ net: 10_000, tax: 1_500 });
    expect(extractTax(11_600, 16)).toEqual({ net: 10_000, tax: 1_600 });
    expect(extractTax(100, 5)).toEqual({ net: 95, tax: 5 }); // 4.76 → 5
    expect(extractTax(1_000, 0)).toEqual({ net: 1_000, tax: 0 });
    expect(extractTax(0, 5)).toEqual({ net: 0, tax: 0 });
  });

  it('net + tax === gross, both integers (property)', () => {
    fc.assert(
      fc.property(minorArb, percentArb, (gross, rate) => {
        const { net, tax } = extractTax(gross, rate);
        expect(Number.isSafeInteger(net) && Number.isSafeInteger(tax)).toBe(true);
        expect(net + tax).toBe(gross);
      }),
    );
  });

  it('extracting from net + taxOnNet(net) gives back the net within one minor unit (property)', () => {
    fc.assert(
      fc.property(
        nonNegMinor.filter((n) => n < 1e12),
        percentArb,
        (net, rate) => {
          const gross = net + taxOnNet(net, rate);
          const back = extractTax(gross, rate);
          expect(Math.abs(back.net - net)).toBeLessThanOrEqual(1);
          expect(back.tax).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('formatMoney', () => {
  it('USD: symbol before, two decimals', () => {
    expect(formatMoney(123450, 'US', 'en')).toBe('$1,234.50');
    expect(formatMoney(100, 'US', 'en')).toBe('$1.00');
    expect(formatMoney(10000, 'US', 'en')).toBe('$100.00');
    expect(formatMoney(-500, 'US', 'en')).toBe('-$5.00');
    expect(formatMoney(0, 'US', 'en')).toBe('$0.00');
  });

  it('Gulf currencies: symbol after, in English and Arabic, Latin digits', () => {
    expect(formatMoney(123450, 'AE', 'en')).toBe('1,234.50 د.إ');
    expect(formatMoney(123450, 'AE', 'ar')).toBe('1,234.50 د.إ');
    expect(formatMoney(123450, 'SA', 'ar')).toBe('1,234.50 ر.س');
    expect(formatMoney(-500, 'SA', 'en')).toBe('-5.00 ر.س');
  });

  it('JOD is shown with two decimals, not three', () => {
    expect(formatMoney(123450, 'JO', 'en')).toBe('1,234.50 د.أ');
    expect(formatMoney(123450, 'JO', 'ar')).toBe('1,234.50 د.أ');
  });

  it('Arabic output contains no Arabic-Indic digits', () => {
    for (const r of ['US', 'AE', 'SA', 'JO'] as const) {
      expect(formatMoney(9_876_543_21, r, 'ar')).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    }
  });

  it('currency override and code display', () => {
    expect(formatMoney(5000, 'US', 'en', { currency: 'AED' })).toBe('50.00 د.إ');
    expect(formatMoney(5000, 'US', 'en', { display: 'code' })).toBe('USD 50.00');
    expect(formatMoney(5000, 'AE', 'en', { display: 'code' })).toBe('50.00 AED');
  });

  it('unknown region falls back to US', () => {
    expect(formatMoney(100, 'FR', 'en')).toBe('$1.00');
    expect(formatMoney(100, undefined, undefined)).toBe('$1.00');
  });

  it('formatAmount never shows more or fewer than two decimals (property)', () => {
    fc.assert(
      fc.property(minorArb, fc.constantFrom('US', 'AE', 'SA', 'JO'), fc.constantFrom('en', 'ar'), (m, r, l) => {
        const s = formatAmount(Math.abs(m), r, l);
        expect(s).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(s.replace(/,/g, '')).toBe(minorToDecimalString(Math.abs(m)));
      }),
    );
  });

  it('rejects non-integer minor units', () => {
    expect(() => formatMoney(1.5, 'US', 'en')).toThrow(MoneyError);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOn, driverEligibility, isCalendarDate, licenseStatus, parseCalendarDate } from './age';
import { addDays, daysBetween } from '../calendar';
import { REGION_CODES, REGIONS } from '../regions';

const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it('parses strictly', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '01/02/2024', '', '2024-02-29T00:00:00Z']) {
      expect(() => parseCalendarDate(bad)).toThrow(RangeError);
      expect(isCalendarDate(bad)).toBe(false);
    }
  });
  it('daysBetween and addDays', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2025-01-10', '2025-01-01')).toBe(-9);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('addDays and daysBetween are inverse (property)', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -5000, max: 5000 }), (d, n) => {
        expect(daysBetween(d, addDays(d, n))).toBe(n);
      }),
    );
  });
});

describe('ageOn', () => {
  it('counts completed years', () => {
    expect(ageOn('2000-06-15', '2025-06-14')).toBe(24);
    expect(ageOn('2000-06-15', '2025-06-15')).toBe(25);
    expect(ageOn('2000-06-15', '2025-06-16')).toBe(25);
    expect(ageOn('2000-01-01', '2000-01-01')).toBe(0);
    expect(ageOn('1999-12-31', '2000-01-01')).toBe(0);
  });

  it('Feb 29 birthdays are reached on 1 March in common years', () => {
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2004-02-29', '2024-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('rejects a birth date after the date and invalid dates', () => {
    expect(() => ageOn('2030-01-01', '2025-01-01')).toThrow(RangeError);
    expect(() => ageOn('2000-02-30', '2025-01-01')).toThrow(RangeError);
  });

  it('is monotonic in the date and grows by one each year (property)', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 40000 }), fc.integer({ min: 0, max: 400 }), (dob, d1, extra) => {
        const a = addDays(dob, d1);
        const b = addDays(a, extra);
        const ageA = ageOn(dob, a);
        expect(ageOn(dob, b)).toBeGreaterThanOrEqual(ageA);
        expect(ageA).toBeLessThanOrEqual(Math.floor(d1 / 365));
        expect(ageA).toBeGreaterThanOrEqual(Math.floor(d1 / 366));
      }),
    );
  });
});

describe('driverEligibility', () => {
  const on = '2025-06-15';

  it('UAE: under 21 refused with the English message', () => {
    expect(driverEligibility('2004-06-16', on, 'AE')).toEqual({
      age: 20,
      eligible: false,
      youngDriver: false,
      youngDriverFeePerDayMinor: 0,
      reason: 'Customer must be at least 21 years old to rent in United Arab Emirates',
      reasonCode: 'under_min_age',
    });
  });

  it('UAE: 21 exactly is a young driver paying 50/day', () => {
    expect(driverEligibility('2004-06-15', on, 'AE')).toEqual({
      age: 21,
      eligible: true,
      youngDriver: true,
      youngDriverFeePerDayMinor: 5000,
    });
  });

  it('Saudi Arabia: 20 is eligible (young driver, 60/day)', () => {
    expect(driverEligibility('2005-06-15', on, 'SA')).toMatchObject({
      age: 20,
      eligible: true,
      youngDriver: true,
      youngDriverFeePerDayMinor: 6000,
    });
    expect(driverEligibility('2005-06-16', on, 'SA')).toMatchObject({
      age: 19,
      eligible: false,
      reason: 'Customer must be at least 20 years old to rent in Saudi Arabia',
    });
  });

  it('US and Jordan fees and messages', () => {
    expect(driverEligibility('2002-01-01', on, 'US')).toMatchObject({
      age: 23,
      youngDriver: true,
      youngDriverFeePerDayMinor: 2500,
    });
    expect(driverEligibility('2002-01-01', on, 'JO')).toMatchObject({
      age: 23,
      youngDriver: true,
      youngDriverFeePerDayMinor: 1500,
    });
    expect(driverEligibility('2010-01-01', on, 'US').reason).toBe(
      'Customer must be at least 21 years old to rent in United States',
    );
    expect(driverEligibility('2010-01-01', on, 'JO').reason).toBe(
      'Customer must be at least 21 years old to rent in Jordan',
    );
  });

  it('25 and over pays no young-driver fee', () => {
    for (const r of REGION_CODES) {
      expect(driverEligibility('2000-06-15', on, r)).toEqual({
        age: 25,
        eligible: true,
        youngDriver: false,
        youngDriverFeePerDayMinor: 0,
      });
      expect(driverEligibility('2000-06-16', on, r).youngDriver).toBe(true); // 24
    }
  });

  it('a future date of birth is refused', () => {
    expect(driverEligibility('2026-01-01', on, 'US')).toMatchObject({
      eligible: false,
      reasonCode: 'dob_in_future',
      reason: 'Date of birth cannot be in the future',
    });
  });

  it('accepts a region config and falls back to US for unknown codes', () => {
    expect(driverEligibility('2004-06-16', on, REGIONS.SA).eligible).toBe(true);
    expect(driverEligibility('2004-06-16', on, 'XX').reason).toContain('United States');
  });

  it('consistency with the region rules (property)', () => {
    fc.assert(
      fc.property(dateArb, dateArb, fc.constantFrom(...REGION_CODES), (a, b, r) => {
        const [dob, day] = a <= b ? [a, b] : [b, a];
        const e = driverEligibility(dob, day, r);
        const rules = REGIONS[r].businessRules;
        expect(e.eligible).toBe(e.age >= rules.minAge);
        expect(e.youngDriver).toBe(e.eligible && e.age < rules.youngDriverAge);
        expect(e.youngDriverFeePerDayMinor).toBe(e.youngDriver ? rules.youngDriverFeePerDayMinor : 0);
        expect(e.reason === undefined).toBe(e.eligible);
      }),
    );
  });
});

describe('licenseStatus', () => {
  const today = '2025-06-15';
  it.each([
    [null, 'none'],
    [undefined, 'none'],
    ['', 'none'],
    ['2025-06-14', 'expired'],
    ['2020-01-01', 'expired'],
    ['2025-06-15', 'expiring_soon'], // valid through the expiry day
    ['2025-07-15', 'expiring_soon'], // 30 days
    ['2025-07-16', 'valid'], // 31 days
    ['2030-01-01', 'valid'],
  ] as const)('%s → %s', (expiry, expected) => {
    expect(licenseStatus(expiry, today)).toBe(expected);
  });

  it('custom window', () => {
    expect(licenseStatus('2025-06-25', today, 7)).toBe('valid');
    expect(licenseStatus('2025-06-22', today, 7)).toBe('expiring_soon');
  });

  it('rejects invalid dates', () => {
    expect(() => licenseStatus('15/06/2025', today)).toThrow(RangeError);
  });
});

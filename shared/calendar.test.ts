import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addMonthsToMonth, daysBetween, lastDayOfMonth } from './calendar';
import { dayStartUtc } from './calendar-zone';

/** The former hand-written copies, kept here only as the reference the module must equal. */
const oldAddDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const oldDaysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

describe('calendar', () => {
  it('adds days across month ends, year ends and leap days', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-01-31', 30)).toBe('2024-03-01');
    expect(addDays('2024-05-05', 0)).toBe('2024-05-05');
    expect(() => addDays('not-a-date', 1)).toThrow(RangeError);
  });

  it('counts whole days, negative backwards, NaN when malformed', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2025-01-10', '2025-01-01')).toBe(-9);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    // Across both US DST switches (a 23-hour and a 25-hour day in New York).
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2);
    expect(daysBetween('2024-11-02', '2024-11-04')).toBe(2);
    expect(daysBetween('2024-01-01', '')).toBeNaN();
  });

  it('equals the former copies on every day of 2024, for ±400 days', () => {
    for (let d = '2024-01-01'; d <= '2024-12-31'; d = oldAddDays(d, 1)) {
      for (const n of [-400, -31, -1, 1, 29, 365, 400]) {
        expect(addDays(d, n)).toBe(oldAddDays(d, n));
        expect(daysBetween(d, oldAddDays(d, n))).toBe(oldDaysBetween(d, oldAddDays(d, n)));
      }
    }
  });

  it('adds months clamped to the month end', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15');
    expect(addMonthsToMonth('2024-11', 2)).toBe('2025-01');
    expect(addMonthsToMonth('2024-01', -1)).toBe('2023-12');
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2023-02')).toBe('2023-02-28');
    expect(lastDayOfMonth('2024-12')).toBe('2024-12-31');
    expect(lastDayOfMonth('2024-04-10')).toBe('2024-04-30');
  });

  it('finds the first instant of a day in a zone, DST days included', () => {
    expect(dayStartUtc('2024-06-01', 'Asia/Riyadh')).toBe('2024-05-31T21:00:00.000Z');
    expect(dayStartUtc('2024-01-15', 'America/New_York')).toBe('2024-01-15T05:00:00.000Z');
    expect(dayStartUtc('2024-07-15', 'America/New_York')).toBe('2024-07-15T04:00:00.000Z');
    // The spring-forward and fall-back days themselves start at midnight before the switch.
    expect(dayStartUtc('2024-03-10', 'America/New_York')).toBe('2024-03-10T05:00:00.000Z');
    expect(dayStartUtc('2024-03-11', 'America/New_York')).toBe('2024-03-11T04:00:00.000Z');
    expect(dayStartUtc('2024-11-03', 'America/New_York')).toBe('2024-11-03T04:00:00.000Z');
    expect(dayStartUtc('2024-11-04', 'America/New_York')).toBe('2024-11-04T05:00:00.000Z');
    expect(dayStartUtc('2024-03-31', 'Europe/London')).toBe('2024-03-31T00:00:00.000Z');
    // No midnight on 8 Sep 2024 in Santiago (00:00 → 01:00): the day starts at 01:00 -03.
    expect(dayStartUtc('2024-09-08', 'America/Santiago')).toBe('2024-09-08T04:00:00.000Z');
  });
});

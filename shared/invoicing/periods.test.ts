import { describe, expect, it } from 'vitest';
import { billingPeriod, duePeriods, periodDueAt } from './periods';

describe('billing periods of long rentals', () => {
  it('monthly periods are anniversary-aligned and clamp at month ends', () => {
    expect(billingPeriod('2034-09-01', 'monthly', 0)).toEqual({
      index: 0,
      periodStart: '2034-09-01',
      periodEnd: '2034-09-30',
    });
    expect(billingPeriod('2034-09-01', 'monthly', 1)).toEqual({
      index: 1,
      periodStart: '2034-10-01',
      periodEnd: '2034-10-31',
    });
    expect(billingPeriod('2035-01-31', 'monthly', 0)).toEqual({
      index: 0,
      periodStart: '2035-01-31',
      periodEnd: '2035-02-27',
    });
    expect(billingPeriod('2035-01-31', 'monthly', 1).periodStart).toBe('2035-02-28');
  });
  it('daily periods are one day each', () => {
    expect(billingPeriod('2034-09-01', 'daily', 2)).toEqual({
      index: 2,
      periodStart: '2034-09-03',
      periodEnd: '2034-09-03',
    });
  });
  it('a period is due once it has ended (in arrears), at the start time of day', () => {
    expect(periodDueAt('2034-09-01T05:00:00.000Z', '2034-09-01', '2034-09-30')).toBe('2034-10-01T05:00:00.000Z');
    // 75 days after the start: two months ended, the third has not.
    const due = duePeriods(
      '2034-09-01T05:00:00.000Z',
      '2034-09-01',
      'monthly',
      0,
      new Date('2034-11-15T05:00:00.000Z'),
    );
    expect(due.map((p) => p.periodStart)).toEqual(['2034-09-01', '2034-10-01']);
    expect(
      duePeriods('2034-09-01T05:00:00.000Z', '2034-09-01', 'monthly', 2, new Date('2034-11-15T05:00:00.000Z')),
    ).toEqual([]);
  });
});

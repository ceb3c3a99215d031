import { describe, expect, it } from 'vitest';
import { billingPeriod } from '../../shared/invoicing/periods';
import { firstPeriodFrom, invoicingSettingsOf } from './invoicing-settings';

describe('firstPeriodFrom (where invoicing resumes after a settings change)', () => {
  it('starts at the first period when nothing was invoiced', () => {
    expect(firstPeriodFrom('2034-09-01', 'monthly', null)).toBe(0);
    expect(firstPeriodFrom('2034-09-01', 'daily', '2034-09-01')).toBe(0);
    expect(firstPeriodFrom('2034-09-01', 'daily', '2034-08-20')).toBe(0);
  });

  it('daily: the period of that day', () => {
    expect(firstPeriodFrom('2034-09-01', 'daily', '2034-11-01')).toBe(61);
    expect(billingPeriod('2034-09-01', 'daily', 61).periodStart).toBe('2034-11-01');
  });

  it('monthly: the first anniversary period starting on or after that day (never one already begun)', () => {
    expect(firstPeriodFrom('2034-09-01', 'monthly', '2034-11-01')).toBe(2);
    expect(firstPeriodFrom('2034-09-01', 'monthly', '2034-11-04')).toBe(3);
    expect(billingPeriod('2034-09-01', 'monthly', 3).periodStart).toBe('2034-12-01');
    // A start on the 31st: periods start on the 31st or the month's last day.
    const i = firstPeriodFrom('2034-01-31', 'monthly', '2034-02-27');
    expect(billingPeriod('2034-01-31', 'monthly', i).periodStart).toBe('2034-02-28');
  });

  it('reads an older rental without settings as on, daily', () => {
    expect(invoicingSettingsOf({})).toEqual({ autoGenerateInvoice: true, billingFrequency: 'daily' });
    expect(invoicingSettingsOf({ autoGenerateInvoice: false, billingFrequency: 'monthly' })).toEqual({
      autoGenerateInvoice: false,
      billingFrequency: 'monthly',
    });
  });
});

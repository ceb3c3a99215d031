import { describe, expect, it } from 'vitest';
import { billingPeriod, duePeriods, periodInvoiceAt } from '../../shared/invoicing/periods';
import type { RentalItem } from './data';
import { isWholeMonth, periodRentEntries } from './pricing';

/** Issue 26: the rent a billing period of an open-ended rental charges, and when a period is due. */
const rental = (over: Partial<RentalItem> = {}) =>
  ({
    rentalType: 'monthly',
    monthlyRateMinor: 300_000,
    dailyRateMinor: 12_000,
    youngDriverFeePerDayMinor: 0,
    taxRate: 5,
    taxIncluded: false,
    ...over,
  }) as RentalItem;
const rows = (r: RentalItem, p: { periodStart: string; periodEnd: string }, through: string | null = null) =>
  periodRentEntries(r, p, through).map((e) => [
    e.lineCode,
    e.amountMinor,
    e.quantity ?? null,
    e.unitAmountMinor ?? null,
  ]);

describe('the rent of a billing period', () => {
  it('a whole month is 1 × the monthly rate + VAT, whatever its number of days (every anniversary month, 31st starts included)', () => {
    for (const start of ['2034-09-01', '2034-09-15', '2035-01-31', '2035-02-28']) {
      for (let i = 0; i < 14; i++) {
        const p = billingPeriod(start, 'monthly', i);
        expect(isWholeMonth(p.periodStart, p.periodEnd), `${start} #${i}`).toBe(true);
        expect(rows(rental(), p)).toEqual([
          ['base_rental', 300_000, 1, 300_000],
          ['tax', 15_000, null, null],
        ]);
      }
    }
  });
  it('days × the daily rate for a daily-rate rental (31 days × 120), and VAT inside the amount when the rental is tax-included', () => {
    const october = { periodStart: '2034-10-01', periodEnd: '2034-10-31' };
    expect(rows(rental({ rentalType: 'daily' }), october)).toEqual([
      ['base_rental', 372_000, 31, 12_000],
      ['tax', 18_600, null, null],
    ]);
    expect(rows(rental({ taxIncluded: true }), october)).toEqual([['base_rental', 300_000, 1, 300_000]]);
    expect(
      rows(rental({ youngDriverFeePerDayMinor: 2_000, rentalType: 'daily', taxRate: 0 }), {
        periodStart: '2034-10-01',
        periodEnd: '2034-10-02',
      }),
    ).toEqual([
      ['base_rental', 24_000, 2, 12_000],
      ['young_driver_fee', 4_000, 2, 2_000],
    ]);
  });
  it('only days not charged yet: a period charged through its end charges nothing; a part charged leaves the rest pro rata', () => {
    const p = { periodStart: '2034-10-01', periodEnd: '2034-10-31' };
    expect(periodRentEntries(rental(), p, '2034-10-31')).toEqual([]);
    // 16 days left of a monthly-rate rental: 16 × 3000 / 30 = 1600.
    expect(rows(rental({ taxRate: 0 }), p, '2034-10-15')).toEqual([['base_rental', 160_000, 16, null]]);
  });
  it('a period is due at its end in arrears and at its start in advance', () => {
    const p = billingPeriod('2034-09-01', 'monthly', 1);
    expect(periodInvoiceAt('2034-09-01T09:00:00.000Z', '2034-09-01', p)).toBe('2034-11-01T09:00:00.000Z');
    expect(periodInvoiceAt('2034-09-01T09:00:00.000Z', '2034-09-01', p, 'advance')).toBe('2034-10-01T09:00:00.000Z');
    const now = new Date('2034-09-01T10:00:00.000Z');
    expect(duePeriods('2034-09-01T09:00:00.000Z', '2034-09-01', 'monthly', 0, now)).toEqual([]);
    expect(
      duePeriods('2034-09-01T09:00:00.000Z', '2034-09-01', 'monthly', 0, now, 24, 'advance').map((x) => x.periodStart),
    ).toEqual(['2034-09-01']);
  });
});

describe('open-ended rentals booked before period billing', () => {
  it('a rental booked since issue 26 is charged its period rent; one booked before (expected rent charged at booking) is charged nothing more', async () => {
    const { billingPeriodPreview } = await import('./ledger');
    const october = { periodStart: '2034-10-01', periodEnd: '2034-10-31' };
    const running = { openEnded: true, status: 'active' as const };
    expect(
      billingPeriodPreview(rental({ ...running, chargesRentByPeriod: true }), october).map((e) => e.amountMinor),
    ).toEqual([300_000, 15_000]);
    expect(billingPeriodPreview(rental(running), october)).toEqual([]);
    expect(
      billingPeriodPreview(rental({ ...running, chargesRentByPeriod: true, status: 'completed' }), october),
    ).toEqual([]);
  });
});

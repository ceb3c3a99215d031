import { describe, expect, it } from 'vitest';
import { agingBucket, daysPastDue } from './aging';
import { depositFlows, depositStatus, isReleaseOverdue, releaseDueDate, releaseLagDays } from './deposits';

describe('aging buckets', () => {
  it('counts days past the due date on the asOf day, month and year boundaries included', () => {
    expect(daysPastDue('2026-01-31', '2026-03-01')).toBe(29);
    expect(daysPastDue('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysPastDue('2026-03-10', '2026-03-01')).toBe(-9);
  });
  it.each([
    [null, 'current'],
    ['2026-03-01', 'current'],
    ['2026-03-10', 'current'],
    ['2026-02-28', 'd1_30'],
    ['2026-01-30', 'd1_30'],
    ['2026-01-29', 'd31_60'],
    ['2025-12-31', 'd31_60'],
    ['2025-12-30', 'd61_90'],
    ['2025-12-01', 'd61_90'],
    ['2025-11-30', 'over90'],
  ] as const)('due %s on 2026-03-01 → %s', (due, bucket) => {
    expect(agingBucket(due, '2026-03-01')).toBe(bucket);
  });
});

describe('deposits', () => {
  const received = {
    id: 'a',
    type: 'payment',
    category: 'security_deposit',
    amountMinor: 100_000,
    method: 'credit_card',
  } as const;
  it('splits applied (pseudo-method) from refunded, reversals counted against their type', () => {
    const flows = depositFlows([
      received,
      { id: 'b', type: 'refund', category: 'security_deposit_refund', amountMinor: 30_000, method: 'security_deposit' },
      { id: 'c', type: 'refund', category: 'security_deposit_refund', amountMinor: 20_000, method: 'cash' },
      {
        id: 'd',
        type: 'refund',
        category: 'security_deposit_refund',
        amountMinor: 5_000,
        method: 'cash',
        reversesId: 'c',
      },
      { id: 'e', type: 'payment', category: 'payment', amountMinor: 30_000, method: 'security_deposit' },
    ]);
    expect(flows).toEqual({ receivedMinor: 100_000, appliedMinor: 30_000, returnedMinor: 15_000 });
    expect(depositStatus(flows)).toBe('partially_applied');
  });
  it('status: held, partially applied, refunded, and applied when all of it covered charges', () => {
    expect(depositStatus({ receivedMinor: 100, appliedMinor: 0, returnedMinor: 40 })).toBe('held');
    expect(depositStatus({ receivedMinor: 100, appliedMinor: 10, returnedMinor: 0 })).toBe('partially_applied');
    expect(depositStatus({ receivedMinor: 100, appliedMinor: 10, returnedMinor: 90 })).toBe('refunded');
    expect(depositStatus({ receivedMinor: 100, appliedMinor: 100, returnedMinor: 0 })).toBe('applied');
  });
  it('release: 30 days in the UAE, 14 elsewhere, the company setting over both; overdue only while something is held', () => {
    expect(releaseLagDays('AE')).toBe(30);
    expect(releaseLagDays('SA')).toBe(14);
    expect(releaseLagDays('AE', 7)).toBe(7);
    expect(releaseLagDays('US', -1)).toBe(14);
    expect(releaseDueDate('2026-01-20', 30)).toBe('2026-02-19');
    expect(releaseDueDate(null, 30)).toBeNull();
    const held = { receivedMinor: 100, appliedMinor: 0, returnedMinor: 0 };
    expect(isReleaseOverdue(held, '2026-02-19', '2026-02-19')).toBe(false);
    expect(isReleaseOverdue(held, '2026-02-19', '2026-02-20')).toBe(true);
    expect(isReleaseOverdue({ ...held, returnedMinor: 100 }, '2026-02-19', '2026-03-01')).toBe(false);
  });
});

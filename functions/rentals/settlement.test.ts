import { describe, expect, it } from 'vitest';
import { ledgerTotals, validateLedger } from '../../shared/rentals/ledger';
import { ledgerItem, type LedgerItem, type NewLedgerEntry } from './data';
import { cancellationEntries, closingEntries } from './settlement';
import { replaceBlock } from './lifecycle';

const T = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const post = (ledger: LedgerItem[], list: NewLedgerEntry[]) => [
  ...ledger,
  ...list.map((e) => ledgerItem(T, 'r1', e, null, '2026-01-01T00:00:00.000Z')),
];
const booking = (): LedgerItem[] =>
  post(
    [],
    [
      {
        type: 'charge',
        context: 'initial',
        category: 'base_rental',
        label: 'Rental',
        amountMinor: 45_000,
        lineCode: 'base_rental',
      },
      {
        type: 'charge',
        context: 'initial',
        category: 'other',
        label: 'Young driver fee',
        amountMinor: 15_000,
        lineCode: 'young_driver_fee',
      },
      { type: 'charge', context: 'initial', category: 'tax', label: 'Tax (5%)', amountMinor: 3_000, lineCode: 'tax' },
      {
        type: 'charge',
        context: 'initial',
        category: 'security_deposit',
        label: 'Security deposit',
        amountMinor: 30_000,
        lineCode: 'security_deposit',
      },
      {
        type: 'payment',
        context: 'initial',
        category: 'payment',
        label: 'Initial payment',
        amountMinor: 10_000,
        method: 'cash',
      },
    ],
  );

describe('cancellation policy', () => {
  it('nothing is due after cancelling unless a fee is charged; payments become credit', () => {
    const ledger = booking();
    const after = post(ledger, cancellationEntries(ledger, 0));
    expect(validateLedger(after)).toEqual([]);
    expect(ledgerTotals(after)).toMatchObject({ chargesMinor: 0, balanceMinor: -10_000, state: 'credit' });
    expect(ledgerTotals(after).deposit.requestedMinor).toBe(0);
    const withFee = post(ledger, cancellationEntries(ledger, 15_000));
    expect(ledgerTotals(withFee)).toMatchObject({ chargesMinor: 15_000, balanceMinor: 5_000, state: 'due' });
    // Idempotent on what is left: cancelling a cancelled ledger posts nothing more.
    expect(cancellationEntries(after, 0)).toEqual([]);
  });
});

describe('closing', () => {
  it('reverses a deposit never collected and only the uncollected part', () => {
    const ledger = booking();
    const closing = closingEntries(ledger, 'cash');
    expect(closing).toEqual([
      expect.objectContaining({
        category: 'security_deposit',
        amountMinor: 30_000,
        label: 'Security deposit not collected',
      }),
    ]);
    const part = post(ledger, [
      {
        type: 'payment',
        context: 'usage',
        category: 'security_deposit',
        label: 'Security deposit received',
        amountMinor: 10_000,
        method: 'cash',
      },
    ]);
    const partClosing = closingEntries(part, 'cash');
    expect(partClosing.find((e) => e.label === 'Security deposit not collected')?.amountMinor).toBe(20_000);
    expect(validateLedger(post(part, partClosing))).toEqual([]);
  });
});

describe('replaceBlock', () => {
  const block = {
    vehicleId: 'v',
    kind: 'rental' as const,
    refId: 'r',
    start: '2026-01-01T09:00:00.000Z',
    end: '2026-01-04T09:00:00.000Z',
    status: 'active',
  };
  it('puts once when the end (the key) does not change, deletes and puts otherwise', () => {
    const same = replaceBlock(T, block, { ...block, status: 'completed' });
    expect(same.map((i) => Object.keys(i)[0])).toEqual(['Put']);
    const moved = replaceBlock(T, block, { ...block, end: '2026-01-04T09:01:00.000Z', status: 'completed' });
    expect(moved.map((i) => Object.keys(i)[0])).toEqual(['Delete', 'Put']);
  });
});

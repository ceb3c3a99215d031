import { describe, expect, it } from 'vitest';
import { costLines } from './record-transitions';

const accountIds = { '5110': 'EXP', '1510': 'VATIN', '1110': 'CASH', '1210': 'BANK', '2110': 'AP' };

describe('costLines', () => {
  it('VAT-registered: expense net, input VAT, credit the chosen account; balanced', () => {
    const lines = costLines({
      costMinor: 10_500,
      vatMinor: 500,
      paidFrom: 'bank',
      accountIds,
      inputVatCode: 'AE_IN_SR',
      vatRatePercent: 5,
    });
    expect(lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor])).toEqual([
      ['EXP', 10_000, 0],
      ['VATIN', 500, 0],
      ['BANK', 0, 10_500],
    ]);
    expect(lines.reduce((s, l) => s + l.debitMinor - l.creditMinor, 0)).toBe(0);
  });
  it('not VAT-registered: the whole invoice is expense', () => {
    const lines = costLines({
      costMinor: 10_500,
      vatMinor: 500,
      paidFrom: 'payables',
      accountIds,
      inputVatCode: null,
      vatRatePercent: null,
    });
    expect(lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor])).toEqual([
      ['EXP', 10_500, 0],
      ['AP', 0, 10_500],
    ]);
  });
});

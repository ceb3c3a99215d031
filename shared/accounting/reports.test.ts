import { describe, expect, it } from 'vitest';
import {
  addBuckets,
  balanceSheet,
  periodCover,
  previousPeriod,
  profitAndLoss,
  trialBalance,
  type ReportAccount,
} from './reports';

const acc = (
  id: string,
  code: string,
  type: ReportAccount['type'],
  parentId: string | null,
  isGroup = false,
): ReportAccount => ({ id, code, name: id, nameAr: id, type, parentId, isGroup, isActive: true });
const accounts = [
  acc('A', '1000', 'asset', null, true),
  acc('cash', '1110', 'asset', 'A'),
  acc('ar', '1310', 'asset', 'A'),
  acc('L', '2000', 'liability', null, true),
  acc('dep', '2180', 'liability', 'L'),
  acc('E', '3000', 'equity', null, true),
  acc('cap', '3100', 'equity', 'E'),
  acc('I', '4000', 'income', null, true),
  acc('rent', '4110', 'income', 'I'),
  acc('X', '5000', 'expense', null, true),
  acc('sal', '5210', 'expense', 'X'),
];
const balances = addBuckets([
  { accountId: 'cash', debitMinor: 1000 + 300 + 200, creditMinor: 400 },
  { accountId: 'cap', creditMinor: 1000 },
  { accountId: 'ar', debitMinor: 500, creditMinor: 300 },
  { accountId: 'rent', creditMinor: 500 },
  { accountId: 'dep', creditMinor: 200 },
  { accountId: 'sal', debitMinor: 400 },
]);

describe('reports from balances', () => {
  it('trial balance nets to zero', () => {
    const tb = trialBalance(accounts, balances);
    expect(tb.totals.debitMinor).toBe(tb.totals.creditMinor);
    expect(tb.rows.find((r) => r.code === '1110')).toMatchObject({ debitMinor: 1100, creditMinor: 0 });
  });
  it('balance sheet balances with live current earnings', () => {
    const bs = balanceSheet(accounts, balances);
    expect(bs.assets.totalMinor).toBe(1300);
    expect(bs.currentEarningsMinor).toBe(100);
    expect(bs.balanced).toBe(true);
  });
  it('P&L groups carry the sum of their leaves', () => {
    const pl = profitAndLoss(accounts, balances);
    expect(pl.income.rows[0]).toMatchObject({ code: '4000', amountMinor: 500 });
    expect(pl.netIncomeMinor).toBe(100);
  });
  it('period cover: whole months from month buckets, edges from day buckets', () => {
    expect(periodCover('2026-01-01', '2026-03-31')).toEqual({ months: ['2026-01', '2026-03'], days: [] });
    expect(periodCover('2026-01-15', '2026-03-10')).toEqual({
      months: ['2026-02', '2026-02'],
      days: [
        ['2026-01-15', '2026-01-31'],
        ['2026-03-01', '2026-03-10'],
      ],
    });
    expect(periodCover(null, '2026-03-10')).toEqual({
      months: ['0000-00', '2026-02'],
      days: [['2026-03-01', '2026-03-10']],
    });
    expect(periodCover('2026-03-02', '2026-03-09')).toEqual({ months: null, days: [['2026-03-02', '2026-03-09']] });
  });
  it('previous period', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod('2026-03-10', '2026-03-19')).toEqual({ from: '2026-02-28', to: '2026-03-09' });
  });
});

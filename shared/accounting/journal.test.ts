import { describe, expect, it } from 'vitest';
import {
  BUCKET_SHARDS,
  isCalendarDate,
  reversalLines,
  shardOf,
  totalsByAccount,
  validateJournalLines,
  vatTotalsOf,
  JOURNAL_MESSAGES,
} from './journal';

const l = (accountId: string, debitMinor: number, creditMinor: number, vatCode?: string) => ({
  accountId,
  debitMinor,
  creditMinor,
  vatCode,
});

describe('journal validation', () => {
  it('accepts a balanced entry of two or more lines', () => {
    expect(validateJournalLines([l('a', 100, 0), l('b', 0, 60), l('c', 0, 40)])).toEqual([]);
  });
  it('needs at least two lines', () => {
    expect(validateJournalLines([l('a', 100, 0)]).map((p) => p.message)).toContain(JOURNAL_MESSAGES.tooFewLines);
  });
  it('each line is debit xor credit, integer and > 0', () => {
    for (const bad of [l('a', 100, 100), l('a', 0, 0), l('a', -5, 0), l('a', 1.5, 0)]) {
      expect(validateJournalLines([bad, l('b', 0, 100)])[0]).toEqual({
        field: 'lines.0.amount',
        message: JOURNAL_MESSAGES.debitXorCredit,
      });
    }
  });
  it('names the totals when debits and credits differ', () => {
    expect(validateJournalLines([l('a', 10_000, 0), l('b', 0, 9_000)])).toEqual([
      { field: 'lines', message: 'Debits and credits must be equal: debits 100.00, credits 90.00' },
    ]);
  });
});

describe('journal helpers', () => {
  it('reversal swaps debit and credit and keeps the rest', () => {
    expect(reversalLines([l('a', 5, 0, 'X'), l('b', 0, 5)])).toEqual([l('a', 0, 5, 'X'), l('b', 5, 0)]);
  });
  it('totals several lines of one account into one bucket delta', () => {
    expect(totalsByAccount([l('a', 5, 0), l('a', 0, 2), l('b', 0, 3)]).get('a')).toEqual({
      debitMinor: 5,
      creditMinor: 2,
    });
  });
  it('VAT totals: tax account lines are tax, others base, credit − debit', () => {
    const t = vatTotalsOf([l('inc', 0, 1000, 'S'), l('vat', 0, 50, 'S'), l('ar', 1050, 0)], (id) => id === 'vat');
    expect(t.get('S')).toEqual({ baseMinor: 1000, taxMinor: 50 });
  });
  it('shards spread ids over every shard deterministically', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(shardOf(`01J${i.toString(36).padStart(8, '0')}`));
    expect(seen.size).toBe(BUCKET_SHARDS);
    expect(shardOf('abc')).toBe(shardOf('abc'));
  });
  it('calendar dates are real dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });
});

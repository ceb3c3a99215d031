import { describe, expect, it } from 'vitest';
import { describeLedgerLabel, ledgerDescriptionOf, ledgerDescriptionText } from './ledger-text';

const AR: Record<string, string> = {
  'rentals.ledgerText.young_driver_fee': 'رسوم السائق الشاب',
  'rentals.ledgerText.initial_payment': 'الدفعة الأولى',
  'rentals.ledgerText.tax': 'الضريبة ({{rate}}%)',
  'rentals.ledgerText.cancelled': 'ملغى: {{what}}',
};
const tr = (key: string, params: Record<string, string> = {}) =>
  (AR[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

describe('ledger description codes', () => {
  it("maps the server's English labels (old entries) to codes and parameters", () => {
    expect(describeLedgerLabel('Young driver fee')).toEqual({ code: 'young_driver_fee' });
    expect(describeLedgerLabel('Initial payment')).toEqual({ code: 'initial_payment' });
    expect(describeLedgerLabel('Tax (5%)')).toEqual({ code: 'tax', params: { rate: '5' } });
    expect(describeLedgerLabel('Cancelled: Tax (15%)')).toEqual({
      code: 'cancelled',
      params: { of: 'tax', rate: '15' },
    });
    expect(describeLedgerLabel('Adjustment at return: Child seat')).toEqual({
      code: 'adjustment_at_return',
      params: { of: 'custom', text: 'Child seat' },
    });
    expect(describeLedgerLabel('Reversal: typo')).toEqual({ code: 'reversal', params: { of: 'custom', text: 'typo' } });
    expect(describeLedgerLabel('Reversal: Initial payment')).toEqual({
      code: 'reversal',
      params: { of: 'initial_payment' },
    });
    expect(describeLedgerLabel('Child seat')).toEqual({ code: 'custom', params: { text: 'Child seat' } });
  });

  it('translates stored codes and old labels alike', () => {
    expect(ledgerDescriptionText(ledgerDescriptionOf({ label: 'Young driver fee' }), tr)).toBe('رسوم السائق الشاب');
    expect(ledgerDescriptionText(ledgerDescriptionOf({ label: 'x', descriptionCode: 'initial_payment' }), tr)).toBe(
      'الدفعة الأولى',
    );
    expect(ledgerDescriptionText(describeLedgerLabel('Cancelled: Tax (5%)'), tr)).toBe('ملغى: الضريبة (5%)');
    expect(ledgerDescriptionText(describeLedgerLabel('Child seat'), tr)).toBe('Child seat');
  });
});

import { describe, expect, it } from 'vitest';
import { extractTax, rateToPercent } from '../../shared/money';
import { reversalLines } from '../../shared/accounting/journal';
import { createFinanceEntrySchema, FINANCE_MESSAGES } from '../../shared/schemas/finance';
import { entryLines, inputVatOf } from './entry-lines';

/** Issue 26: the lines of a finance entry with input VAT, the VAT at the company rate, and the schema's VAT rules. */
const ids = { money: 'acc-cash', fuel: 'acc-5120', vat: 'acc-1510' };
const balance = (lines: { debitMinor: number; creditMinor: number }[]) =>
  lines.reduce((n, l) => n + l.debitMinor - l.creditMinor, 0);

describe('entryLines', () => {
  it('an expense with VAT: Dr expense net + Dr input VAT, both with the input code and rate; Cr the money account the gross', () => {
    const lines = entryLines({
      type: 'expense',
      amountMinor: 18_050,
      vatMinor: 860,
      moneyAccountId: ids.money,
      categoryAccountId: ids.fuel,
      inputVatAccountId: ids.vat,
      inputVatCode: 'AE_IN_SR',
      vatRatePercent: 5,
    });
    expect(lines).toEqual([
      { accountId: ids.fuel, debitMinor: 17_190, creditMinor: 0, vatCode: 'AE_IN_SR', vatRatePercent: 5 },
      { accountId: ids.vat, debitMinor: 860, creditMinor: 0, vatCode: 'AE_IN_SR', vatRatePercent: 5 },
      { accountId: ids.money, debitMinor: 0, creditMinor: 18_050 },
    ]);
    expect(balance(lines)).toBe(0);
    // The reversal swaps every line and keeps the codes: the VAT leaves the box again.
    const reversed = reversalLines(lines);
    expect(reversed.map((l) => [l.accountId, l.debitMinor, l.creditMinor, l.vatCode ?? null])).toEqual([
      [ids.fuel, 0, 17_190, 'AE_IN_SR'],
      [ids.vat, 0, 860, 'AE_IN_SR'],
      [ids.money, 18_050, 0, null],
    ]);
  });

  it('without VAT (or no input code): two lines of the amount, no code; income never takes VAT', () => {
    const plain = entryLines({
      type: 'expense',
      amountMinor: 8_000,
      vatMinor: 0,
      moneyAccountId: ids.money,
      categoryAccountId: ids.fuel,
      inputVatCode: null,
      vatRatePercent: null,
    });
    expect(plain).toEqual([
      { accountId: ids.fuel, debitMinor: 8_000, creditMinor: 0 },
      { accountId: ids.money, debitMinor: 0, creditMinor: 8_000 },
    ]);
    const noCode = entryLines({
      type: 'expense',
      amountMinor: 8_000,
      vatMinor: 400,
      moneyAccountId: ids.money,
      categoryAccountId: ids.fuel,
      inputVatCode: null,
      vatRatePercent: null,
    });
    expect(noCode).toEqual(plain);
    const income = entryLines({
      type: 'income',
      amountMinor: 25_050,
      vatMinor: 1_000,
      moneyAccountId: ids.money,
      categoryAccountId: 'acc-4180',
      inputVatAccountId: ids.vat,
      inputVatCode: 'AE_IN_SR',
      vatRatePercent: 5,
    });
    expect(income).toEqual([
      { accountId: ids.money, debitMinor: 25_050, creditMinor: 0 },
      { accountId: 'acc-4180', debitMinor: 0, creditMinor: 25_050 },
    ]);
  });

  it('refuses VAT of the whole amount or more (the use case answers 400 first)', () => {
    expect(() =>
      entryLines({
        type: 'expense',
        amountMinor: 500,
        vatMinor: 500,
        moneyAccountId: ids.money,
        categoryAccountId: ids.fuel,
        inputVatAccountId: ids.vat,
        inputVatCode: 'AE_IN_SR',
        vatRatePercent: 5,
      }),
    ).toThrow(RangeError);
  });
});

describe('inputVatOf', () => {
  const ae = { region: 'AE' as const, accountIds: { '1510': ids.vat } };
  it('UAE and KSA with VAT on: their input code, the rate in percent, the 1510 account', () => {
    expect(inputVatOf(ae, { enableVat: true, vatRate: 0.05 })).toEqual({
      ok: true,
      code: 'AE_IN_SR',
      ratePercent: 5,
      accountId: ids.vat,
    });
    expect(inputVatOf({ region: 'SA', accountIds: { '1510': ids.vat } }, { enableVat: true, vatRate: 0.15 })).toEqual({
      ok: true,
      code: 'SA_IN_SR',
      ratePercent: 15,
      accountId: ids.vat,
    });
  });
  it('VAT off, or a country without input VAT (US): the field message', () => {
    expect(inputVatOf(ae, { enableVat: false, vatRate: 0.05 })).toEqual({
      ok: false,
      message: FINANCE_MESSAGES.vatOff,
    });
    expect(inputVatOf({ region: 'US', accountIds: {} }, { enableVat: true, vatRate: 0.05 })).toEqual({
      ok: false,
      message: FINANCE_MESSAGES.vatNoInput,
    });
  });
});

describe("the VAT inside a receipt at the company rate (the form's fill and the demo)", () => {
  it('extractTax: net + VAT = gross, VAT rounded half up', () => {
    expect(extractTax(18_050, rateToPercent(0.05))).toEqual({ net: 17_190, tax: 860 }); // 180.50 → 8.60 (8.595…)
    expect(extractTax(157_500, 5)).toEqual({ net: 150_000, tax: 7_500 });
    expect(extractTax(11_500, rateToPercent(0.15))).toEqual({ net: 10_000, tax: 1_500 });
  });
});

describe('createFinanceEntrySchema vatAmount', () => {
  const base = { type: 'expense', amount: 105, category: 'fuel' };
  const fieldError = (body: object) =>
    createFinanceEntrySchema.safeParse(body).error?.issues.find((i) => i.path[0] === 'vatAmount')?.message;
  it('optional, nullable, 0 allowed; at most 2 decimals; not negative', () => {
    expect(createFinanceEntrySchema.safeParse(base).success).toBe(true);
    expect(createFinanceEntrySchema.safeParse({ ...base, vatAmount: 5 }).data?.vatAmount).toBe(5);
    expect(createFinanceEntrySchema.safeParse({ ...base, vatAmount: null }).success).toBe(true);
    expect(createFinanceEntrySchema.safeParse({ ...base, vatAmount: 0 }).success).toBe(true);
    expect(fieldError({ ...base, vatAmount: 5.001 })).toBe('Amount must have at most 2 decimal places');
    expect(fieldError({ ...base, vatAmount: -1 })).toBe('Amount cannot be negative');
  });
  it('less than the amount; expenses only', () => {
    expect(fieldError({ ...base, vatAmount: 105 })).toBe(FINANCE_MESSAGES.vatTooLarge);
    expect(fieldError({ type: 'income', amount: 105, category: 'other_income', vatAmount: 5 })).toBe(
      FINANCE_MESSAGES.vatExpensesOnly,
    );
    expect(FINANCE_MESSAGES.vatTooLarge).toBe('VAT must be less than the amount');
  });
});

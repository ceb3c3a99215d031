import type { JournalLine } from '../../shared/accounting/journal';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import type { RegionCode } from '../../shared/regions';
import { rateToPercent } from '../../shared/money';
import { FINANCE_MESSAGES } from '../../shared/schemas/finance';

/**
 * The journal lines of a finance entry (issue 10; input VAT since issue 26), pure and unit-tested.
 *
 * - Income: Dr money account / Cr the category's income account, the amount (no VAT).
 * - Expense without VAT: Dr the category's expense account / Cr the money account, the amount.
 * - Expense with VAT (the receipt's VAT inside the amount): Dr expense account the NET (base of
 *   the input code) + Dr input VAT 1510 the VAT (tax of the input code), both lines carrying the
 *   region's input code and the company's rate, so the VAT return counts the base and the tax in
 *   its input box (UAE VAT 201 box 9, KSA box 7); Cr the money account the GROSS. A reversal
 *   swaps every line with its code, so the correction takes the VAT out of the box again.
 */
export function entryLines(input: {
  type: 'income' | 'expense';
  amountMinor: number;
  vatMinor: number;
  moneyAccountId: string;
  categoryAccountId: string;
  inputVatAccountId?: string;
  inputVatCode: string | null;
  vatRatePercent: number | null;
}): JournalLine[] {
  const { amountMinor, moneyAccountId, categoryAccountId } = input;
  if (input.type === 'income') {
    return [
      { accountId: moneyAccountId, debitMinor: amountMinor, creditMinor: 0 },
      { accountId: categoryAccountId, debitMinor: 0, creditMinor: amountMinor },
    ];
  }
  const vat = input.vatMinor > 0 && input.inputVatCode && input.inputVatAccountId ? input.vatMinor : 0;
  if (vat >= amountMinor) throw new RangeError('VAT must be less than the amount');
  const coded = vat ? { vatCode: input.inputVatCode, vatRatePercent: input.vatRatePercent } : {};
  const lines: JournalLine[] = [
    { accountId: categoryAccountId, debitMinor: amountMinor - vat, creditMinor: 0, ...coded },
  ];
  if (vat) lines.push({ accountId: input.inputVatAccountId!, debitMinor: vat, creditMinor: 0, ...coded });
  lines.push({ accountId: moneyAccountId, debitMinor: 0, creditMinor: amountMinor });
  return lines;
}

/**
 * Whether this company can book input VAT on an expense, and with which code and rate: its VAT is
 * on (settings enableVat), its books' region has an input code (not the US) and its chart the
 * input VAT account. Otherwise the field message the form shows under "VAT".
 */
export function inputVatOf(
  books: { region: RegionCode; accountIds: Record<string, string> },
  settings: { enableVat?: boolean; vatRate?: number },
): { ok: true; code: string; ratePercent: number; accountId: string } | { ok: false; message: string } {
  if (!settings.enableVat) return { ok: false, message: FINANCE_MESSAGES.vatOff };
  const code = DEFAULT_VAT_CODES[books.region].input;
  const accountId = books.accountIds[ACCOUNT_CODES.vatInput];
  if (!code || !accountId) return { ok: false, message: FINANCE_MESSAGES.vatNoInput };
  return { ok: true, code, ratePercent: rateToPercent(settings.vatRate ?? 0), accountId };
}

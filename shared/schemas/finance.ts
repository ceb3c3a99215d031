import * as z from 'zod';
import { MAX_MONEY_AMOUNT, MONEY_MESSAGES, hasAtMostDecimals } from '../money';
import { isCalendarDate, text } from './fields';
import { pageOf } from './page';

/**
 * Finance entries (issue 10; business-data §3 "Finance entry: type income or expense, amount,
 * category, notes"; §5 "amount required and positive; category required; message asks to fill
 * all required fields"; §8 "Failed to add finance entry"). Each entry posts its journal: the
 * money account (cash box, petty cash or bank) against the category's income or expense account.
 */
export const FINANCE_MESSAGES = {
  fillRequired: 'Please fill all required fields',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be positive',
  categoryRequired: 'Category is required',
  categoryInvalid: 'Choose a category of this entry type',
  addFailed: 'Failed to add finance entry',
} as const;

const calendarDate = z.string().trim().refine(isCalendarDate, { error: 'Enter a valid date' });

export const FINANCE_ENTRY_TYPES = ['income', 'expense'] as const;
export const FINANCE_MONEY_ACCOUNTS = ['cash_box', 'petty_cash', 'bank'] as const;
/** Categories and their GL accounts (shared/accounting/chart.ts codes). */
export const FINANCE_CATEGORIES = {
  income: { other_income: '4180', damage_recovery: '4150', admin_fees: '4160' },
  expense: { maintenance: '5110', fuel: '5120', tolls: '5130', insurance: '5140', registration: '5150', salaries: '5210', fines: '5170', card_fees: '5230' },
} as const;
export const MONEY_ACCOUNT_CODES = { cash_box: '1110', petty_cash: '1120', bank: '1210' } as const;

export const createFinanceEntrySchema = z.object({
  type: z.enum(FINANCE_ENTRY_TYPES, { error: FINANCE_MESSAGES.fillRequired }),
  amount: z.number({ error: FINANCE_MESSAGES.amountRequired })
    .positive({ error: FINANCE_MESSAGES.amountPositive })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals }),
  category: z.string({ error: FINANCE_MESSAGES.categoryRequired }).trim().min(1, { error: FINANCE_MESSAGES.categoryRequired }),
  notes: text(500).optional(),
  date: calendarDate.optional(),
  account: z.enum(FINANCE_MONEY_ACCOUNTS).default('cash_box'),
}).superRefine((v, ctx) => {
  if (v.category && v.type && !(v.category in FINANCE_CATEGORIES[v.type])) ctx.addIssue({ code: 'custom', path: ['category'], message: FINANCE_MESSAGES.categoryInvalid });
});
export type CreateFinanceEntryBody = z.output<typeof createFinanceEntrySchema>;

export const listFinanceEntriesQuery = z.object({
  type: z.enum(FINANCE_ENTRY_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});

export const financeEntrySchema = z.object({
  id: z.string(), type: z.enum(FINANCE_ENTRY_TYPES), amount: z.number(), category: z.string(), notes: z.string().nullable(),
  date: z.string(), account: z.enum(FINANCE_MONEY_ACCOUNTS), journalEntryId: z.string(), createdAt: z.string(),
});
export type FinanceEntry = z.infer<typeof financeEntrySchema>;
export const financeEntryListSchema = pageOf(financeEntrySchema);

export const moneyAccountListSchema = z.object({ items: z.array(z.object({ id: z.enum(FINANCE_MONEY_ACCOUNTS), code: z.string(), balance: z.number() })) });
export const moneyAccountParams = z.object({ id: z.enum(FINANCE_MONEY_ACCOUNTS) });
export const statementQuery = z.object({
  from: calendarDate, to: calendarDate,
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(2000).optional(),
});

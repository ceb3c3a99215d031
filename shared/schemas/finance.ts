import * as z from 'zod';
import { MAX_MONEY_AMOUNT, MONEY_MESSAGES, hasAtMostDecimals } from '../money';
import { isCalendarDate, isEntityId, text } from './fields';
import { CURRENCY_CODES } from '../regions';
import { DOCUMENT_MIME_TYPES } from '../constants';
import { IBAN_MESSAGES, ibanProblem, normalizeIban } from '../finance/iban';
import { pageOf } from './page';
import { generalLedgerResponse } from './accounting';

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
  accountInvalid: "Choose the cash box, petty cash or one of the company's bank accounts",
  bankNameRequired: 'Account name is required',
  bankRequired: 'Bank is required',
  currencyRequired: 'Currency is required',
  currencyNotCompany: 'Bank accounts are kept in the company currency',
  ibanTaken: 'A bank account with this IBAN already exists',
  transferSameAccount: 'Choose two different accounts',
  transferInsufficient: 'Not enough money in this account for the transfer',
  transferFailed: 'The transfer could not be recorded',
  bankAddFailed: 'The bank account could not be added',
  alreadyReversed: 'This has already been reversed',
  receiptType: 'The receipt must be a PDF, JPG or PNG file',
  receiptTooLarge: 'The receipt must be 10 MB or smaller',
  receiptInvalid: 'The receipt file was not uploaded; upload it again',
  vatTooLarge: 'VAT must be less than the amount',
  vatExpensesOnly: 'VAT is recorded on expenses only',
  vatOff: 'VAT is off for this company: turn it on in the settings or leave VAT empty',
  vatNoInput: "Input VAT is not recovered in this company's country: leave VAT empty",
  ...IBAN_MESSAGES,
} as const;

const calendarDate = z.string().trim().refine(isCalendarDate, { error: 'Enter a valid date' });

export const FINANCE_ENTRY_TYPES = ['income', 'expense'] as const;
export const FINANCE_MONEY_ACCOUNTS = ['cash_box', 'petty_cash', 'bank'] as const;
/** Categories and their GL accounts (shared/accounting/chart.ts codes). */
export const FINANCE_CATEGORIES = {
  income: { other_income: '4180', damage_recovery: '4150', admin_fees: '4160' },
  expense: {
    maintenance: '5110',
    fuel: '5120',
    tolls: '5130',
    insurance: '5140',
    registration: '5150',
    salaries: '5210',
    fines: '5170',
    card_fees: '5230',
  },
} as const;
export const MONEY_ACCOUNT_CODES = { cash_box: '1110', petty_cash: '1120', bank: '1210' } as const;
/**
 * A money account: 'cash_box', 'petty_cash', 'bank' (the chart's main bank account 1210) or the
 * id of a bank account the company added (its own GL leaf under 1200, codes 1211–1249).
 */
export const moneyAccountRef = (message: string = FINANCE_MESSAGES.accountInvalid) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => (FINANCE_MONEY_ACCOUNTS as readonly string[]).includes(v) || isEntityId(v), { error: message });
export const BANK_ACCOUNT_CODE_RANGE = { parentCode: '1200', codeFrom: 1211, codeTo: 1249 } as const;

export const receiptSchema = z.object({ key: text(2000), name: text(200) });

export const createFinanceEntrySchema = z
  .object({
    type: z.enum(FINANCE_ENTRY_TYPES, { error: FINANCE_MESSAGES.fillRequired }),
    amount: z
      .number({ error: FINANCE_MESSAGES.amountRequired })
      .positive({ error: FINANCE_MESSAGES.amountPositive })
      .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
      .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals }),
    category: z
      .string({ error: FINANCE_MESSAGES.categoryRequired })
      .trim()
      .min(1, { error: FINANCE_MESSAGES.categoryRequired })
      .max(60, { error: FINANCE_MESSAGES.categoryInvalid }),
    notes: text(500).optional(),
    date: calendarDate.optional(),
    account: moneyAccountRef().default('cash_box'),
    /** Optional receipt (PDF/JPG/PNG ≤ 10 MB) uploaded first through POST /api/v1/finance/receipts/upload-url. */
    receipt: receiptSchema.optional(),
    /**
     * Issue 26: the VAT printed on the supplier's tax invoice, INSIDE `amount` (decimals, like
     * `amount`). Decision: a bookkeeper enters a receipt as the total paid and the VAT it shows
     * (what maintenance's `actualCost` + `vatAmount` do), not a "VAT included" flag: a receipt
     * may mix standard and zero-rated items, so the VAT is not always the rate's share of the
     * total (the form offers the rate's share as a one-click fill). Expenses only (income outside
     * rentals — sublets, fees — is left without VAT: 400 if given); only when the company's VAT is
     * on and its country has input VAT (checked by the use case: 400 on `vatAmount`). Null or 0 =
     * no VAT. The expense is posted net, the VAT to input VAT (1510), the money account pays the total.
     */
    vatAmount: z
      .number({ error: MONEY_MESSAGES.invalid })
      .min(0, { error: MONEY_MESSAGES.negative })
      .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
      .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals })
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.category && v.type && !(v.category in FINANCE_CATEGORIES[v.type]))
      ctx.addIssue({ code: 'custom', path: ['category'], message: FINANCE_MESSAGES.categoryInvalid });
    if (v.vatAmount && v.type === 'income')
      ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: FINANCE_MESSAGES.vatExpensesOnly });
    else if (v.vatAmount && typeof v.amount === 'number' && v.vatAmount >= v.amount)
      ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: FINANCE_MESSAGES.vatTooLarge });
  });
export type CreateFinanceEntryBody = z.output<typeof createFinanceEntrySchema>;

export const listFinanceEntriesQuery = z.object({
  type: z.enum(FINANCE_ENTRY_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});

export const financeEntrySchema = z.object({
  id: z.string(),
  type: z.enum(FINANCE_ENTRY_TYPES),
  amount: z.number(),
  category: z.string(),
  notes: z.string().nullable(),
  date: z.string(),
  account: z.string(),
  journalEntryId: z.string(),
  createdAt: z.string(),
  receipt: z.object({ name: z.string(), url: z.string() }).nullable(),
  reversed: z.boolean(),
  /** Input VAT inside `amount` (issue 26), null when the entry has none; `amount` − VAT is the expense posted. */
  vatAmount: z.number().nullable(),
});
export type FinanceEntry = z.infer<typeof financeEntrySchema>;
export const financeEntryListSchema = pageOf(financeEntrySchema);

export const moneyAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(['cash_box', 'petty_cash', 'bank']),
  code: z.string(),
  name: z.string().nullable(),
  bank: z.string().nullable(),
  iban: z.string().nullable(),
  currency: z.string(),
  balance: z.number(),
});
export type MoneyAccount = z.infer<typeof moneyAccountSchema>;
export const moneyAccountListSchema = z.object({ items: z.array(moneyAccountSchema) });
export const moneyAccountParams = z.object({ id: moneyAccountRef('Account not found') });
/** The period defaults to the current month so far, on the company's calendar (the drawer's first view). */
export const statementQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    cursor: z.string().max(2000).optional(),
    /** json: one page; csv / pdf: the whole period as a download. */
    format: z.enum(['json', 'csv', 'pdf']).default('json'),
    lang: z.enum(['en', 'ar']).default('en'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: 'The end date must be on or after the start date',
  });

/** Add a bank account: name, bank, IBAN (mod-97 checked), currency (the company's: the GL has one currency). */
export const createBankAccountSchema = z.object({
  name: z
    .string({ error: FINANCE_MESSAGES.bankNameRequired })
    .trim()
    .min(1, { error: FINANCE_MESSAGES.bankNameRequired })
    .max(100),
  bank: z
    .string({ error: FINANCE_MESSAGES.bankRequired })
    .trim()
    .min(1, { error: FINANCE_MESSAGES.bankRequired })
    .max(100),
  iban: z
    .string({ error: IBAN_MESSAGES.required })
    .max(64)
    .transform(normalizeIban)
    .superRefine((v, ctx) => {
      const problem = ibanProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  currency: z.enum(CURRENCY_CODES, { error: FINANCE_MESSAGES.currencyRequired }),
});
export type CreateBankAccountBody = z.output<typeof createBankAccountSchema>;

/** A transfer between two money accounts (cash box, petty cash, banks). */
export const createTransferSchema = z
  .object({
    from: moneyAccountRef(),
    to: moneyAccountRef(),
    amount: z
      .number({ error: FINANCE_MESSAGES.amountRequired })
      .positive({ error: FINANCE_MESSAGES.amountPositive })
      .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
      .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals }),
    date: calendarDate.optional(),
    notes: text(500).optional(),
  })
  .refine((v) => v.from !== v.to, { path: ['to'], error: FINANCE_MESSAGES.transferSameAccount });
export type CreateTransferBody = z.output<typeof createTransferSchema>;
export const transferSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
  journalEntryId: z.string(),
  reversed: z.boolean(),
  createdAt: z.string(),
});
export type FinanceTransfer = z.infer<typeof transferSchema>;
export const transferListSchema = pageOf(transferSchema);
export const listTransfersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});
export const idParams = z.object({ id: z.string().refine(isEntityId, { error: 'Not found' }) });
export const reverseBody = z.object({ reason: text(500).optional() }).default({});
export const receiptUploadSchema = z.object({
  fileName: z
    .string({ error: FINANCE_MESSAGES.receiptInvalid })
    .trim()
    .min(1, { error: FINANCE_MESSAGES.receiptInvalid })
    .max(200),
  contentType: z.enum(DOCUMENT_MIME_TYPES, { error: FINANCE_MESSAGES.receiptType }),
  size: z.number({ error: FINANCE_MESSAGES.receiptTooLarge }).int().min(1, { error: FINANCE_MESSAGES.receiptTooLarge }),
});

/** The operational charges ledger: expenses by category (GL expense account) for a period. */
export const operationalChargesQuery = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'The end date must be on or after the start date' });
export const operationalChargesSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      accountId: z.string(),
      code: z.string(),
      name: z.string(),
      nameAr: z.string(),
      category: z.string().nullable(),
      amount: z.number(),
    }),
  ),
  total: z.number(),
});
export type OperationalCharges = z.infer<typeof operationalChargesSchema>;

/** A money account's statement (the GL of its account) with the money account it belongs to. */
export const moneyAccountStatementSchema = generalLedgerResponse.extend({
  moneyAccount: z.object({
    id: z.string(),
    kind: z.enum(['cash_box', 'petty_cash', 'bank']),
    name: z.string().nullable(),
    bank: z.string().nullable(),
    iban: z.string().nullable(),
  }),
});

import * as z from 'zod';
import { MAX_MONEY_AMOUNT, MONEY_MESSAGES, hasAtMostDecimals } from '../money';
import { ACCOUNT_TYPES } from '../accounting/chart';
import { JOURNAL_MESSAGES, JOURNAL_SOURCES, PARTY_TYPES, isCalendarDate } from '../accounting/journal';
import { PAYMENT_METHODS } from '../accounting/posting-rules';
import { DOCUMENT_MIME_TYPES } from '../constants';
import { pageOf } from './page';

/** Files one journal entry can carry. */
export const JOURNAL_ATTACHMENTS_MAX = 10;

/**
 * Accounting requests and answers (business-data §3 Accounting: chart_of_accounts, journal_entries,
 * journal_entry_lines, payment_method_account_mappings; issue 18 API). Money crosses the API as
 * decimals (≤ 2 places) and is integer minor units inside; dates are calendar dates YYYY-MM-DD.
 */
export const ACCOUNTING_MESSAGES = {
  attachmentNameRequired: 'File name is required',
  attachmentType: 'Attach a PDF, JPG or PNG file',
  attachmentTooLarge: 'An attachment can be at most 10 MB',
  attachmentInvalid: 'This attachment does not belong to your company. Upload it again.',
  attachmentMissing: 'The attached file was not found. Upload it again.',
  codeRequired: 'Account code is required (3 to 8 digits)',
  codeDigits: 'Account code must be 3 to 8 digits',
  codeTaken: 'This account code is already used',
  codeOutsideGroup: 'The code must start with the same digit as its group',
  nameRequired: 'Account name is required',
  parentRequired: 'Choose the group this account belongs to',
  parentNotGroup: 'Accounts can only be added under a group',
  deactivateWithBalance: 'An account can be deactivated only when its balance is zero',
  systemAccountDeactivate: 'This account is used by the system postings and cannot be deactivated',
  mappingAccount: 'Choose an active account that takes postings',
  lockDateOwner: 'Only the owner can change the lock date',
  dateInvalid: 'Enter a real date as YYYY-MM-DD',
  toBeforeFrom: '"To" must be on or after "from"',
  exportReport: 'Choose the report to export',
  accountRequired: 'Choose an account',
  ...JOURNAL_MESSAGES,
} as const;

const calendarDate = (message: string = ACCOUNTING_MESSAGES.dateInvalid) =>
  z.string({ error: message }).trim().refine(isCalendarDate, { error: message });

const amount = z
  .number({ error: MONEY_MESSAGES.invalid })
  .positive({ error: MONEY_MESSAGES.positive })
  .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
  .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals });

const idString = (message: string = ACCOUNTING_MESSAGES.accountRequired) =>
  z.string({ error: message }).trim().min(1, message).max(64, message);
const requiredText = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const accountIdParams = z.object({ id: z.string().min(1).max(64) });
/** A journal entry's id: letters, digits, '-' and '_' only, so it can never change a key ('#', NUL answer 404). */
export const entryIdParams = z.object({ id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/) });

export const listAccountsQuery = z.object({
  /** Balances as of this date (default: today in the company's time zone). */
  asOf: calendarDate().optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const createAccountSchema = z.object({
  code: z
    .string({ error: ACCOUNTING_MESSAGES.codeRequired })
    .trim()
    .regex(/^[1-9][0-9]{2,7}$/, ACCOUNTING_MESSAGES.codeDigits),
  name: requiredText(120, ACCOUNTING_MESSAGES.nameRequired),
  nameAr: optionalText(120),
  parentId: idString(ACCOUNTING_MESSAGES.parentRequired),
  /** A sub-group (takes no postings, holds accounts). */
  isGroup: z.boolean().default(false),
  description: optionalText(500),
});
export type CreateAccountBody = z.output<typeof createAccountSchema>;

export const updateAccountSchema = z
  .object({
    name: requiredText(120, ACCOUNTING_MESSAGES.nameRequired).optional(),
    nameAr: z.string().trim().max(120).optional(),
    description: z.string().trim().max(500).optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
export type UpdateAccountBody = z.output<typeof updateAccountSchema>;

export const paymentMethodMappingsSchema = z.object({
  mappings: z
    .array(z.object({ method: z.enum(PAYMENT_METHODS), accountId: idString(ACCOUNTING_MESSAGES.mappingAccount) }))
    .min(1)
    .max(PAYMENT_METHODS.length),
});
export type PaymentMethodMappingsBody = z.output<typeof paymentMethodMappingsSchema>;

export const journalLineSchema = z.object({
  accountId: idString(),
  type: z.enum(['debit', 'credit'], { error: ACCOUNTING_MESSAGES.debitXorCredit }),
  amount,
  vatCode: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ? v : undefined)),
  description: optionalText(200),
  party: z.object({ type: z.enum(PARTY_TYPES), id: z.string().trim().min(1).max(64) }).optional(),
});

export const createJournalEntrySchema = z.object({
  date: calendarDate(ACCOUNTING_MESSAGES.dateRequired),
  description: requiredText(500, ACCOUNTING_MESSAGES.descriptionRequired),
  reference: optionalText(100),
  lines: z
    .array(journalLineSchema, { error: ACCOUNTING_MESSAGES.tooFewLines })
    .min(2, ACCOUNTING_MESSAGES.tooFewLines)
    .max(50),
  /** Files uploaded first through POST /api/v1/accounting/attachments/upload-url (receipts, contracts). */
  attachments: z
    .array(
      z.object({
        key: z
          .string({ error: ACCOUNTING_MESSAGES.attachmentInvalid })
          .trim()
          .min(1, ACCOUNTING_MESSAGES.attachmentInvalid)
          .max(500, ACCOUNTING_MESSAGES.attachmentInvalid),
        name: requiredText(200, ACCOUNTING_MESSAGES.attachmentNameRequired),
      }),
    )
    .max(JOURNAL_ATTACHMENTS_MAX)
    .optional(),
});
export type CreateJournalEntryBody = z.output<typeof createJournalEntrySchema>;

/** The upload request every upload-url route takes (DESIGN.md §5): a PDF, JPG or PNG of at most 10 MB. */
export const journalAttachmentUploadSchema = z.object({
  fileName: requiredText(200, ACCOUNTING_MESSAGES.attachmentNameRequired),
  contentType: z.enum(DOCUMENT_MIME_TYPES, { error: ACCOUNTING_MESSAGES.attachmentType }),
  size: z
    .number({ error: ACCOUNTING_MESSAGES.attachmentTooLarge })
    .int()
    .min(1, ACCOUNTING_MESSAGES.attachmentTooLarge),
});

export const reverseJournalEntrySchema = z
  .object({
    /** Date of the reversal (default: today in the company's time zone). */
    date: calendarDate().optional(),
    reason: optionalText(500),
  })
  .default({ reason: undefined });

export const listJournalEntriesQuery = z.object({
  source: z.enum(JOURNAL_SOURCES).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  accountId: z.string().max(64).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});

/** Reports answer JSON, or a download: CSV (RFC 4180 with BOM) or PDF (functions/lib/pdf). */
const format = z.enum(['json', 'csv', 'pdf']).default('json');
const lang = z.enum(['en', 'ar']).default('en');
export const asOfQuery = z.object({ asOf: calendarDate().optional(), format, lang });
export const periodQuery = z
  .object({ from: calendarDate(), to: calendarDate(), format, lang })
  .refine((v) => v.to >= v.from, { path: ['to'], error: ACCOUNTING_MESSAGES.toBeforeFrom });
export const generalLedgerQuery = z
  .object({
    accountId: idString(),
    from: calendarDate(),
    to: calendarDate(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    cursor: z.string().max(2000).optional(),
    format,
    lang,
  })
  .refine((v) => v.to >= v.from, { path: ['to'], error: ACCOUNTING_MESSAGES.toBeforeFrom });

export const lockDateSchema = z.object({
  /** Nothing can be posted dated before this date; null removes the lock. */
  lockDate: calendarDate().nullable(),
  /** Marks the VAT return filed through this date: no line with a VAT code can be posted on or before it. */
  vatFiledThrough: calendarDate().nullable().optional(),
});
export type LockDateBody = z.output<typeof lockDateSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const accountResponse = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameAr: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  parentId: z.string().nullable(),
  isGroup: z.boolean(),
  isActive: z.boolean(),
  isSystem: z.boolean(),
  description: z.string().nullable().optional(),
  /** In the account's normal direction (groups: the sum of their accounts). */
  balance: z.number(),
  debit: z.number(),
  credit: z.number(),
  hasPostings: z.boolean(),
});
export type AccountApi = z.infer<typeof accountResponse>;

export const journalLineResponse = z.object({
  lineNo: z.number(),
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  accountNameAr: z.string(),
  type: z.enum(['debit', 'credit']),
  debit: z.number(),
  credit: z.number(),
  amount: z.number(),
  vatCode: z.string().nullable(),
  vatRate: z.number().nullable(),
  party: z.object({ type: z.enum(PARTY_TYPES), id: z.string() }).nullable(),
  description: z.string().nullable(),
});

export const journalEntryResponse = z.object({
  id: z.string(),
  entryNumber: z.string(),
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  source: z.enum(JOURNAL_SOURCES),
  sourceId: z.string().nullable(),
  totalAmount: z.number(),
  isPosted: z.boolean(),
  reversalOfId: z.string().nullable(),
  reversedById: z.string().nullable(),
  lines: z.array(journalLineResponse),
  /** `url` (a short-lived download link) only on the single-entry answer. */
  attachments: z.array(z.object({ key: z.string(), name: z.string(), url: z.string().optional() })),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type JournalEntryApi = z.infer<typeof journalEntryResponse>;

export const trialBalanceResponse = z.object({
  asOf: z.string(),
  items: z.array(
    z.object({
      accountId: z.string(),
      code: z.string(),
      name: z.string(),
      nameAr: z.string(),
      type: z.enum(ACCOUNT_TYPES),
      debit: z.number(),
      credit: z.number(),
    }),
  ),
  totals: z.object({ debit: z.number(), credit: z.number() }),
});

export const accountPageResponse = pageOf(accountResponse);
export const journalEntryPageResponse = pageOf(journalEntryResponse);

/** The account each payment method posts to (null: not mapped). */
export const paymentMethodMappingsResponse = z.object({
  items: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      accountId: z.string().nullable(),
      accountCode: z.string().nullable(),
      accountName: z.string().nullable(),
      accountNameAr: z.string().nullable(),
    }),
  ),
});

/**
 * Presigned PUT of an attachment (journal entries, finance receipts): send the file with exactly these headers, then
 * record `key`.
 */
export { journalAttachmentUploadResponse } from './upload';

const accountRef = { accountId: z.string(), code: z.string(), name: z.string(), nameAr: z.string() };
const statementRow = z.object({ ...accountRef, isGroup: z.boolean(), depth: z.number(), amount: z.number() });
const statementSection = z.object({ rows: z.array(statementRow), total: z.number() });
const comparedSection = z.object({
  rows: z.array(statementRow.extend({ previous: z.number() })),
  total: z.number(),
  previous: z.number(),
});

export const generalLedgerResponse = z.object({
  account: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    nameAr: z.string(),
    type: z.enum(ACCOUNT_TYPES),
  }),
  from: z.string(),
  to: z.string(),
  opening: z.number(),
  totalDebit: z.number(),
  totalCredit: z.number(),
  closing: z.number(),
  items: z.array(
    z.object({
      entryId: z.string(),
      entryNumber: z.string(),
      date: z.string(),
      description: z.string(),
      source: z.string(),
      sourceId: z.string().nullable(),
      debit: z.number(),
      credit: z.number(),
      vatCode: z.string().nullable(),
      balance: z.number(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const balanceSheetResponse = z.object({
  asOf: z.string(),
  assets: statementSection,
  liabilities: statementSection,
  equity: statementSection,
  currentEarnings: z.number(),
  totalEquity: z.number(),
  totalLiabilitiesAndEquity: z.number(),
  balanced: z.boolean(),
});

export const profitLossResponse = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  income: comparedSection,
  expenses: comparedSection,
  netIncome: z.number(),
  previousNetIncome: z.number(),
});

export const vatReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  region: z.string(),
  layout: z.string(),
  title: z.string(),
  titleAr: z.string(),
  filedThrough: z.string().nullable(),
  boxes: z.array(
    z.object({ box: z.string(), label: z.string(), labelAr: z.string(), amount: z.number(), vat: z.number() }),
  ),
  outputTax: z.number(),
  inputTax: z.number(),
  netPayable: z.number(),
});

export const accountingSummaryResponse = z.object({
  asOf: z.string(),
  cash: z.number(),
  bank: z.number(),
  receivables: z.number(),
  depositsHeld: z.number(),
  vatPayable: z.number(),
  monthIncome: z.number(),
  monthExpenses: z.number(),
  lockDate: z.string().nullable(),
  vatFiledThrough: z.string().nullable(),
});

export const lockDateResponse = z.object({
  lockDate: z.string().nullable(),
  vatFiledThrough: z.string().nullable(),
  lockSetAt: z.string().nullable(),
});

/** What the books' setup posted: rentals posted now, and those already in the books or with nothing to post. */
export const accountingSetupResult = z.object({ posted: z.number(), skipped: z.number() });

/**
 * A background task of the accounting domain (issue 30): the books' setup, or a CSV export of any length.
 * POST answers 202 with it; GET /accounting/tasks/{id} shows its progress and, for a finished export, a
 * short-lived download link.
 */
export const accountingTaskResponse = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.object({ done: z.number(), total: z.number().nullable() }),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  downloadUrl: z.string().nullable().optional(),
  downloadExpiresAt: z.string().nullable().optional(),
});
/** POST /accounting/setup answers the setup task (202). */
export const accountingSetupResponse = accountingTaskResponse;

/**
 * GET /accounting/self-check: the latest finished run's checks (empty before the first run) and when it finished,
 * and the latest run started (queued or running with its progress, done, or failed with its error).
 */
export const selfCheckResponse = z.object({
  checks: z.array(
    z.object({ name: z.string(), passed: z.boolean(), details: z.array(z.record(z.string(), z.unknown())) }),
  ),
  checkedAt: z.string().nullable(),
  latestRun: accountingTaskResponse.omit({ result: true, downloadUrl: true, downloadExpiresAt: true }).nullable(),
});
export const taskIdParams = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/) });

/** POST /accounting/exports: a general ledger of one account, or every journal line, over a period (CSV). */
export const accountingExportSchema = z
  .object({
    report: z.enum(['general-ledger', 'journal'], { error: ACCOUNTING_MESSAGES.exportReport }),
    accountId: idString().optional(),
    from: calendarDate(),
    to: calendarDate(),
  })
  .refine((v) => v.report !== 'general-ledger' || !!v.accountId, {
    path: ['accountId'],
    error: ACCOUNTING_MESSAGES.accountRequired,
  })
  .refine((v) => v.to >= v.from, { path: ['to'], error: ACCOUNTING_MESSAGES.toBeforeFrom });
export type AccountingExportBody = z.infer<typeof accountingExportSchema>;

import { minorToDecimalString } from '../money';

/**
 * Journal maths (pure): what makes an entry valid, reversals, and how an entry changes the
 * balance buckets. The engine (functions/accounting/engine.ts) enforces these for every caller.
 */
export const JOURNAL_SOURCES = [
  'manual',
  'rental',
  'invoice',
  'payment',
  'deposit',
  'finance',
  'maintenance',
  'ticket',
  'toll',
  'opening',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

export const PARTY_TYPES = ['customer', 'vendor', 'rental'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export interface Party {
  type: PartyType;
  id: string;
}

/** One line, in integer minor units: exactly one of debitMinor / creditMinor is > 0. */
export interface JournalLine {
  accountId: string;
  debitMinor: number;
  creditMinor: number;
  vatCode?: string | null;
  vatRatePercent?: number | null;
  /** Tax of this line when it is a base line (informational; the report sums the tax lines). */
  vatAmountMinor?: number | null;
  party?: Party | null;
  memo?: string | null;
}

export const JOURNAL_MESSAGES = {
  tooFewLines: 'A journal entry needs at least two lines',
  debitXorCredit: 'Each line needs either a debit or a credit amount greater than 0',
  notBalanced: 'Debits and credits must be equal',
  accountNotFound: 'Account not found',
  accountInactive: 'This account is inactive',
  accountIsGroup: 'A group account cannot take postings; choose one of its accounts',
  /** {{date}}: the lock date in the company's date format. The lock date itself is locked (inclusive). */
  lockedPeriod: 'The books are locked through {{date}}: nothing can be posted on or before that date',
  vatLockedPeriod: 'This VAT period is filed: lines with a VAT code cannot be posted in it',
  unknownVatCode: "Unknown VAT code for this company's region",
  alreadyReversed: 'This journal entry is already reversed',
  reversalOfReversal: 'A reversal cannot be reversed; post a new entry instead',
  dateRequired: 'Date is required (YYYY-MM-DD)',
  descriptionRequired: 'Description is required',
} as const;

export interface JournalProblem {
  /** `lines`, `lines.{i}` or `lines.{i}.amount`. */
  field: string;
  message: string;
}

const positive = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Problems of the lines themselves (count, debit xor credit, balance); empty when sound. */
export function validateJournalLines(
  lines: readonly Pick<JournalLine, 'debitMinor' | 'creditMinor'>[],
): JournalProblem[] {
  const problems: JournalProblem[] = [];
  if (lines.length < 2) problems.push({ field: 'lines', message: JOURNAL_MESSAGES.tooFewLines });
  lines.forEach((l, i) => {
    const d = l.debitMinor ?? 0;
    const c = l.creditMinor ?? 0;
    const ok = (positive(d) && c === 0) || (positive(c) && d === 0);
    if (!ok) problems.push({ field: `lines.${i}.amount`, message: JOURNAL_MESSAGES.debitXorCredit });
  });
  if (problems.length) return problems;
  const { debitMinor, creditMinor } = lineTotals(lines);
  if (debitMinor !== creditMinor) {
    problems.push({
      field: 'lines',
      message: `${JOURNAL_MESSAGES.notBalanced}: debits ${minorToDecimalString(debitMinor)}, credits ${minorToDecimalString(creditMinor)}`,
    });
  }
  return problems;
}

export function lineTotals(lines: readonly Pick<JournalLine, 'debitMinor' | 'creditMinor'>[]): {
  debitMinor: number;
  creditMinor: number;
} {
  let debitMinor = 0;
  let creditMinor = 0;
  for (const l of lines) {
    debitMinor += l.debitMinor ?? 0;
    creditMinor += l.creditMinor ?? 0;
  }
  return { debitMinor, creditMinor };
}

/** A reversal's lines: the same lines with debit and credit swapped (VAT codes and parties kept). */
export function reversalLines<L extends JournalLine>(lines: readonly L[]): L[] {
  return lines.map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor }));
}

/** Net debit and credit per account (several lines on one account become one bucket update). */
export function totalsByAccount(
  lines: readonly JournalLine[],
): Map<string, { debitMinor: number; creditMinor: number }> {
  const out = new Map<string, { debitMinor: number; creditMinor: number }>();
  for (const l of lines) {
    const t = out.get(l.accountId) ?? { debitMinor: 0, creditMinor: 0 };
    t.debitMinor += l.debitMinor;
    t.creditMinor += l.creditMinor;
    out.set(l.accountId, t);
  }
  return out;
}

/**
 * Per VAT code: base (lines on other accounts) and tax (lines on tax accounts), both credit −
 * debit (shared/accounting/vat.ts turns them into the boxes' direction).
 */
export function vatTotalsOf(
  lines: readonly JournalLine[],
  isTaxAccount: (accountId: string) => boolean,
): Map<string, { baseMinor: number; taxMinor: number }> {
  const out = new Map<string, { baseMinor: number; taxMinor: number }>();
  for (const l of lines) {
    if (!l.vatCode) continue;
    const t = out.get(l.vatCode) ?? { baseMinor: 0, taxMinor: 0 };
    const signed = l.creditMinor - l.debitMinor;
    if (isTaxAccount(l.accountId)) t.taxMinor += signed;
    else t.baseMinor += signed;
    out.set(l.vatCode, t);
  }
  return out;
}

/**
 * Balance buckets are sharded: each entry writes the buckets of ONE shard, chosen from its id,
 * so concurrent postings to the same account land on different items most of the time and do
 * not conflict in DynamoDB transactions. Reports add the shards up.
 */
export const BUCKET_SHARDS = 10;

export function shardOf(entryId: string, shards = BUCKET_SHARDS): number {
  let h = 2166136261;
  for (let i = 0; i < entryId.length; i++) {
    h ^= entryId.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % shards;
}

/** Entry numbers: JE-1001, JE-1002… unique and increasing per company; gaps allowed. */
export const JOURNAL_NUMBER_PREFIX = 'JE-';
export const JOURNAL_NUMBER_START = 1001;
export const journalNumber = (n: number) => `${JOURNAL_NUMBER_PREFIX}${n}`;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(v: string): boolean {
  const m = CALENDAR_DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

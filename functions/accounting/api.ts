/**
 * The accounting domain's surface for other domains (DESIGN.md §13–14): the only module they
 * import. Post a business change and its journal entry in ONE transaction by adding the items
 * from `journalItems` / `rentalJournalItems` to your own TransactWriteItems; `postJournal` writes
 * a standalone entry.
 */
import type { TransactItem } from '../lib/data/repo';
import type { RegionCode } from '../../shared/regions';
import type { JournalDraft } from './engine';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { ulid } from 'ulid';
import { BUCKET_SHARDS, reversalLines } from '../../shared/accounting/journal';
import type { AuditActor } from '../lib/actor';
import { getItem, tx } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import { journalKey, settingsKey, shardLockItem, type JournalItem } from './model';

export type { JournalDraft } from './engine';
export type { RentalPostingInput } from './rental-postings';
export type { RecognitionRunResult } from './recognition';

/*
 * The engine (journal checks, the chart, tax codes, posting rules) loads on the first posting, not
 * at a cold start: every domain Lambda imports this module, and most first requests are reads
 * (DESIGN.md §10 bundles; `npm run bench`). The functions below keep their signatures.
 */
const engine = () => import('./engine');
const setup = () => import('./setup');
const rentalPostings = () => import('./rental-postings');
const ensureAccounting = async (...args: Parameters<typeof import('./setup').ensureAccounting>) =>
  (await setup()).ensureAccounting(...args);

export const rentalJournalItems = async (...args: Parameters<typeof import('./rental-postings').rentalJournalItems>) =>
  (await rentalPostings()).rentalJournalItems(...args);
/** The revenue recognition job's units (functions/jobs/recognise-revenue.ts), loaded on use. */
export type { RevenueUnit } from './recognition';
export async function* revenueUnits(now: Date, includes: (tenantId: string) => boolean) {
  yield* (await import('./recognition')).revenueUnits(now, includes);
}
export const recogniseRevenueUnit = async (unit: import('./recognition').RevenueUnit, now: Date) =>
  (await import('./recognition')).recogniseRevenueUnit(unit, now);

/** The items of one journal entry, for the caller's own transaction (checks run now; conditions in the transaction). */
export async function journalItems(tenantId: string, draft: JournalDraft): Promise<TransactItem[]> {
  const [settings, { prepareJournal, readLineAccounts }] = await Promise.all([ensureAccounting(tenantId), engine()]);
  return (await prepareJournal(tenantId, settings, draft, { accounts: await readLineAccounts(tenantId, draft.lines) }))
    .items;
}

/**
 * `journalItems` plus the entry's id, for callers that keep it to reverse the entry later
 * (maintenance: cancelling a completed record posts the reversal of its cost).
 */
export async function journalEntryItems(
  tenantId: string,
  draft: JournalDraft,
): Promise<{ entryId: string; items: TransactItem[] }> {
  const [settings, { prepareJournal, readLineAccounts }] = await Promise.all([ensureAccounting(tenantId), engine()]);
  const prepared = await prepareJournal(tenantId, settings, draft, {
    accounts: await readLineAccounts(tenantId, draft.lines),
  });
  return { entryId: prepared.entry.id, items: prepared.items };
}

/**
 * The company's account ids by chart code, its region and the end of its filed VAT periods (callers building their own
 * lines).
 */
export async function bookAccounts(
  tenantId: string,
): Promise<{ accountIds: Record<string, string>; region: RegionCode; vatFiledThrough: string | null }> {
  const settings = await ensureAccounting(tenantId);
  return {
    accountIds: settings.accountIds,
    region: settings.region as RegionCode,
    vatFiledThrough: settings.vatFiledThrough ?? null,
  };
}

/** A standalone journal entry (its own transaction). */
export const postJournal = async (tenantId: string, draft: JournalDraft) =>
  (await engine()).postJournal(tenantId, draft);

/** Creates a company's chart of accounts and accounting settings (sign-up; idempotent). */
export const setUpBooks = (tenantId: string, region?: RegionCode) => ensureAccounting(tenantId, region);

/**
 * Localisation (issue 26, ./localise.ts; loaded on use): whether the company has posted anything,
 * the items moving its books to a region for the caller's own transaction (the settings domain
 * writes them with the new region), and the same as a standalone, idempotent repair (the
 * 'localise-books' migration).
 */
export const booksHavePostings = async (tenantId: string) => (await import('./localise')).hasPostings(tenantId);
export const booksLocalisationItems = async (tenantId: string, region: RegionCode, opts: { unposted?: boolean } = {}) =>
  (await import('./localise')).localisationItems(tenantId, region, opts);
export const localiseBooks = async (tenantId: string, region?: RegionCode) =>
  (await import('./localise')).localiseBooks(tenantId, region);

/**
 * Customer credit (an overpayment kept for the customer's next invoice, issue 19): the journal
 * items of money received into (amountMinor > 0: Dr the method's account / Cr 2160 customer
 * advances) or paid back out of (amountMinor < 0: the reverse) a customer's credit, with the
 * customer as party on the advances line, for the caller's own transaction.
 */
export async function customerCreditJournalItems(
  tenantId: string,
  input: {
    customerId: string;
    amountMinor: number;
    method: string;
    date: string;
    description: string;
    reference: string | null;
    sourceId: string;
    createdBy: string | null;
  },
): Promise<TransactItem[]> {
  const settings = await ensureAccounting(tenantId);
  const methodAccount = settings.methodAccounts[input.method as keyof typeof settings.methodAccounts];
  const advances = settings.accountIds[ACCOUNT_CODES.customerAdvances];
  if (!methodAccount || !advances) throw new Error(`No account for method ${input.method} or customer advances`);
  const amount = Math.abs(input.amountMinor);
  const into = input.amountMinor > 0;
  const party = { type: 'customer' as const, id: input.customerId };
  return journalItems(tenantId, {
    date: input.date,
    description: input.description,
    reference: input.reference,
    source: 'payment',
    sourceId: input.sourceId,
    createdBy: input.createdBy,
    lines: [
      { accountId: methodAccount, debitMinor: into ? amount : 0, creditMinor: into ? 0 : amount },
      { accountId: advances, debitMinor: into ? 0 : amount, creditMinor: into ? amount : 0, party },
    ],
  });
}

/** The company's account ids by chart code (e.g. '1330' → its account id), for callers that build their own lines. */
export const accountIdsByCode = async (tenantId: string): Promise<Record<string, string>> =>
  (await ensureAccounting(tenantId)).accountIds;

/**
 * Finance (issue 10): lifetime balances (debit-normal, minor units) of the given account ids from
 * the balance shards (one Query), and one account's statement (opening, lines with running
 * balance, closing) — views of the GL, not a second ledger.
 */
export async function assetBalancesMinor(tenantId: string, accountIds: string[]): Promise<Record<string, number>> {
  const balances = await (await import('./buckets')).readLifetimeBalances(tenantId);
  return Object.fromEntries(
    accountIds.map((id) => {
      const b = balances.get(id);
      return [id, b ? b.debitMinor - b.creditMinor : 0];
    }),
  );
}
// The report readers load on use: domains importing this module for postings stay small (DESIGN.md §10 bundles).
export const accountStatement = async (...args: Parameters<typeof import('./reports').generalLedger>) =>
  (await import('./reports')).generalLedger(...args);

/**
 * Finance (issue 10): the items of the reversal of one journal entry (lines swapped, linked both
 * ways; the original's `reversedById` is set conditionally, so a second reversal of the same entry
 * fails the caller's transaction), for the caller's own transaction with its business change.
 */
export async function reversalJournalItems(
  tenantId: string,
  entryId: string,
  input: { date: string; description: string; createdBy: string | null },
): Promise<TransactItem[]> {
  const original = (await getItem(journalKey(tenantId, entryId), true)) as JournalItem | undefined;
  if (!original) throw notFound('Journal entry not found');
  if (original.reversedById) throw (await engine()).conflictReversed();
  return journalItems(tenantId, {
    date: input.date,
    description: input.description,
    reference: original.entryNumber,
    source: original.source,
    sourceId: original.sourceId,
    lines: reversalLines(original.lines),
    createdBy: input.createdBy,
    reversalOfId: original.id,
  });
}

/**
 * Finance (issue 10): the items creating a new leaf account under a chart group (a company's bank
 * account is a leaf of 1200 "Bank and clearing"), with the next free code of the group's range
 * (e.g. 1211–1249 under 1200), for the caller's own transaction. The code item (putNew) and the
 * settings' version condition refuse a concurrent addition of the same code.
 */
export async function newLeafAccountItems(
  actor: AuditActor,
  input: {
    parentCode: string;
    codeFrom: number;
    codeTo: number;
    name: string;
    nameAr?: string;
    description?: string | null;
  },
): Promise<{ accountId: string; code: string; items: TransactItem[] }> {
  const settings = await ensureAccounting(actor.tenantId);
  const { newAccountItems, readAccounts } = await setup();
  const accounts = await readAccounts(actor.tenantId);
  const parent = accounts.find((a) => a.code === input.parentCode && a.isGroup);
  if (!parent) throw conflict(`Account group ${input.parentCode} is missing from the chart of accounts`);
  const taken = new Set(accounts.map((a) => a.code));
  let n = input.codeFrom;
  while (n <= input.codeTo && taken.has(String(n))) n++;
  if (n > input.codeTo) throw conflict(`No free account code left between ${input.codeFrom} and ${input.codeTo}`);
  const code = String(n);
  const id = ulid();
  const now = new Date().toISOString();
  const [account, codeItem] = newAccountItems(
    actor.tenantId,
    {
      id,
      code,
      name: input.name,
      nameAr: input.nameAr ?? input.name,
      type: parent.type,
      parentId: parent.id,
      isGroup: false,
      isActive: true,
      isSystem: false,
      description: input.description ?? null,
    },
    now,
  );
  const items: TransactItem[] = [
    tx.putNew(account),
    tx.putNew(codeItem),
    tx.update(
      settingsKey(actor.tenantId),
      settings.version,
      { accountIds: { ...settings.accountIds, [code]: id } },
      now,
    ),
  ];
  if (settings.lockDate || settings.vatFiledThrough) {
    for (let s = 0; s < BUCKET_SHARDS; s++)
      items.push(shardLockItem(actor.tenantId, id, s, settings.lockDate, settings.vatFiledThrough));
  }
  return { accountId: id, code, items };
}

/**
 * Expense and income rows of a period from the balance buckets (the P&L of issue 18), for finance's operational charges
 * ledger.
 */
export const incomeAndExpenses = async (tenantId: string, from: string, to: string) =>
  (await import('./reports')).profitLossReport(tenantId, from, to);

/**
 * An account's statement for a whole period (every page) as CSV (RFC 4180 + BOM) or a branded PDF, in English or
 * Arabic.
 */
/** A labelled line above a statement's table (bank, IBAN…), in both languages. */
export interface StatementDetail {
  en: string;
  ar: string;
  value: string;
}

export async function exportAccountStatement(
  tenantId: string,
  q: { accountId: string; from: string; to: string },
  format: 'csv' | 'pdf',
  lang: 'en' | 'ar',
  title: { en: string; ar: string },
  file: string,
  details?: StatementDetail[],
) {
  const [{ generalLedgerAll }, { exportReport }] = await Promise.all([import('./reports'), import('./exports')]);
  const data = await generalLedgerAll(tenantId, q);
  return exportReport(tenantId, 'general-ledger', data, format, lang, { title, file, details });
}

/**
 * For the insights engine (issue 15): the VAT return's net payable over [from, to] and the date the company has filed
 * through.
 */
export async function vatPayable(
  tenantId: string,
  from: string,
  to: string,
): Promise<{ payableMinor: number; filedThrough: string | null; region: RegionCode }> {
  const settings = await ensureAccounting(tenantId);
  const r = await (await import('./reports')).vatReportMinor(tenantId, settings.region as RegionCode, from, to);
  return {
    payableMinor: r.netPayableMinor,
    filedThrough: settings.vatFiledThrough ?? null,
    region: settings.region as RegionCode,
  };
}

/**
 * The dashboard's money cards (analytics), minor units: lifetime balances of cash on hand, petty
 * cash, bank and clearing, receivables and deposits held, and this month's expenses (operational
 * charges). Reads the balance buckets: bounded by accounts × months, not by entries.
 */
export async function dashboardBalances(tenantId: string, today: string) {
  const [{ readMovements }, { readAccounts }, { normalBalance }, { profitAndLoss }] = await Promise.all([
    import('./buckets'),
    import('./setup'),
    import('../../shared/accounting/chart'),
    import('../../shared/accounting/reports'),
  ]);
  await ensureAccounting(tenantId);
  const accounts = (await readAccounts(tenantId)) as Parameters<typeof profitAndLoss>[0];
  const [toDate, thisMonth] = await Promise.all([
    readMovements(tenantId, null, today),
    readMovements(tenantId, `${today.slice(0, 7)}-01`, today),
  ]);
  const bal = (code: string) => {
    const a = accounts.find((x) => x.code === code);
    const b = a ? toDate.get(a.id) : undefined;
    return a && b ? normalBalance(a.type, b.debitMinor, b.creditMinor) : 0;
  };
  return {
    cashBoxMinor: bal(ACCOUNT_CODES.cash),
    pettyCashMinor: bal(ACCOUNT_CODES.pettyCash),
    bankMinor: bal(ACCOUNT_CODES.bank) + bal(ACCOUNT_CODES.cardClearing) + bal(ACCOUNT_CODES.gatewayClearing),
    receivablesMinor: bal(ACCOUNT_CODES.receivables),
    depositsHeldMinor: bal(ACCOUNT_CODES.depositsHeld),
    monthExpensesMinor: profitAndLoss(accounts, thisMonth).expenses.totalMinor,
  };
}

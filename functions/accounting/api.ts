/**
 * The accounting domain's surface for other domains (DESIGN.md §13–14): the only module they
 * import. Post a business change and its journal entry in ONE transaction by adding the items
 * from `journalItems` / `rentalJournalItems` to your own TransactWriteItems; `postJournal` writes
 * a standalone entry.
 */
import type { TransactItem } from '../lib/data/repo';
import type { RegionCode } from '../../shared/regions';
import { postJournal as post, prepareJournal, readLineAccounts, type JournalDraft } from './engine';
import { ensureAccounting } from './setup';
import { backfillRentals } from './rental-postings';

export type { JournalDraft } from './engine';
export type { RentalPostingInput } from './rental-postings';
export { rentalJournalItems } from './rental-postings';

/** The items of one journal entry, for the caller's own transaction (checks run now; conditions in the transaction). */
export async function journalItems(tenantId: string, draft: JournalDraft): Promise<TransactItem[]> {
  const settings = await ensureAccounting(tenantId);
  return (await prepareJournal(tenantId, settings, draft, { accounts: await readLineAccounts(tenantId, draft.lines) })).items;
}

/**
 * `journalItems` plus the entry's id, for callers that keep it to reverse the entry later
 * (maintenance: cancelling a completed record posts the reversal of its cost).
 */
export async function journalEntryItems(tenantId: string, draft: JournalDraft): Promise<{ entryId: string; items: TransactItem[] }> {
  const settings = await ensureAccounting(tenantId);
  const prepared = await prepareJournal(tenantId, settings, draft, { accounts: await readLineAccounts(tenantId, draft.lines) });
  return { entryId: prepared.entry.id, items: prepared.items };
}

/** The company's account ids by chart code and its region (callers building their own lines). */
export async function bookAccounts(tenantId: string): Promise<{ accountIds: Record<string, string>; region: RegionCode }> {
  const settings = await ensureAccounting(tenantId);
  return { accountIds: settings.accountIds, region: settings.region as RegionCode };
}

/** A standalone journal entry (its own transaction). */
export const postJournal = (tenantId: string, draft: JournalDraft) => post(tenantId, draft);

/** Creates a company's chart of accounts and accounting settings (sign-up; idempotent). */
export const setUpBooks = (tenantId: string, region?: RegionCode) => ensureAccounting(tenantId, region);

/** The idempotent migration of existing companies: chart, then every rental ledger not yet posted. */
export async function migrateBooks(tenantId: string) {
  await ensureAccounting(tenantId, undefined, { resync: true });
  return backfillRentals(tenantId);
}

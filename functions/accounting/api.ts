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

/** A standalone journal entry (its own transaction). */
export const postJournal = (tenantId: string, draft: JournalDraft) => post(tenantId, draft);

/** Creates a company's chart of accounts and accounting settings (sign-up; idempotent). */
export const setUpBooks = (tenantId: string, region?: RegionCode) => ensureAccounting(tenantId, region);

/** The idempotent migration of existing companies: chart, then every rental ledger not yet posted. */
export async function migrateBooks(tenantId: string) {
  await ensureAccounting(tenantId, undefined, { resync: true });
  return backfillRentals(tenantId);
}

/** The company's account ids by chart code (e.g. '1330' → its account id), for callers that build their own lines. */
export const accountIdsByCode = async (tenantId: string): Promise<Record<string, string>> => (await ensureAccounting(tenantId)).accountIds;

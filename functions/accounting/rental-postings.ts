import { calendarDateInZone, type RegionCode } from '../../shared/regions';
import type { JournalLine } from '../../shared/accounting/journal';
import { rentalJournalLines, type RentalMovement, type RentalPostingContext } from '../../shared/accounting/posting-rules';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat';
import { batchGet, getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import { readCompany, readRental, readRentalLedger, readRentalsPage, rentalKeyOf, type CompanyFacts, type LedgerFacts } from './deps';
import { partyUpdate, prepareJournal, reserveEntryNumber, type PartyGuard } from './engine';
import { partyKey, settingsKey, type AccountingSettingsItem } from './model';
import { ensureAccounting } from './setup';

/**
 * Rentals in the books (issue 18 "Posting the rentals"). Every rental ledger movement posts
 * through the engine IN the rental's own transaction (rentals/mutate.ts and booking.ts add
 * these items), by the rules of shared/accounting/posting-rules.ts; one rental change = one
 * journal entry (source `rental`, sourceId = the rental).
 *
 * The rental's party item (GL_PARTY / RENTAL#{id}) says how much of its ledger is in the GL:
 * absent = nothing, `postedThrough` = the ledger up to that entry id (a backfill in progress),
 * `complete` = everything. A change to a rental whose history is not (fully) posted yet posts
 * the missing history with it, so the sub-ledger equals the GL from then on. The party write is
 * conditioned on what was read, and the rental's version condition serialises it with the
 * backfill.
 */
export interface RentalPostingInput {
  rental: { id: string; referenceNumber: string; taxRate: number; taxIncluded: boolean };
  /** The movements this change adds to the rental's ledger. */
  movements: RentalMovement[];
  /** The company's calendar date of the change. */
  date: string;
  vatEnabled: boolean;
  createdBy: string | null;
  /** A booking: the rental is new, nothing can be posted for it yet. */
  isNewRental?: boolean;
  /** The ledger BEFORE this change, read only when its history is not fully posted. */
  loadEarlier?: () => Promise<(RentalMovement & { id: string })[]>;
}

interface PartyItem { complete?: boolean; postedThrough?: string }

export function postingContext(settings: AccountingSettingsItem, rental: RentalPostingInput['rental'], vatEnabled: boolean): RentalPostingContext {
  const codeOf = new Map(Object.entries(settings.accountIds).map(([code, id]) => [id, code]));
  const methodAccounts = Object.fromEntries(Object.entries(settings.methodAccounts).map(([m, id]) => [m, codeOf.get(id) ?? '']).filter(([, c]) => c));
  return {
    rentalId: rental.id,
    taxRatePercent: Number(rental.taxRate ?? 0),
    taxIncluded: rental.taxIncluded === true,
    vatEnabled,
    outputVatCode: DEFAULT_VAT_CODES[(settings.region as RegionCode) ?? 'US'].output,
    methodAccounts,
  };
}

export function toJournalLines(settings: AccountingSettingsItem, movements: readonly RentalMovement[], ctx: RentalPostingContext): JournalLine[] {
  return rentalJournalLines(movements, ctx).map((l) => {
    const accountId = settings.accountIds[l.accountCode];
    if (!accountId) throw new Error(`The chart has no account ${l.accountCode}`);
    return { accountId, debitMinor: l.debitMinor, creditMinor: l.creditMinor, vatCode: l.vatCode ?? null, vatRatePercent: l.vatRatePercent ?? null, party: l.party ?? null };
  });
}

/** Transaction items that post a rental change (journal entry, buckets, party) — for the rental's own transaction. */
export async function rentalJournalItems(tenantId: string, input: RentalPostingInput): Promise<TransactItem[]> {
  const party = { type: 'rental' as const, id: input.rental.id };
  // One round trip: the settings, the party's progress and the entry number together.
  const entryNumber = reserveEntryNumber(tenantId);
  entryNumber.catch(() => undefined);
  const [settingsRead, partyRead] = input.isNewRental
    ? [await getItem(settingsKey(tenantId), true), undefined]
    : await batchGet([settingsKey(tenantId), partyKey(tenantId, party)]);
  const settings = (settingsRead as AccountingSettingsItem | undefined) ?? await ensureAccounting(tenantId);
  const p = partyRead as PartyItem | undefined;
  let movements = input.movements;
  let state: PartyGuard['state'];
  if (input.isNewRental) state = 'absent';
  else if (p?.complete) state = 'complete';
  else {
    const earlier = (await input.loadEarlier?.()) ?? [];
    const missing = p?.postedThrough ? earlier.filter((e) => e.id > p.postedThrough!) : earlier;
    movements = [...missing, ...input.movements];
    state = p?.postedThrough ? { postedThrough: p.postedThrough } : 'absent';
  }
  const guard: PartyGuard = { party, state, complete: true };
  const lines = toJournalLines(settings, movements, postingContext(settings, input.rental, input.vatEnabled));
  if (lines.length === 0) return [partyUpdate(tenantId, guard, [], new Date().toISOString())];
  const { items } = await prepareJournal(tenantId, settings, {
    date: input.date,
    description: `Rental ${input.rental.referenceNumber}`,
    reference: input.rental.referenceNumber,
    source: 'rental',
    sourceId: input.rental.id,
    lines,
    createdBy: input.createdBy,
  }, { parties: [guard], entryNumber });
  return items;
}

const asMovement = (e: LedgerFacts): RentalMovement & { id: string } => ({
  id: e.id, type: e.type, category: e.category as RentalMovement['category'], amountMinor: e.amountMinor, method: e.method, reversesId: e.reversesId, lineCode: e.lineCode,
});

/**
 * Posts the part of one rental's ledger that is not in the GL yet, one journal entry per posting
 * date (company time zone), each in a transaction conditioned on the rental's version and the
 * party's progress. Idempotent: a rental already complete is skipped.
 */
export async function backfillRental(tenantId: string, rentalId: string, company: CompanyFacts): Promise<'posted' | 'skipped' | 'missing'> {
  return retryOnConflict(async () => {
    const settings = await ensureAccounting(tenantId, company.region);
    const rental = await readRental(tenantId, rentalId);
    if (!rental) return 'missing';
    const partyItem = (await getItem(partyKey(tenantId, { type: 'rental', id: rentalId }), true)) as PartyItem | undefined;
    if (partyItem?.complete) return 'skipped';
    const ledger = (await readRentalLedger(tenantId, rentalId)).filter((e) => !partyItem?.postedThrough || e.id > partyItem.postedThrough);
    const groups = new Map<string, LedgerFacts[]>();
    for (const e of ledger) {
      const date = calendarDateInZone(new Date(e.postedAt), company.timezone);
      groups.set(date, [...(groups.get(date) ?? []), e]);
    }
    const ctx = postingContext(settings, rental, company.vatEnabled);
    let state: PartyGuard['state'] = partyItem?.postedThrough ? { postedThrough: partyItem.postedThrough } : 'absent';
    const dates = [...groups.keys()].sort();
    if (dates.length === 0) dates.push(calendarDateInZone(new Date(rental.createdAt), company.timezone));
    for (const [i, date] of dates.entries()) {
      const group = groups.get(date) ?? [];
      const last = i === dates.length - 1;
      const guard: PartyGuard = { party: { type: 'rental', id: rentalId }, state, complete: last, postedThrough: group.length ? group[group.length - 1].id : undefined };
      const lines = toJournalLines(settings, group.map(asMovement), ctx);
      const items: TransactItem[] = lines.length
        ? (await prepareJournal(tenantId, settings, {
            date, description: `Rental ${rental.referenceNumber}`, reference: rental.referenceNumber, source: 'rental', sourceId: rentalId, lines, createdBy: null,
          }, { parties: [guard] })).items
        : [partyUpdate(tenantId, guard, [], new Date().toISOString())];
      items.push(tx.condition(rentalKeyOf(tenantId, rentalId), '#v = :v', { '#v': 'version' }, { ':v': rental.version }));
      await transact(items);
      if (!last && guard.postedThrough) state = { postedThrough: guard.postedThrough };
    }
    return 'posted';
  }, 12);
}

/** Posts every rental of the company not yet in the books (the migration of existing ledgers). */
export async function backfillRentals(tenantId: string): Promise<{ posted: number; skipped: number }> {
  const company = await readCompany(tenantId);
  await ensureAccounting(tenantId, company.region);
  let posted = 0;
  let skipped = 0;
  let cursor: string | null = null;
  do {
    const page = await readRentalsPage(tenantId, cursor, 50);
    // A few rentals at a time: each is its own small set of transactions.
    for (let i = 0; i < page.items.length; i += 5) {
      const results = await Promise.all(page.items.slice(i, i + 5).map((r) => backfillRental(tenantId, r.id, company)));
      for (const r of results) if (r === 'posted') posted++; else skipped++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return { posted, skipped };
}

import { calendarDateInZone, type RegionCode } from '../../shared/regions';
import type { JournalLine } from '../../shared/accounting/journal';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import {
  netLines,
  phaseOf,
  pickupJournalLines,
  recognitionLines,
  rentalJournalLines,
  type CodedLine,
  type RentalMovement,
  type RentalPhase,
  type RentalPostingContext,
} from '../../shared/accounting/posting-rules';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import { batchGet, getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import {
  readCompany,
  readRental,
  readRentalLedger,
  readRentalsPage,
  rentalKeyOf,
  type CompanyFacts,
  type LedgerFacts,
} from './deps';
import { partyUpdate, prepareJournal, reserveEntryNumber, type PartyGuard } from './engine';
import { partyAttr, partyKey, settingsKey, type AccountingSettingsItem } from './model';
import { OFF_HIRE, revenueDueKey, revenueDueItem, type RevenueDueItem } from './recognition-index';
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
  /** `earnsRentByDay`: booked since issue 26 (posting-rules.ts rentIncomeWhenCharged); absent = booked before. */
  rental: {
    id: string;
    referenceNumber: string;
    taxRate: number;
    taxIncluded: boolean;
    earnsRentByDay?: boolean;
    chargedBeforePickup?: boolean;
  };
  /** The movements this change adds to the rental's ledger. */
  movements: RentalMovement[];
  /** The company's calendar date of the change. */
  date: string;
  vatEnabled: boolean;
  createdBy: string | null;
  /** A booking: the rental is new, nothing can be posted for it yet. */
  isNewRental?: boolean;
  /** The ledger BEFORE this change, read only when its history is not fully posted (or at pickup). */
  loadEarlier?: () => Promise<(RentalMovement & { id: string })[]>;
  /**
   * The rental's status before and after this change (issue 26: a pending rental is `booked`, its
   * charges post nothing; pickup posts them; off hire, what remains unearned is recognised).
   * Absent = active (hired) on both sides.
   */
  statusBefore?: string;
  statusAfter?: string;
  /** The rental's planned days after the change (expectedDuration): the straight line's length. */
  plannedDays?: number;
  /** Its tax invoice issued before pickup (posting-rules.ts phaseOf) after this change; absent = as `rental` holds. */
  chargedBeforePickupAfter?: boolean;
}

interface PartyItem {
  complete?: boolean;
  postedThrough?: string;
}

export function postingContext(
  settings: AccountingSettingsItem,
  rental: RentalPostingInput['rental'],
  vatEnabled: boolean,
  phase: RentalPhase = 'hired',
): RentalPostingContext {
  const earnsRentByDay = rental.earnsRentByDay === true;
  const codeOf = new Map(Object.entries(settings.accountIds).map(([code, id]) => [id, code]));
  const methodAccounts = Object.fromEntries(
    Object.entries(settings.methodAccounts)
      .map(([m, id]) => [m, codeOf.get(id) ?? ''])
      .filter(([, c]) => c),
  );
  return {
    rentalId: rental.id,
    taxRatePercent: Number(rental.taxRate ?? 0),
    taxIncluded: rental.taxIncluded === true,
    vatEnabled,
    outputVatCode: DEFAULT_VAT_CODES[(settings.region as RegionCode) ?? 'US'].output,
    methodAccounts,
    phase: earnsRentByDay ? phase : 'hired',
    rentIncomeWhenCharged: !earnsRentByDay,
  };
}

/** Coded lines → the engine's lines (account ids of the company's chart). */
export function toJournalLinesOf(settings: AccountingSettingsItem, coded: readonly CodedLine[]): JournalLine[] {
  return coded.map((l) => {
    const accountId = settings.accountIds[l.accountCode];
    if (!accountId) throw new Error(`The chart has no account ${l.accountCode}`);
    return {
      accountId,
      debitMinor: l.debitMinor,
      creditMinor: l.creditMinor,
      vatCode: l.vatCode ?? null,
      vatRatePercent: l.vatRatePercent ?? null,
      party: l.party ?? null,
    };
  });
}

/** Net of the coded lines on one account code (debit +). */
const netOn = (lines: readonly CodedLine[], code: string) =>
  lines.filter((l) => l.accountCode === code).reduce((n, l) => n + l.debitMinor - l.creditMinor, 0);

export function toJournalLines(
  settings: AccountingSettingsItem,
  movements: readonly RentalMovement[],
  ctx: RentalPostingContext,
): JournalLine[] {
  return toJournalLinesOf(settings, rentalJournalLines(movements, ctx));
}

/**
 * Transaction items that post a rental change (journal entry, buckets, party, the revenue-due
 * index) — for the rental's own transaction. Issue 26: the change's phase decides the rules
 * (posting-rules.ts); the pickup posts the hired rules of the whole ledger minus what was posted
 * while booked; from pickup the rental has a revenue-due item (./recognition-index.ts) that the
 * nightly recognise-revenue job reads; a change that leaves the rental off hire (return, cancel,
 * close…) recognises what remains in 2170 in the same entry and removes that item, conditioned
 * on the job's version of it (a run in flight makes this transaction retry, never post twice).
 */
export async function rentalJournalItems(tenantId: string, input: RentalPostingInput): Promise<TransactItem[]> {
  const party = { type: 'rental' as const, id: input.rental.id };
  const earnsRentByDay = input.rental.earnsRentByDay === true;
  const chargedBefore = input.rental.chargedBeforePickup === true;
  const before = phaseOf(input.statusBefore ?? 'active', earnsRentByDay, chargedBefore);
  const afterStatus = input.statusAfter ?? input.statusBefore ?? 'active';
  const after = phaseOf(afterStatus, earnsRentByDay, input.chargedBeforePickupAfter ?? chargedBefore);
  // Booked → hired: the pickup, or a tax invoice issued before it (the invoice is the tax point).
  const pickup = before === 'booked' && after === 'hired';
  const offHire = after === 'hired' && OFF_HIRE.includes(afterStatus);
  // One round trip: the settings, the party's progress, the revenue-due item and the entry number
  // together — when the change will post. A booked rental whose change moves only charges (a booking
  // without money received, an edit before pickup) posts nothing (issue 26): taking a number there
  // would leave a gap in the JE- sequence for every such booking and add one write on the company's
  // counter item to every booking (issue 30: the last per-company write of a booking without money).
  const bookedChargesOnly =
    before === 'booked' && after === 'booked' && input.movements.every((m) => m.type === 'charge');
  const entryNumber = bookedChargesOnly ? undefined : reserveEntryNumber(tenantId);
  entryNumber?.catch(() => undefined);
  const [settingsRead, partyRead, dueRead] = input.isNewRental
    ? [await getItem(settingsKey(tenantId), true), undefined, undefined]
    : await batchGet([settingsKey(tenantId), partyKey(tenantId, party), revenueDueKey(tenantId, input.rental.id)]);
  const settings = (settingsRead as AccountingSettingsItem | undefined) ?? (await ensureAccounting(tenantId));
  const p = partyRead as (PartyItem & Record<string, unknown>) | undefined;
  const due = dueRead as RevenueDueItem | undefined;
  let movements = input.movements;
  let posted: RentalMovement[] = [];
  let state: PartyGuard['state'];
  if (input.isNewRental) state = 'absent';
  else if (p?.complete && !pickup) state = 'complete';
  else {
    const earlier = (await input.loadEarlier?.()) ?? [];
    const missing = p?.complete ? [] : p?.postedThrough ? earlier.filter((e) => e.id > p.postedThrough!) : earlier;
    posted = p?.complete ? earlier : p?.postedThrough ? earlier.filter((e) => e.id <= p.postedThrough!) : [];
    movements = pickup ? [...earlier, ...input.movements] : [...missing, ...input.movements];
    state = p?.complete ? 'complete' : p?.postedThrough ? { postedThrough: p.postedThrough } : 'absent';
  }
  const guard: PartyGuard = { party, state, complete: true };
  const ctx = postingContext(settings, input.rental, input.vatEnabled, before);
  let coded = pickup
    ? pickupJournalLines(posted, movements.slice(posted.length), ctx)
    : rentalJournalLines(movements, ctx);
  const extra: TransactItem[] = [];
  const unearnedId = settings.accountIds[ACCOUNT_CODES.unearnedRevenue];
  if (offHire) {
    // What remains unearned after this change is earned now (return, close, cancel).
    const remaining = -(Number(p?.[partyAttr(unearnedId)] ?? 0) + netOn(coded, ACCOUNT_CODES.unearnedRevenue));
    if (remaining !== 0) coded = netLines([...coded, ...recognitionLines(input.rental.id, remaining)]);
    if (due)
      extra.push(
        tx.raw('Delete', {
          Key: revenueDueKey(tenantId, input.rental.id),
          ConditionExpression: '#v = :v',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':v': due.version },
        }),
      );
  } else if (after === 'hired') {
    // On hire, rent taken back (a credit note, a lowered charge) beyond what is still unearned
    // had already been earned: that part comes back out of rental income, not out of 2170 (which
    // would go negative), and the job's recognised total drops by the same amount so its
    // straight line (recognised + unearned = the rent) stays true and nothing is reversed twice.
    const unearnedAfter = -(Number(p?.[partyAttr(unearnedId)] ?? 0) + netOn(coded, ACCOUNT_CODES.unearnedRevenue));
    const earnedTakenBack = unearnedAfter < 0 ? -unearnedAfter : 0;
    if (earnedTakenBack) coded = netLines([...coded, ...recognitionLines(input.rental.id, -earnedTakenBack)]);
    // The job's item, created at pickup (its first rental day = the pickup day), kept to the
    // planned length (an extension lengthens the straight line).
    const keepsDueItem = input.plannedDays && earnsRentByDay && afterStatus !== 'pending';
    if (keepsDueItem && !due)
      extra.push(
        tx.putNew(
          revenueDueItem(tenantId, input.rental.id, input.rental.referenceNumber, input.date, input.plannedDays!),
        ),
      );
    else if (due && ((keepsDueItem && due.plannedDays !== input.plannedDays) || earnedTakenBack)) {
      const set: string[] = [];
      const values: Record<string, unknown> = {};
      if (keepsDueItem && due.plannedDays !== input.plannedDays) {
        set.push('plannedDays = :n');
        values[':n'] = input.plannedDays;
      }
      if (earnedTakenBack) {
        // Conditioned on the job's version, as the off-hire delete: a run in flight retries this.
        set.push('recognisedMinor = :m', '#v = :next');
        Object.assign(values, {
          ':m': due.recognisedMinor - earnedTakenBack,
          ':next': due.version + 1,
          ':v': due.version,
        });
      }
      extra.push(
        tx.raw('Update', {
          Key: revenueDueKey(tenantId, input.rental.id),
          UpdateExpression: `SET ${set.join(', ')}`,
          ...(earnedTakenBack ? { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' } } : {}),
          ExpressionAttributeValues: values,
        }),
      );
    }
  }
  if (coded.length === 0)
    return movements.length ? [partyUpdate(tenantId, guard, [], new Date().toISOString()), ...extra] : extra;
  const { items } = await prepareJournal(
    tenantId,
    settings,
    {
      date: input.date,
      description: `Rental ${input.rental.referenceNumber}`,
      reference: input.rental.referenceNumber,
      source: 'rental',
      sourceId: input.rental.id,
      lines: toJournalLinesOf(settings, coded),
      createdBy: input.createdBy,
    },
    { parties: [guard], entryNumber },
  );
  return [...items, ...extra];
}

const asMovement = (e: LedgerFacts): RentalMovement & { id: string } => ({
  id: e.id,
  type: e.type,
  category: e.category as RentalMovement['category'],
  amountMinor: e.amountMinor,
  method: e.method,
  reversesId: e.reversesId,
  lineCode: e.lineCode,
});

/**
 * Posts the part of one rental's ledger that is not in the GL yet, one journal entry per posting
 * date (company time zone), each in a transaction conditioned on the rental's version and the
 * party's progress. Idempotent: a rental already complete is skipped.
 */
export async function backfillRental(
  tenantId: string,
  rentalId: string,
  company: CompanyFacts,
): Promise<'posted' | 'skipped' | 'missing'> {
  return retryOnConflict(async () => {
    const settings = await ensureAccounting(tenantId, company.region);
    const rental = await readRental(tenantId, rentalId);
    if (!rental) return 'missing';
    const partyItem = (await getItem(partyKey(tenantId, { type: 'rental', id: rentalId }), true)) as
      | PartyItem
      | undefined;
    if (partyItem?.complete) return 'skipped';
    const ledger = (await readRentalLedger(tenantId, rentalId)).filter(
      (e) => !partyItem?.postedThrough || e.id > partyItem.postedThrough,
    );
    const groups = new Map<string, LedgerFacts[]>();
    for (const e of ledger) {
      const date = calendarDateInZone(new Date(e.postedAt), company.timezone);
      groups.set(date, [...(groups.get(date) ?? []), e]);
    }
    // History is posted by the rules of the rental's phase now (a pending rental's charges stay booked).
    const ctx = postingContext(
      settings,
      rental,
      company.vatEnabled,
      phaseOf(String(rental.status ?? 'active'), rental.earnsRentByDay === true, rental.chargedBeforePickup === true),
    );
    let state: PartyGuard['state'] = partyItem?.postedThrough ? { postedThrough: partyItem.postedThrough } : 'absent';
    const dates = [...groups.keys()].sort();
    if (dates.length === 0) dates.push(calendarDateInZone(new Date(rental.createdAt), company.timezone));
    for (const [i, date] of dates.entries()) {
      const group = groups.get(date) ?? [];
      const last = i === dates.length - 1;
      const guard: PartyGuard = {
        party: { type: 'rental', id: rentalId },
        state,
        complete: last,
        postedThrough: group.length ? group[group.length - 1].id : undefined,
      };
      const lines = toJournalLines(settings, group.map(asMovement), ctx);
      const items: TransactItem[] = lines.length
        ? (
            await prepareJournal(
              tenantId,
              settings,
              {
                date,
                description: `Rental ${rental.referenceNumber}`,
                reference: rental.referenceNumber,
                source: 'rental',
                sourceId: rentalId,
                lines,
                createdBy: null,
              },
              { parties: [guard] },
            )
          ).items
        : [partyUpdate(tenantId, guard, [], new Date().toISOString())];
      items.push(
        tx.condition(rentalKeyOf(tenantId, rentalId), '#v = :v', { '#v': 'version' }, { ':v': rental.version }),
      );
      await transact(items);
      if (!last && guard.postedThrough) state = { postedThrough: guard.postedThrough };
    }
    return 'posted';
  }, 12);
}

/**
 * One page (50 rentals) of the migration of existing ledgers: posts those not yet in the books. Idempotent
 * (a rental already complete is skipped), so a page re-done after a crash posts nothing twice.
 */
export async function backfillRentalsPage(
  tenantId: string,
  cursor: string | null,
): Promise<{ posted: number; skipped: number; nextCursor: string | null }> {
  const company = await readCompany(tenantId);
  await ensureAccounting(tenantId, company.region);
  let posted = 0;
  let skipped = 0;
  const page = await readRentalsPage(tenantId, cursor, 50);
  // A few rentals at a time: each is its own small set of transactions.
  for (let i = 0; i < page.items.length; i += 5) {
    const results = await Promise.all(page.items.slice(i, i + 5).map((r) => backfillRental(tenantId, r.id, company)));
    for (const r of results)
      if (r === 'posted') posted++;
      else skipped++;
  }
  return { posted, skipped, nextCursor: page.nextCursor };
}

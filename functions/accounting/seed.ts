import { ulid } from 'ulid';
import { calendarDateInZone } from '../../shared/regions';
import { ACCOUNT_CODES } from '../../shared/accounting/chart';
import { JOURNAL_NUMBER_START, journalNumber } from '../../shared/accounting/journal';
import { toMinor } from '../../shared/money';
import { updateRaw } from '../lib/data/repo';
import { writeBatch, type DemoWorld } from '../lib/demo/world';
import { readCompany, readRentalLedger, readRentalsPage, type LedgerFacts, type RentalFacts } from './deps';
import { BulkBooks, prepareJournal, type JournalDraft, type PartyGuard } from './engine';
import { accountShardKey, journalCounterKey } from './model';
import { BUCKET_SHARDS } from '../../shared/accounting/journal';
import { rootLogger } from '../lib/logger';

const log = rootLogger.child({ domain: 'jobs' });
import { postingContext, toJournalLinesOf } from './rental-postings';
import {
  phaseOf,
  recognitionLines,
  rentalJournalLines,
  straightLineMinor,
} from '../../shared/accounting/posting-rules';
import { addDays } from '../../shared/calendar';
import { daysBetween } from '../../shared/calendar';
import { OFF_HIRE, revenueDueItem, type RevenueDueItem } from './recognition-index';
import { recogniseRental } from './recognition';
import type { AccountingSettingsItem } from './model';
import { ensureAccounting, newAccountItems, readAccounts } from './setup';

const DEMO_RENT_CODE = '5220';

/**
 * The demo company's books: the default chart for its region, every seeded rental ledger posted
 * by the rental posting rules (one entry per rental and posting date, as the backfill does), and
 * the company's own entries — opening capital, monthly office rent and salaries. Written in bulk
 * (BulkBooks: the engine's own entries and buckets, summed in memory) because the freshly seeded
 * company has no other writer; a live company migrates through the transactional backfill.
 */
export async function seedAccounting(world: DemoWorld): Promise<void> {
  const started = Date.now();
  const tenantId = world.tenantId;
  const company = await readCompany(tenantId);
  const settings = await ensureAccounting(tenantId, world.region);
  const rentals: RentalFacts[] = [];
  let cursor: string | null = null;
  do {
    const page = await readRentalsPage(tenantId, cursor, 200);
    rentals.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const ledgers = new Map<string, LedgerFacts[]>();
  for (let i = 0; i < rentals.length; i += 25) {
    const chunk = rentals.slice(i, i + 25);
    const read = await Promise.all(chunk.map((r) => readRentalLedger(tenantId, r.id)));
    chunk.forEach((r, j) => ledgers.set(r.id, read[j]));
  }

  const drafts: { draft: JournalDraft; guard?: PartyGuard }[] = [];
  const bulk = new BulkBooks();
  const at = world.now.toISOString();
  const onHire: RevenueDueItem[] = [];
  for (const rental of rentals) {
    const ledger = ledgers.get(rental.id) ?? [];
    const guard: PartyGuard = { party: { type: 'rental', id: rental.id }, state: 'absent', complete: true };
    const { entries, due } = demoRentalEntries(rental, ledger, settings, company);
    for (const draft of entries) drafts.push({ draft, guard });
    if (due) onHire.push(due);
    if (!entries.length) bulk.addParty(tenantId, guard, [], at);
  }
  // The demo's own account for its showroom rent, added under 5200 like a company would.
  const rentId = ulid();
  await writeBatch(
    newAccountItems(
      tenantId,
      {
        id: rentId,
        code: DEMO_RENT_CODE,
        name: 'Office and showroom rent',
        nameAr: 'إيجار المكتب وصالة العرض',
        type: 'expense',
        parentId: settings.accountIds['5200'],
        isGroup: false,
        isActive: true,
        isSystem: false,
        description: null,
      },
      at,
    ),
  );
  drafts.push(
    ...companyEntries(world, { ...settings.accountIds, [DEMO_RENT_CODE]: rentId }).map((draft) => ({ draft })),
  );
  drafts.sort((a, b) => a.draft.date.localeCompare(b.draft.date));

  // One counter ADD reserves every number; the entries take them in date order.
  const counter = await updateRaw({
    Key: journalCounterKey(tenantId),
    UpdateExpression: 'SET entityType = :et ADD #v :n',
    ExpressionAttributeNames: { '#v': 'value' },
    ExpressionAttributeValues: { ':n': drafts.length, ':et': 'COUNTER' },
    ReturnValues: 'UPDATED_NEW',
  });
  const first = Number(counter?.value ?? drafts.length) - drafts.length + 1;
  for (const [i, { draft, guard }] of drafts.entries()) {
    await prepareJournal(tenantId, settings, draft, {
      parties: guard ? [guard] : [],
      bulk,
      id: ulid(),
      entryNumber: Promise.resolve(journalNumber(JOURNAL_NUMBER_START - 1 + first + i)),
    });
  }
  // One filed VAT period (the return up to the end of the month before last): on the settings
  // and on every balance shard of every account, as PUT /lock-date writes it.
  const filed = new Date(Date.UTC(world.now.getUTCFullYear(), world.now.getUTCMonth() - 1, 0))
    .toISOString()
    .slice(0, 10);
  const leaves = (await readAccounts(tenantId)).filter((a) => !a.isGroup);
  for (const a of leaves)
    for (let s = 0; s < BUCKET_SHARDS; s++)
      bulk.add(
        accountShardKey(tenantId, a.id, s),
        { entityType: 'ACCOUNT_BALANCE', accountId: a.id, vatFiledThrough: filed },
        {},
      );
  const items = [...bulk.items(), { ...settings, vatFiledThrough: filed, version: settings.version + 1 }];
  log.info('accounting seed: writing', { ms: Date.now() - started, items: items.length });
  await writeBatch(items, 4);

  // Rentals on hire: the revenue-due item, then the recognition of their past days by the live job's path.
  await writeBatch(onHire);
  const books = {
    timezone: company.timezone,
    settings: { ...settings, vatFiledThrough: filed, version: settings.version + 1 },
  };
  let recognised = 0;
  for (const due of onHire) {
    const r = await recogniseRental(tenantId, due, books, world.now);
    if (r !== 'notYet') recognised += r.days;
  }
  log.info('accounting seed: rent recognised', { rentals: onHire.length, days: recognised });

  world.counts.journalEntries = drafts.length;
  log.info('accounting seed: books built', { ms: Date.now() - started, entries: drafts.length });
}

type DemoRental = RentalFacts & {
  status: string;
  pickedUpAt?: string | null;
  returnDate?: string | null;
  expectedDuration?: number;
};

/**
 * One demo rental's entries by the issue-26 rules, as the live paths would have posted them:
 * pending → its advances only (dated at its last posting); picked up → the ledger up to the pickup
 * by the hired rules on the pickup day, the rest on its last posting day; returned → its rent
 * recognised straight-line over its days, one entry per calendar month (dated that month's last
 * rental day); still on hire → a revenue-due item, recognised by the job's path after the write.
 */
export function demoRentalEntries(
  rental: DemoRental,
  ledger: readonly LedgerFacts[],
  settings: AccountingSettingsItem,
  company: { timezone: string; vatEnabled: boolean },
): { entries: JournalDraft[]; due?: RevenueDueItem } {
  const dayOf = (iso: string) => calendarDateInZone(new Date(iso), company.timezone);
  const base = {
    description: `Rental ${rental.referenceNumber}`,
    reference: rental.referenceNumber,
    source: 'rental' as const,
    sourceId: rental.id,
    createdBy: null,
  };
  const phase = phaseOf(rental.status, rental.earnsRentByDay === true, rental.chargedBeforePickup === true);
  const movements = (list: readonly LedgerFacts[]) => list.map((e) => ({ ...e, category: e.category as never }));
  const lastDay = (list: readonly LedgerFacts[]) =>
    dayOf(list.reduce((m, e) => (e.postedAt > m ? e.postedAt : m), list[0].postedAt));
  const out: JournalDraft[] = [];
  if (!ledger.length) return { entries: out };
  const pickedUp = phase === 'hired' && rental.pickedUpAt ? rental.pickedUpAt : null;
  const groups = pickedUp
    ? [ledger.filter((e) => e.postedAt <= pickedUp), ledger.filter((e) => e.postedAt > pickedUp)]
    : [[...ledger]];
  let unearned = 0;
  for (const [i, group] of groups.entries()) {
    if (!group.length) continue;
    const coded = rentalJournalLines(movements(group), postingContext(settings, rental, company.vatEnabled, phase));
    if (!coded.length) continue;
    unearned -= coded
      .filter((l) => l.accountCode === ACCOUNT_CODES.unearnedRevenue)
      .reduce((n, l) => n + l.debitMinor - l.creditMinor, 0);
    out.push({
      ...base,
      date: pickedUp && i === 0 ? dayOf(pickedUp) : lastDay(group),
      lines: toJournalLinesOf(settings, coded),
    });
  }
  if (!pickedUp) return { entries: out };
  const firstDay = dayOf(pickedUp);
  if (!OFF_HIRE.includes(rental.status)) {
    return {
      entries: out,
      due: revenueDueItem(
        rental.tenantId as string,
        rental.id,
        rental.referenceNumber,
        firstDay,
        Math.max(1, Number(rental.expectedDuration ?? 1)),
      ),
    };
  }
  // Returned: its rent earned over its days (pickup day to the day before the return, at least one).
  const end = dayOf(rental.returnDate ?? ledger[ledger.length - 1].postedAt);
  const days = Math.max(1, daysBetween(firstDay, end));
  let done = 0;
  for (let k = 1; k <= days; k++) {
    const day = addDays(firstDay, k - 1);
    if (k < days && addDays(firstDay, k).slice(0, 7) === day.slice(0, 7)) continue;
    const amount = straightLineMinor(unearned, k, days) - done;
    done += amount;
    const lines = toJournalLinesOf(settings, recognitionLines(rental.id, amount));
    if (lines.length) out.push({ ...base, description: `Rent earned ${rental.referenceNumber}`, date: day, lines });
  }
  return { entries: out };
}

/**
 * Opening capital at the start of the seeded year (enough in the bank for a year of rent and
 * salaries before the rentals' takings), then rent, salaries and depreciation each month up to now.
 */
function companyEntries(world: DemoWorld, ids: Record<string, string>): JournalDraft[] {
  const line = (code: string, side: 'd' | 'c', amount: number) => ({
    accountId: ids[code],
    debitMinor: side === 'd' ? toMinor(amount) : 0,
    creditMinor: side === 'c' ? toMinor(amount) : 0,
  });
  const end = world.now;
  // The month the demo's year of rental history begins (functions/rentals/seed-history.ts).
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 12, 1));
  const drafts: JournalDraft[] = [
    {
      date: start.toISOString().slice(0, 10),
      description: 'Opening capital and fleet',
      source: 'opening',
      createdBy: world.owner.userId,
      lines: [
        line(ACCOUNT_CODES.bank, 'd', 700_000),
        line(ACCOUNT_CODES.fleet, 'd', 1_200_000),
        line(ACCOUNT_CODES.capital, 'c', 1_900_000),
      ],
    },
  ];
  for (let m = 0; m <= 12; m++) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    const ym = month.toISOString().slice(0, 7);
    const day = (d: number) => `${ym}-${String(d).padStart(2, '0')}`;
    if (new Date(`${day(25)}T00:00:00Z`) > end) break;
    drafts.push(
      {
        date: day(1),
        description: `Office rent ${ym}`,
        source: 'manual',
        createdBy: world.owner.userId,
        lines: [line(DEMO_RENT_CODE, 'd', 12_000), line(ACCOUNT_CODES.bank, 'c', 12_000)],
      },
      {
        date: day(25),
        description: `Salaries ${ym}`,
        source: 'manual',
        createdBy: world.owner.userId,
        lines: [line(ACCOUNT_CODES.salaries, 'd', 38_500), line(ACCOUNT_CODES.bank, 'c', 38_500)],
      },
      {
        date: day(28),
        description: `Depreciation ${ym}`,
        source: 'manual',
        createdBy: world.owner.userId,
        lines: [
          line(ACCOUNT_CODES.depreciation, 'd', 20_000),
          line(ACCOUNT_CODES.accumulatedDepreciation, 'c', 20_000),
        ],
      },
    );
  }
  return drafts.filter((d) => d.lines.length >= 2);
}

/**
 * Last in the demo reset (after every seed that writes rentals, customers or postings): the books' self-check run
 * once on the seeded data and stored, so /dashboard/test-accounts shows a true result at once (./self-check-task.ts).
 */
export async function seedSelfCheck(world: DemoWorld): Promise<void> {
  const { selfCheck } = await import('./self-check');
  const { storeSelfCheck } = await import('./self-check-task');
  const startedAt = new Date().toISOString();
  const { checks } = await selfCheck(world.tenantId);
  await storeSelfCheck(world.tenantId, checks, new Date().toISOString(), { id: null, createdAt: startedAt });
}

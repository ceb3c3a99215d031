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
import { postingContext, toJournalLines } from './rental-postings';
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
  for (const rental of rentals) {
    const ctx = postingContext(settings, rental, company.vatEnabled);
    // One entry per rental, dated at its latest posting (the seed writes thousands of items less
    // than one entry per posting date; the live backfill keeps one entry per date).
    const ledger = ledgers.get(rental.id) ?? [];
    const guard: PartyGuard = { party: { type: 'rental', id: rental.id }, state: 'absent', complete: true };
    let posted = false;
    const lines = toJournalLines(settings, ledger.map((e) => ({ ...e, category: e.category as never })), ctx);
    if (lines.length) {
      const date = calendarDateInZone(new Date(ledger.reduce((m, e) => (e.postedAt > m ? e.postedAt : m), ledger[0].postedAt)), company.timezone);
      drafts.push({ draft: { date, description: `Rental ${rental.referenceNumber}`, reference: rental.referenceNumber, source: 'rental', sourceId: rental.id, lines, createdBy: null }, guard });
      posted = true;
    }
    if (!posted) bulk.addParty(tenantId, guard, [], at);
  }
  // The demo's own account for its showroom rent, added under 5200 like a company would.
  const rentId = ulid();
  await writeBatch(newAccountItems(tenantId, {
    id: rentId, code: DEMO_RENT_CODE, name: 'Office and showroom rent', nameAr: 'إيجار المكتب وصالة العرض', type: 'expense',
    parentId: settings.accountIds['5200'], isGroup: false, isActive: true, isSystem: false, description: null,
  }, at));
  drafts.push(...companyEntries(world, { ...settings.accountIds, [DEMO_RENT_CODE]: rentId }).map((draft) => ({ draft })));
  drafts.sort((a, b) => a.draft.date.localeCompare(b.draft.date));

  // One counter ADD reserves every number; the entries take them in date order.
  const counter = await updateRaw({
    Key: journalCounterKey(tenantId), UpdateExpression: 'SET entityType = :et ADD #v :n',
    ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':n': drafts.length, ':et': 'COUNTER' }, ReturnValues: 'UPDATED_NEW',
  });
  const first = Number(counter?.value ?? drafts.length) - drafts.length + 1;
  for (const [i, { draft, guard }] of drafts.entries()) {
    await prepareJournal(tenantId, settings, draft, { parties: guard ? [guard] : [], bulk, id: ulid(), entryNumber: Promise.resolve(journalNumber(JOURNAL_NUMBER_START - 1 + first + i)) });
  }
  // One filed VAT period (the return up to the end of the month before last): on the settings
  // and on every balance shard of every account, as PUT /lock-date writes it.
  const filed = new Date(Date.UTC(world.now.getUTCFullYear(), world.now.getUTCMonth() - 1, 0)).toISOString().slice(0, 10);
  const leaves = (await readAccounts(tenantId)).filter((a) => !a.isGroup);
  for (const a of leaves) for (let s = 0; s < BUCKET_SHARDS; s++) bulk.add(accountShardKey(tenantId, a.id, s), { entityType: 'ACCOUNT_BALANCE', accountId: a.id, vatFiledThrough: filed }, {});
  const items = [...bulk.items(), { ...settings, vatFiledThrough: filed, version: settings.version + 1 }];
  log.info('accounting seed: writing', { ms: Date.now() - started, items: items.length });
  await writeBatch(items, 4);

  world.counts.journalEntries = drafts.length;
  log.info('accounting seed: books built', { ms: Date.now() - started, entries: drafts.length });
}

/**
 * Opening capital at the start of the seeded year (enough in the bank for a year of rent and
 * salaries before the rentals' takings), then rent, salaries and depreciation each month up to now.
 */
function companyEntries(world: DemoWorld, ids: Record<string, string>): JournalDraft[] {
  const line = (code: string, side: 'd' | 'c', amount: number) => ({ accountId: ids[code], debitMinor: side === 'd' ? toMinor(amount) : 0, creditMinor: side === 'c' ? toMinor(amount) : 0 });
  const end = world.now;
  // The month the demo's year of rental history begins (functions/rentals/seed-history.ts).
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 12, 1));
  const drafts: JournalDraft[] = [{
    date: start.toISOString().slice(0, 10), description: 'Opening capital and fleet', source: 'opening', createdBy: world.owner.userId,
    lines: [line(ACCOUNT_CODES.bank, 'd', 700_000), line(ACCOUNT_CODES.fleet, 'd', 1_200_000), line(ACCOUNT_CODES.capital, 'c', 1_900_000)],
  }];
  for (let m = 0; m <= 12; m++) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    const ym = month.toISOString().slice(0, 7);
    const day = (d: number) => `${ym}-${String(d).padStart(2, '0')}`;
    if (new Date(`${day(25)}T00:00:00Z`) > end) break;
    drafts.push(
      { date: day(1), description: `Office rent ${ym}`, source: 'manual', createdBy: world.owner.userId, lines: [line(DEMO_RENT_CODE, 'd', 12_000), line(ACCOUNT_CODES.bank, 'c', 12_000)] },
      { date: day(25), description: `Salaries ${ym}`, source: 'manual', createdBy: world.owner.userId, lines: [line(ACCOUNT_CODES.salaries, 'd', 38_500), line(ACCOUNT_CODES.bank, 'c', 38_500)] },
      { date: day(28), description: `Depreciation ${ym}`, source: 'manual', createdBy: world.owner.userId, lines: [line(ACCOUNT_CODES.depreciation, 'd', 20_000), line(ACCOUNT_CODES.accumulatedDepreciation, 'c', 20_000)] },
    );
  }
  return drafts.filter((d) => d.lines.length >= 2);
}

import { addDays } from '../../shared/calendar';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { recognitionLines, straightLineMinor } from '../../shared/accounting/posting-rules';
import { daysBetween } from '../../shared/calendar';
import { calendarDateInZone } from '../../shared/regions';
import { startJobRun } from '../lib/jobs/run-record';
import { dueIndexPages } from '../lib/data/due-index';
import { sortKey } from '../lib/data/keys';
import { companyPages, eachKey } from '../lib/jobs/units';
import { batchGet, transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { readCompany } from './deps';
import { prepareJournal } from './engine';
import { partyAttr, partyKey, type AccountingSettingsItem } from './model';
import {
  REVENUE_DUE_GSI_PK,
  recognisedDayKey,
  revenueDueKey,
  revenueDueSortKey,
  type RevenueDueItem,
} from './recognition-index';
import { ensureAccounting } from './setup';

/**
 * The nightly revenue recognition (issue 26, DESIGN §14 "Charged ≠ earned", §15): every rental on
 * hire earns its rent day by day. For each item of the revenue-due index whose next rental day
 * has ended in the company's calendar, the elapsed days are recognised — Dr 2170 unearned rental
 * revenue / Cr 4110 rental income, straight-line: through day k of N planned days the rental has
 * earned floor(rent × k / N), rent = what it has recognised + what is still unearned in 2170
 * (its GL party balance), so rent charged later (an extension, an open-ended period) is spread
 * over the same line and a day already passed catches up.
 *
 * Exactly once per rental and day: ONE transaction per run of consecutive days within a month
 * (≤ 31 days, the entry dated the last of them) holds the journal entry, a marker per day
 * (put only if absent) and the index item's update conditioned on the version read. Re-runs and
 * two runs at once post nothing twice (the loser's transaction is cancelled and counted as
 * `raced`); a run killed half-way leaves whole chunks, the next run finishes the rest.
 * A rental going off hire (return, cancel, close) recognises what remains in its own transaction
 * and removes the index item (functions/accounting/rental-postings.ts).
 *
 * DynamoDB per rental with work: one BatchGet of its party (with the company's settings, once
 * per company and page), the entry number, one transaction per month of days — never a read of
 * the company's history (`npm run bench`: "recognise-revenue").
 */
export interface RecognitionRunResult {
  scanned: number;
  recognised: number;
  days: number;
  amountMinor: number;
  notYet: number;
  raced: number;
  errors: number;
  startedAt: string;
  finishedAt: string;
}

const MAX_DAYS_PER_ENTRY = 31;
/** The index's days are company days; the earliest zone (UTC+14) is this far ahead of UTC. */
const AHEAD_MS = 14 * 3_600_000;

interface Company {
  timezone: string;
  settings: AccountingSettingsItem;
}

/**
 * The job fans out (issue 30): `revenueUnits` reads the index's range once (in pages) and yields pages of at most
 * 25 of one company's due rentals (`[rentalId, nextDay]`, the day after the index item's recognised days);
 * `recogniseRevenueUnit` does one page. A page done twice (a redelivery, two runs) finds each day's marker and the
 * index item's version moved on: it posts nothing twice (the loser counts `raced`).
 */
export interface RevenueUnit {
  tenantId: string;
  /** [rentalId, next day with work] of the index items. */
  rentals: [string, string][];
}

export async function* revenueUnits(now: Date, includes: (tenantId: string) => boolean): AsyncGenerator<RevenueUnit> {
  // The range dueIndexItems reads (day-keyed: that day or before), as pages.
  const through = new Date(now.getTime() + AHEAD_MS).toISOString().slice(0, 10);
  const pages = dueIndexPages(REVENUE_DUE_GSI_PK, { before: sortKey(through, '~') }, 500);
  const read = (idx: Item) => ({
    tenantId: String(idx.tenantId),
    key: [String(idx.rentalId), addDays(String(idx.firstDay), Number(idx.recognisedDays) + 1)] as [string, string],
  });
  for await (const { tenantId, keys } of companyPages(pages, read, includes)) yield { tenantId, rentals: keys };
}

export async function recogniseRevenueUnit(unit: RevenueUnit, now: Date) {
  const counts = { scanned: 0, recognised: 0, days: 0, amountMinor: 0, notYet: 0, raced: 0 };
  const { tenantId } = unit;
  const company = await loadCompany(tenantId);
  const today = calendarDateInZone(now, company.timezone);
  await eachKey(unit.rentals, async ([rentalId, nextDay]) => {
    counts.scanned++;
    if (today < nextDay) {
      counts.notYet++;
      return;
    }
    try {
      const outcome = await recogniseDue(tenantId, rentalId, company, now);
      if (outcome === 'notYet') counts.notYet++;
      else {
        counts.recognised++;
        counts.days += outcome.days;
        counts.amountMinor += outcome.amountMinor;
      }
    } catch (err) {
      const name = (err as Error).name;
      // Another run (or the rental's return) got there first: nothing to do twice.
      if (name === 'TransactionCanceledException' || name === 'ConditionalCheckFailedException') counts.raced++;
      else throw err;
    }
  });
  return counts;
}

/**
 * The run of one company's units here, one after another (tests on a shared emulator, the bench): the scheduled
 * job (functions/jobs/recognise-revenue.ts) runs the same units through the fan-out runner.
 */
export async function runRevenueRecognition(now: Date, only: { tenantId: string }): Promise<RecognitionRunResult> {
  const run = startJobRun('recognise-revenue');
  const result: RecognitionRunResult = {
    scanned: 0,
    recognised: 0,
    days: 0,
    amountMinor: 0,
    notYet: 0,
    raced: 0,
    errors: 0,
    startedAt: run.startedAt,
    finishedAt: '',
  };
  for await (const unit of revenueUnits(now, (t) => t === only.tenantId)) {
    try {
      const counts = await recogniseRevenueUnit(unit, now);
      for (const [k, v] of Object.entries(counts)) result[k as keyof typeof counts] += v;
    } catch (err) {
      result.errors++;
      run.sample(`${unit.tenantId}: ${(err as Error).name}: ${(err as Error).message}`);
    }
  }
  result.finishedAt = new Date().toISOString();
  await run.finish(result, { finishedAt: result.finishedAt, tenantId: only.tenantId });
  return result;
}

async function loadCompany(tenantId: string): Promise<Company> {
  const [company, settings] = await Promise.all([readCompany(tenantId), ensureAccounting(tenantId)]);
  return { timezone: company.timezone, settings };
}

/** Recognises one rental's elapsed days, a month's run of days per transaction. */
export async function recogniseRental(
  tenantId: string,
  idx: RevenueDueItem,
  company: Company,
  now: Date,
): Promise<'notYet' | { days: number; amountMinor: number }> {
  const today = calendarDateInZone(now, company.timezone);
  if (daysBetween(idx.firstDay, today) <= idx.recognisedDays) return 'notYet';
  return recogniseDue(tenantId, idx.rentalId, company, now);
}

/** Recognises one rental's elapsed days from its index item as it is now (a consistent read). */
async function recogniseDue(
  tenantId: string,
  rentalId: string,
  company: Company,
  now: Date,
): Promise<'notYet' | { days: number; amountMinor: number }> {
  const today = calendarDateInZone(now, company.timezone);
  // Consistent reads: the index item as it is now (the query's copy may be stale) and the party.
  const [dueRead, partyRead] = await batchGet([
    revenueDueKey(tenantId, rentalId),
    partyKey(tenantId, { type: 'rental', id: rentalId }),
  ]);
  const item = dueRead as RevenueDueItem | undefined;
  if (!item) return 'notYet';
  const elapsed = daysBetween(item.firstDay, today);
  if (elapsed <= item.recognisedDays) return 'notYet'; // done meanwhile (another run, this unit's earlier delivery)
  const settings = company.settings;
  const unearned = -Number(
    (partyRead as Record<string, unknown> | undefined)?.[
      partyAttr(settings.accountIds[ACCOUNT_CODES.unearnedRevenue])
    ] ?? 0,
  );
  const rentMinor = item.recognisedMinor + unearned;
  let { recognisedDays, recognisedMinor, version } = item;
  let days = 0;
  let amountMinor = 0;
  // A day marker is needed while its rental can still be recognised (the rental's own days): kept 400 days.
  const markerTtl = Math.floor(now.getTime() / 1000) + 400 * 86_400;
  while (recognisedDays < elapsed) {
    const from = addDays(item.firstDay, recognisedDays);
    let k = recognisedDays + 1;
    while (
      k < elapsed &&
      k - recognisedDays < MAX_DAYS_PER_ENTRY &&
      addDays(item.firstDay, k).slice(0, 7) === from.slice(0, 7)
    )
      k++;
    const last = addDays(item.firstDay, k - 1);
    const target = k >= item.plannedDays ? rentMinor : straightLineMinor(rentMinor, k, item.plannedDays);
    const amount = target - recognisedMinor;
    const items: TransactItem[] = [];
    for (let d = recognisedDays; d < k; d++) {
      items.push(
        tx.putNew({
          ...recognisedDayKey(tenantId, item.rentalId, addDays(item.firstDay, d)),
          entityType: 'REVENUE_DAY',
          rentalId: item.rentalId,
          ttl: markerTtl,
        }),
      );
    }
    items.push(
      tx.raw('Update', {
        Key: revenueDueKey(tenantId, item.rentalId),
        UpdateExpression: 'SET recognisedDays = :k, recognisedMinor = :m, #v = :next, gsi2sk = :sk',
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: {
          ':k': k,
          ':m': target,
          ':next': version + 1,
          ':v': version,
          ':sk': revenueDueSortKey(tenantId, item.rentalId, item.firstDay, k),
        },
      }),
    );
    if (amount !== 0) {
      // A day inside a locked period is recognised on the first open day.
      const date = settings.lockDate && last <= settings.lockDate ? addDays(settings.lockDate, 1) : last;
      const lines = recognitionLines(item.rentalId, amount).map((l) => ({
        accountId: settings.accountIds[l.accountCode],
        debitMinor: l.debitMinor,
        creditMinor: l.creditMinor,
        party: l.party ?? null,
      }));
      const { items: journal } = await prepareJournal(
        tenantId,
        settings,
        {
          date,
          description: `Rent earned ${item.referenceNumber} (${from === last ? from : `${from} – ${last}`})`,
          reference: item.referenceNumber,
          source: 'rental',
          sourceId: item.rentalId,
          lines,
          createdBy: null,
        },
        { parties: [{ party: { type: 'rental', id: item.rentalId }, state: 'complete' }] },
      );
      items.push(...journal);
    }
    await transact(items);
    days += k - recognisedDays;
    amountMinor += amount;
    recognisedDays = k;
    recognisedMinor = target;
    version += 1;
  }
  return { days, amountMinor };
}

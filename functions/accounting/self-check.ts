import { fromMinor } from '../../shared/money';
import { calendarDateInZone, type RegionCode } from '../../shared/regions';
import { ACCOUNT_CODES } from '../../shared/accounting/chart';
import { PAYMENT_METHODS, phaseOf } from '../../shared/accounting/posting-rules';
import { trialBalance, type ReportAccount } from '../../shared/accounting/reports';
import { countersDiffer, countersOf, type CounterRental } from '../../shared/customers/counters';
import { sortKey } from '../lib/data/keys';
import { queryAll, queryPage } from '../lib/data/repo';
import { readLifetimeBalances, readVatTotals } from './buckets';
import { readCompany, readCustomerRentals, readCustomersPage, readRentalsPage, type RentalFacts } from './deps';
import { journalByDatePk, partyAttr, partyPk } from './model';
import { vatReportMinor } from './reports';
import { ensureAccounting, readAccounts } from './setup';
import { localisationProblems } from './localise';

/**
 * The books' self-check (/dashboard/test-accounts), on live data: each check with the offending rows. It reads
 * the company's whole history (every rental, customer and, with a lock date, the entries up to it), so it runs
 * as a background task in pages (./self-check-task.ts) and GET answers its latest stored result.
 *
 * Pages (each bounded, each re-doable: the check only reads, and the task saves the state after each page):
 *  1. the bounded checks: trial balance (account shards), VAT accounts = VAT codes = VAT report (buckets), books
 *     match the region, every payment method mapped;
 *  2. `rentals`: 200 rentals a page with their party balances (one Query of the party items between the page's
 *     first and last rental id: the same order): each rental's sub-ledger = its GL balances;
 *  3. `customers`: 50 customers a page, each customer's rentals through the rentals' customer index: the stored
 *     counters = the ones recomputed from them;
 *  4. `lock`: the entries dated on or before the lock date created after it was set, 500 a page.
 * Progress counts the rentals and customers checked. A check names its first 100 offending rows.
 */
export interface Check {
  name: string;
  passed: boolean;
  details: Record<string, unknown>[];
}

/** The order the checks are shown in, whatever page found them. */
export const CHECK_NAMES = [
  'trialBalanceZero',
  'rentalSubLedgers',
  'customerCounters',
  'vatAccountsMatchReport',
  'booksMatchRegion',
  'paymentMethodsMapped',
  'nothingPostedInLockedPeriod',
] as const;

const RENTALS_PAGE = 200;
const CUSTOMERS_PAGE = 50;
/** Customers whose rentals are read at once (one Query each). */
const CUSTOMER_READS_AT_ONCE = 10;
const ENTRIES_PAGE = 500;
const MAX_DETAILS = 100;

export interface SelfCheckState {
  phase?: 'rentals' | 'customers' | 'lock';
  cursor?: string | null;
  /** The checks finished so far. */
  checks?: Check[];
  /** The check being paged: its first offending rows, and whether there was any. */
  rows?: Record<string, unknown>[];
  failed?: boolean;
  /** Rentals and customers checked. */
  counted?: number;
  timezone?: string;
  ids?: { receivable: string; deposits: string; advances: string; vatOutput: string };
  lock?: { date: string; setAt: string } | null;
  [k: string]: unknown;
}

export interface SelfCheckPage {
  state: SelfCheckState;
  /** Present on the last page: every check, in CHECK_NAMES order. */
  checks?: Check[];
}

/** One page of the self-check (see above); the first call passes an empty state. */
export async function selfCheckPage(tenantId: string, s: SelfCheckState): Promise<SelfCheckPage> {
  if (!s.phase) return { state: await boundedChecks(tenantId) };
  if (s.phase === 'rentals') return rentalsPage(tenantId, s);
  if (s.phase === 'customers') return customersPage(tenantId, s);
  return lockPage(tenantId, s);
}

/** The whole self-check in this process, page after page (tests, and a restored table's check). */
export async function selfCheck(tenantId: string): Promise<{ checks: Check[] }> {
  let state: SelfCheckState = {};
  for (;;) {
    const page = await selfCheckPage(tenantId, state);
    if (page.checks) return { checks: page.checks };
    state = page.state;
  }
}

/** Moves to the next phase with the paged check finished (its rows capped). */
function finishPaged(s: SelfCheckState, name: string, next: SelfCheckState['phase']): SelfCheckState {
  const check = { name, passed: !s.failed, details: (s.rows ?? []).slice(0, MAX_DETAILS) };
  return { ...s, phase: next, cursor: null, rows: [], failed: false, checks: [...(s.checks ?? []), check] };
}

function addRows(s: SelfCheckState, rows: Record<string, unknown>[]) {
  return { rows: [...(s.rows ?? []), ...rows].slice(0, MAX_DETAILS), failed: s.failed || rows.length > 0 };
}

async function boundedChecks(tenantId: string): Promise<SelfCheckState> {
  const [settings, company, accounts] = await Promise.all([
    ensureAccounting(tenantId),
    readCompany(tenantId),
    readAccounts(tenantId),
  ]);
  const today = calendarDateInZone(new Date(), company.timezone);
  const lifetime = await readLifetimeBalances(tenantId);
  const checks: Check[] = [];

  const tb = trialBalance(accounts as ReportAccount[], lifetime);
  const balanced = tb.totals.debitMinor === tb.totals.creditMinor;
  checks.push({
    name: 'trialBalanceZero',
    passed: balanced,
    details: balanced ? [] : [{ debit: fromMinor(tb.totals.debitMinor), credit: fromMinor(tb.totals.creditMinor) }],
  });

  // VAT accounts' movement = the VAT report (all periods).
  const vatAccountIds = [
    settings.accountIds[ACCOUNT_CODES.vatOutput],
    settings.accountIds[ACCOUNT_CODES.vatInput],
  ].filter(Boolean);
  const accountsNet = vatAccountIds.reduce(
    (n, id) => n + (lifetime.get(id)?.creditMinor ?? 0) - (lifetime.get(id)?.debitMinor ?? 0),
    0,
  );
  const totals = await readVatTotals(tenantId, '0000-01-01', today);
  const report = await vatReportMinor(tenantId, settings.region as RegionCode, '0000-01-01', today);
  const codesNet = Object.values(totals).reduce((n, t) => n + t.taxMinor, 0);
  const vatOk = accountsNet === codesNet && report.netPayableMinor === codesNet;
  checks.push({
    name: 'vatAccountsMatchReport',
    passed: vatOk,
    details: vatOk
      ? []
      : [
          {
            vatAccounts: fromMinor(accountsNet),
            vatReport: fromMinor(report.netPayableMinor),
            vatCodes: fromMinor(codesNet),
          },
        ],
  });

  // Chart, tax codes and VAT report layout match the company's region (issue 26).
  const regionProblems = localisationProblems({
    companyRegion: company.region,
    booksRegion: settings.region,
    accounts,
    postedVatCodes: Object.entries(totals)
      .filter(([, t]) => t.baseMinor !== 0 || t.taxMinor !== 0)
      .map(([code]) => code),
  });
  checks.push({ name: 'booksMatchRegion', passed: regionProblems.length === 0, details: regionProblems });

  // Every payment method mapped to an active account that takes postings.
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const unmapped = PAYMENT_METHODS.filter((m) => {
    const a = byId.get(settings.methodAccounts[m] ?? '');
    return !a || a.isGroup || !a.isActive;
  });
  checks.push({
    name: 'paymentMethodsMapped',
    passed: unmapped.length === 0,
    details: unmapped.map((method) => ({ method })),
  });

  const lockSetAt = settings.lockSetAt as string | undefined;
  return {
    phase: 'rentals',
    cursor: null,
    checks,
    rows: [],
    failed: false,
    counted: 0,
    timezone: company.timezone,
    ids: {
      receivable: settings.accountIds[ACCOUNT_CODES.receivables],
      deposits: settings.accountIds[ACCOUNT_CODES.depositsHeld],
      advances: settings.accountIds[ACCOUNT_CODES.customerAdvances],
      vatOutput: settings.accountIds[ACCOUNT_CODES.vatOutput],
    },
    lock: settings.lockDate && lockSetAt ? { date: settings.lockDate, setAt: lockSetAt } : null,
  };
}

/**
 * Each rental's sub-ledger = its GL balances (posting-rules.ts "Sub-ledger = GL", issue 26 form): receivable
 * 1310 (+ while booked: advances 2160 and their VAT) = balance − charges still booked (all of a pending
 * rental's, none after pickup), deposits held 2180 = deposit held.
 */
async function rentalsPage(tenantId: string, s: SelfCheckState): Promise<SelfCheckPage> {
  const ids = s.ids!;
  const page = await readRentalsPage(tenantId, s.cursor ?? null, RENTALS_PAGE);
  const rentals = page.items as RentalFacts[];
  const parties = new Map<string, Record<string, unknown>>();
  if (rentals.length > 0) {
    const range: [string, string] = [sortKey('RENTAL', rentals[0].id), sortKey('RENTAL', rentals.at(-1)!.id)];
    const found = await queryAll<Record<string, unknown>>({
      tenantId,
      pk: partyPk(tenantId),
      skBetween: range,
      consistent: true,
      max: 10_000,
    });
    for (const p of found) parties.set(p.partyId as string, p);
  }
  const offending: Record<string, unknown>[] = [];
  for (const r of rentals) {
    const p = parties.get(r.id);
    const booked = phaseOf(r.status, r.earnsRentByDay === true, r.chargedBeforePickup === true) === 'booked';
    const glReceivable =
      Number(p?.[partyAttr(ids.receivable)] ?? 0) +
      (booked ? Number(p?.[partyAttr(ids.advances)] ?? 0) + Number(p?.[partyAttr(ids.vatOutput)] ?? 0) : 0);
    const ledgerBalance = Number(r.balanceMinor ?? 0) - (booked ? Number(r.chargesMinor ?? 0) : 0);
    const glDeposit = 0 - Number(p?.[partyAttr(ids.deposits)] ?? 0); // 0, never -0 (the stored result has no -0)
    const deposit = Number(r.depositReceivedMinor ?? 0) - Number(r.depositRefundedMinor ?? 0);
    if (glReceivable !== ledgerBalance || glDeposit !== deposit || (!p && (ledgerBalance || deposit))) {
      offending.push({
        rentalId: r.id,
        referenceNumber: r.referenceNumber,
        ledgerBalance: fromMinor(ledgerBalance),
        glReceivable: fromMinor(glReceivable),
        ledgerDeposit: fromMinor(deposit),
        glDeposit: fromMinor(glDeposit),
        posted: !!p,
      });
    }
  }
  const state = { ...s, ...addRows(s, offending), counted: (s.counted ?? 0) + rentals.length };
  if (page.nextCursor) return { state: { ...state, cursor: page.nextCursor } };
  return { state: finishPaged(state, 'rentalSubLedgers', 'customers') };
}

/** Customer counters (rentals, spend, last rental) = the ones recomputed from the customer's rentals (issue 26). */
async function customersPage(tenantId: string, s: SelfCheckState): Promise<SelfCheckPage> {
  const page = await readCustomersPage(tenantId, s.cursor ?? null, CUSTOMERS_PAGE);
  const none = { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null };
  const drift: Record<string, unknown>[] = [];
  for (let i = 0; i < page.items.length; i += CUSTOMER_READS_AT_ONCE) {
    const group = page.items.slice(i, i + CUSTOMER_READS_AT_ONCE);
    const rentals = await Promise.all(group.map((c) => readCustomerRentals(tenantId, c.id)));
    group.forEach((c, j) => {
      const w = countersOf(rentals[j] as unknown as CounterRental[], s.timezone!).get(c.id) ?? none;
      if (!countersDiffer(c, w)) return;
      drift.push({
        customerId: c.id,
        name: c.fullNameEnglish ?? '',
        stored: {
          rentalsCount: Number(c.rentalsCount ?? 0),
          completedRentals: Number(c.completedRentals ?? 0),
          totalSpend: fromMinor(Number(c.totalSpendMinor ?? 0)),
          lastRentalDate: c.lastRentalDate ?? null,
        },
        recomputed: {
          rentalsCount: w.rentalsCount,
          completedRentals: w.completedRentals,
          totalSpend: fromMinor(w.totalSpendMinor),
          lastRentalDate: w.lastRentalDate,
        },
      });
    });
  }
  const state = { ...s, ...addRows(s, drift), counted: (s.counted ?? 0) + page.items.length };
  if (page.nextCursor) return { state: { ...state, cursor: page.nextCursor } };
  return lockPage(tenantId, finishPaged(state, 'customerCounters', 'lock'));
}

/** Nothing posted into a locked period after it was locked (the lock date itself is locked). */
async function lockPage(tenantId: string, s: SelfCheckState): Promise<SelfCheckPage> {
  let state = s;
  if (s.lock && (s.rows ?? []).length < MAX_DETAILS) {
    const page = await queryPage<Record<string, unknown>>({
      tenantId,
      pk: journalByDatePk(tenantId),
      index: 'gsi1',
      skBetween: ['0000-00-00', `${s.lock.date}#~`],
      limit: ENTRIES_PAGE,
      cursor: s.cursor ?? null,
      filter: { expression: 'createdAt > :set', values: { ':set': s.lock.setAt } },
    });
    const late = page.items.map((e) => ({
      entryId: e.id,
      entryNumber: e.entryNumber,
      date: e.date,
      createdAt: e.createdAt,
    }));
    state = { ...s, ...addRows(s, late) };
    if (page.nextCursor) return { state: { ...state, cursor: page.nextCursor } };
  }
  const last = finishPaged(state, 'nothingPostedInLockedPeriod', 'lock');
  const byName = new Map(last.checks!.map((c) => [c.name, c]));
  return { state: last, checks: CHECK_NAMES.map((n) => byName.get(n)!) };
}

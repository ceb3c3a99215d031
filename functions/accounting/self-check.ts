import { fromMinor } from '../../shared/money';
import { calendarDateInZone, type RegionCode } from '../../shared/regions';
import { ACCOUNT_CODES } from '../../shared/accounting/chart';
import { PAYMENT_METHODS, phaseOf } from '../../shared/accounting/posting-rules';
import { trialBalance, type ReportAccount } from '../../shared/accounting/reports';
import { queryAll, queryPage } from '../lib/data/repo';
import { readLifetimeBalances, readVatTotals } from './buckets';
import { countersDiffer, countersOf, type CounterRental } from '../../shared/customers/counters';
import { readCompany, readCustomerCounters, readRentalsPage, type RentalFacts } from './deps';
import { journalByDatePk, partyAttr, partyPk } from './model';
import { vatReportMinor } from './reports';
import { ensureAccounting, readAccounts } from './setup';
import { localisationProblems } from './localise';

/**
 * GET /accounting/self-check (/dashboard/test-accounts): the books checked on live data, each
 * check with the offending rows. Costs: buckets and account shards (bounded), one Query of the
 * party items and the rentals list (bounded by rentals, not entries), and for the lock check the
 * entries dated on or before the lock date (index range, filtered on their creation time).
 */
interface Check {
  name: string;
  passed: boolean;
  details: Record<string, unknown>[];
}

export async function selfCheck(tenantId: string): Promise<{ checks: Check[] }> {
  const [settings, company, accounts] = await Promise.all([
    ensureAccounting(tenantId),
    readCompany(tenantId),
    readAccounts(tenantId),
  ]);
  const today = calendarDateInZone(new Date(), company.timezone);
  const lifetime = await readLifetimeBalances(tenantId);
  const checks: Check[] = [];

  const tb = trialBalance(accounts as ReportAccount[], lifetime);
  checks.push({
    name: 'trialBalanceZero',
    passed: tb.totals.debitMinor === tb.totals.creditMinor,
    details:
      tb.totals.debitMinor === tb.totals.creditMinor
        ? []
        : [{ debit: fromMinor(tb.totals.debitMinor), credit: fromMinor(tb.totals.creditMinor) }],
  });

  // Each rental's sub-ledger = its GL balances (posting-rules.ts "Sub-ledger = GL", issue 26 form):
  // receivable 1310 (+ while booked: advances 2160 and their VAT) = balance − charges still booked
  // (all of a pending rental's, none after pickup), deposits held 2180 = deposit held.
  const receivableId = settings.accountIds[ACCOUNT_CODES.receivables];
  const depositsId = settings.accountIds[ACCOUNT_CODES.depositsHeld];
  const advancesId = settings.accountIds[ACCOUNT_CODES.customerAdvances];
  const vatOutputId = settings.accountIds[ACCOUNT_CODES.vatOutput];
  const parties = new Map(
    (
      await queryAll<Record<string, unknown>>({ tenantId, pk: partyPk(tenantId), skPrefix: 'RENTAL#', max: 100_000 })
    ).map((p) => [p.partyId as string, p]),
  );
  const offending: Record<string, unknown>[] = [];
  const rentals: RentalFacts[] = [];
  let cursor: string | null = null;
  do {
    const page = await readRentalsPage(tenantId, cursor, 200);
    rentals.push(...page.items);
    for (const r of page.items as RentalFacts[]) {
      const p = parties.get(r.id);
      const booked = phaseOf(r.status, r.earnsRentByDay === true, r.chargedBeforePickup === true) === 'booked';
      const glReceivable =
        Number(p?.[partyAttr(receivableId)] ?? 0) +
        (booked ? Number(p?.[partyAttr(advancesId)] ?? 0) + Number(p?.[partyAttr(vatOutputId)] ?? 0) : 0);
      const ledgerBalance = Number(r.balanceMinor ?? 0) - (booked ? Number(r.chargesMinor ?? 0) : 0);
      const glDeposit = -Number(p?.[partyAttr(depositsId)] ?? 0);
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
    cursor = page.nextCursor;
  } while (cursor);
  checks.push({ name: 'rentalSubLedgers', passed: offending.length === 0, details: offending.slice(0, 100) });

  // Customer counters (rentals, spend, last rental) = the ones recomputed from these rentals.
  checks.push(await customerCountersCheck(tenantId, rentals as unknown as CounterRental[], company.timezone));

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

  // Nothing posted into a locked period after it was locked.
  const late: Record<string, unknown>[] = [];
  const lockSetAt = settings.lockSetAt as string | undefined;
  if (settings.lockDate && lockSetAt) {
    let c: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof queryPage<Record<string, unknown>>>> = await queryPage({
        tenantId,
        pk: journalByDatePk(tenantId),
        index: 'gsi1',
        skBetween: ['0000-00-00', `${settings.lockDate}#~`] /* the lock date itself is locked */,
        limit: 500,
        cursor: c,
        filter: { expression: 'createdAt > :set', values: { ':set': lockSetAt } },
      });
      for (const e of page.items)
        late.push({ entryId: e.id, entryNumber: e.entryNumber, date: e.date, createdAt: e.createdAt });
      c = page.nextCursor;
    } while (c && late.length < 100);
  }
  checks.push({ name: 'nothingPostedInLockedPeriod', passed: late.length === 0, details: late });
  return { checks };
}

/** Every customer's stored counters against the ones recomputed from the company's rentals (issue 26). */
async function customerCountersCheck(
  tenantId: string,
  rentals: readonly CounterRental[],
  timezone: string,
): Promise<Check> {
  const want = countersOf(rentals, timezone);
  const none = { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null };
  const drift = (await readCustomerCounters(tenantId))
    .filter((c) => countersDiffer(c, want.get(c.id) ?? none))
    .map((c) => {
      const w = want.get(c.id) ?? none;
      return {
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
      };
    });
  return { name: 'customerCounters', passed: drift.length === 0, details: drift.slice(0, 100) };
}

import { fromMinor } from '../../shared/money';
import { calendarDateInZone } from '../../shared/regions';
import { ACCOUNT_CODES, normalBalance } from '../../shared/accounting/chart';
import {
  balanceSheet,
  monthOf,
  previousPeriod,
  profitAndLoss,
  trialBalance,
  type ReportAccount,
  type StatementRow,
} from '../../shared/accounting/reports';
import { addDays } from '../../shared/calendar';
import { vatReturn } from '../../shared/accounting/vat-return';
import type { RegionCode } from '../../shared/regions';
import { queryPage } from '../lib/data/repo';
import { badRequest } from '../lib/errors';
import { readMovements, readVatTotals } from './buckets';
import { readCompany } from './deps';
import { getAccountOr404 } from './accounts';
import { glLinePk } from './model';
import { ensureAccounting, readAccounts } from './setup';

/** The reports of issue 18, answered as JSON in decimals; exports reuse these shapes. */
async function context(tenantId: string) {
  const [settings, company, accounts] = await Promise.all([
    ensureAccounting(tenantId),
    readCompany(tenantId),
    readAccounts(tenantId),
  ]);
  return {
    settings,
    company,
    accounts: accounts as ReportAccount[],
    today: calendarDateInZone(new Date(), company.timezone),
  };
}

const rowsApi = (rows: StatementRow[]) =>
  rows.map((r) => ({
    accountId: r.accountId,
    code: r.code,
    name: r.name,
    nameAr: r.nameAr,
    isGroup: r.isGroup,
    depth: r.depth,
    amount: fromMinor(r.amountMinor),
  }));

export async function trialBalanceReport(tenantId: string, asOfInput?: string) {
  const { accounts, today } = await context(tenantId);
  const asOf = asOfInput ?? today;
  const tb = trialBalance(accounts, await readMovements(tenantId, null, asOf));
  return {
    asOf,
    items: tb.rows.map((r) => ({
      accountId: r.accountId,
      code: r.code,
      name: r.name,
      nameAr: r.nameAr,
      type: r.type,
      debit: fromMinor(r.debitMinor),
      credit: fromMinor(r.creditMinor),
    })),
    totals: { debit: fromMinor(tb.totals.debitMinor), credit: fromMinor(tb.totals.creditMinor) },
  };
}

export async function balanceSheetReport(tenantId: string, asOfInput?: string) {
  const { accounts, today } = await context(tenantId);
  const asOf = asOfInput ?? today;
  const bs = balanceSheet(accounts, await readMovements(tenantId, null, asOf));
  return {
    asOf,
    assets: { rows: rowsApi(bs.assets.rows), total: fromMinor(bs.assets.totalMinor) },
    liabilities: { rows: rowsApi(bs.liabilities.rows), total: fromMinor(bs.liabilities.totalMinor) },
    equity: { rows: rowsApi(bs.equity.rows), total: fromMinor(bs.equity.totalMinor) },
    currentEarnings: fromMinor(bs.currentEarningsMinor),
    totalEquity: fromMinor(bs.totalEquityMinor),
    totalLiabilitiesAndEquity: fromMinor(bs.totalLiabilitiesAndEquityMinor),
    balanced: bs.balanced,
  };
}

export async function profitLossReport(tenantId: string, from: string, to: string) {
  const { accounts } = await context(tenantId);
  const prev = previousPeriod(from, to);
  const [now, before] = await Promise.all([
    readMovements(tenantId, from, to),
    readMovements(tenantId, prev.from, prev.to),
  ]);
  const cur = profitAndLoss(accounts, now);
  const old = profitAndLoss(accounts, before);
  const prevOf = (rows: StatementRow[]) => new Map(rows.map((r) => [r.accountId, r.amountMinor]));
  const withPrev = (rows: StatementRow[], prevRows: StatementRow[]) => {
    const p = prevOf(prevRows);
    const ids = new Set(rows.map((r) => r.accountId));
    // Accounts with figures only in the previous period still show (with 0 now).
    const merged = [
      ...rows,
      ...prevRows.filter((r) => !ids.has(r.accountId)).map((r) => ({ ...r, amountMinor: 0 })),
    ].sort((a, b) => a.code.localeCompare(b.code));
    return merged.map((r) => ({ ...rowsApi([r])[0], previous: fromMinor(p.get(r.accountId) ?? 0) }));
  };
  return {
    from,
    to,
    previousFrom: prev.from,
    previousTo: prev.to,
    income: {
      rows: withPrev(cur.income.rows, old.income.rows),
      total: fromMinor(cur.income.totalMinor),
      previous: fromMinor(old.income.totalMinor),
    },
    expenses: {
      rows: withPrev(cur.expenses.rows, old.expenses.rows),
      total: fromMinor(cur.expenses.totalMinor),
      previous: fromMinor(old.expenses.totalMinor),
    },
    netIncome: fromMinor(cur.netIncomeMinor),
    previousNetIncome: fromMinor(old.netIncomeMinor),
  };
}

export async function vatReportMinor(tenantId: string, region: RegionCode, from: string, to: string) {
  return vatReturn(region, await readVatTotals(tenantId, from, to));
}

export async function vatReport(tenantId: string, from: string, to: string) {
  const { settings } = await context(tenantId);
  const r = await vatReportMinor(tenantId, settings.region as RegionCode, from, to);
  return {
    from,
    to,
    region: r.region,
    layout: r.layout,
    title: r.title,
    titleAr: r.titleAr,
    filedThrough: settings.vatFiledThrough ?? null,
    boxes: r.boxes.map((b) => ({
      box: b.box,
      label: b.label,
      labelAr: b.labelAr,
      amount: fromMinor(b.amountMinor),
      vat: fromMinor(b.vatMinor),
    })),
    outputTax: fromMinor(r.outputTaxMinor),
    inputTax: fromMinor(r.inputTaxMinor),
    netPayable: fromMinor(r.netPayableMinor),
  };
}

/**
 * General ledger of one account for [from, to]: the opening balance from buckets (everything
 * before `from`), then one Query page of the account's GL lines between the dates, each with its
 * running balance; the closing balance on the last page. Paged with the cursor, which carries
 * the running balance at the end of its page (issue 30: a later page costs the same as the
 * first, instead of re-reading every earlier line of the period). The balance in the cursor is
 * the caller's own account's figure, readable by them anyway: a hand-edited cursor can only
 * mislead the one who edited it, and it never reaches a total (opening, totals and closing come
 * from the buckets). A cursor without it (made before) still works, by summing the earlier lines.
 */
export async function generalLedger(
  tenantId: string,
  q: { accountId: string; from: string; to: string; limit: number; cursor?: string },
) {
  const carried = readLedgerCursor(q.cursor);
  const account = await getAccountOr404(tenantId, q.accountId);
  const opening = await readMovements(tenantId, null, addDays(q.from, -1));
  const period = await readMovements(tenantId, q.from, q.to);
  const o = opening.get(account.id) ?? { debitMinor: 0, creditMinor: 0 };
  const p = period.get(account.id) ?? { debitMinor: 0, creditMinor: 0 };
  const openingMinor = normalBalance(account.type, o.debitMinor, o.creditMinor);
  const page = await queryPage<{
    entryId: string;
    entryNumber: string;
    date: string;
    description: string;
    source: string;
    sourceId: string | null;
    debitMinor: number;
    creditMinor: number;
    vatCode: string | null;
    sk: string;
  }>({
    tenantId,
    pk: glLinePk(tenantId, account.id),
    skBetween: [q.from, `${q.to}#\uffff`],
    limit: q.limit,
    cursor: carried.cursor,
    signature: [q.from, q.to],
  });
  // The running balance of a later page starts where the previous page ended (carried in its cursor).
  let running = carried.runningMinor ?? openingMinor;
  if (q.cursor && carried.runningMinor === undefined && page.items.length) {
    const before = await sumLinesBefore(tenantId, account.id, q.from, page.items[0].sk);
    running += normalBalance(account.type, before.debitMinor, before.creditMinor);
  }
  const lines = page.items.map((l) => {
    running += normalBalance(account.type, l.debitMinor, l.creditMinor);
    return {
      entryId: l.entryId,
      entryNumber: l.entryNumber,
      date: l.date,
      description: l.description,
      source: l.source,
      sourceId: l.sourceId,
      debit: fromMinor(l.debitMinor),
      credit: fromMinor(l.creditMinor),
      vatCode: l.vatCode ?? null,
      balance: fromMinor(running),
    };
  });
  return {
    account: { id: account.id, code: account.code, name: account.name, nameAr: account.nameAr, type: account.type },
    from: q.from,
    to: q.to,
    opening: fromMinor(openingMinor),
    totalDebit: fromMinor(p.debitMinor),
    totalCredit: fromMinor(p.creditMinor),
    closing: fromMinor(openingMinor + normalBalance(account.type, p.debitMinor, p.creditMinor)),
    items: lines,
    nextCursor: page.nextCursor && ledgerCursor(page.nextCursor, running),
  };
}

/** A general-ledger cursor: the lines' cursor and the running balance at the end of its page. */
function ledgerCursor(linesCursor: string, runningMinor: number): string {
  return Buffer.from(JSON.stringify({ gl: linesCursor, runningMinor })).toString('base64url');
}

function readLedgerCursor(cursor: string | undefined): { cursor?: string; runningMinor?: number } {
  if (!cursor) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  const p = parsed as { gl?: unknown; runningMinor?: unknown } | null;
  if (p && typeof p === 'object' && 'gl' in p) {
    if (typeof p.gl !== 'string' || !Number.isSafeInteger(p.runningMinor))
      throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
    return { cursor: p.gl, runningMinor: p.runningMinor as number };
  }
  return { cursor }; // the lines' own cursor (before issue 30); checked by the query
}

/** The general ledger of a whole period in one answer (downloads): every page, at most 20,000 lines. */
export async function generalLedgerAll(tenantId: string, q: { accountId: string; from: string; to: string }) {
  const first = await generalLedger(tenantId, { ...q, limit: 500 });
  const items = [...first.items];
  let cursor = first.nextCursor;
  while (cursor && items.length < 20_000) {
    const page = await generalLedger(tenantId, { ...q, limit: 500, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  }
  return { ...first, items, nextCursor: null };
}

/** Sum of an account's lines of the period before a sort key (for a later page's running balance). */
async function sumLinesBefore(tenantId: string, accountId: string, from: string, beforeSk: string) {
  let debitMinor = 0;
  let creditMinor = 0;
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof queryPage<{ sk: string; debitMinor: number; creditMinor: number }>>> =
      await queryPage({ tenantId, pk: glLinePk(tenantId, accountId), skBetween: [from, beforeSk], limit: 500, cursor });
    for (const l of page.items)
      if (l.sk < beforeSk) {
        debitMinor += l.debitMinor;
        creditMinor += l.creditMinor;
      }
    cursor = page.nextCursor;
  } while (cursor);
  return { debitMinor, creditMinor };
}

/** /dashboard/accounting figures. */
export async function summary(tenantId: string) {
  const { accounts, today, settings } = await context(tenantId);
  const month = monthOf(today);
  const [toDate, thisMonth] = await Promise.all([
    readMovements(tenantId, null, today),
    readMovements(tenantId, `${month}-01`, today),
  ]);
  const bal = (code: string) => {
    const a = accounts.find((x) => x.code === code);
    const b = a ? toDate.get(a.id) : undefined;
    return a && b ? normalBalance(a.type, b.debitMinor, b.creditMinor) : 0;
  };
  const pl = profitAndLoss(accounts, thisMonth);
  return {
    asOf: today,
    cash: fromMinor(bal(ACCOUNT_CODES.cash) + bal(ACCOUNT_CODES.pettyCash)),
    bank: fromMinor(bal(ACCOUNT_CODES.bank) + bal(ACCOUNT_CODES.cardClearing) + bal(ACCOUNT_CODES.gatewayClearing)),
    receivables: fromMinor(bal(ACCOUNT_CODES.receivables)),
    depositsHeld: fromMinor(bal(ACCOUNT_CODES.depositsHeld)),
    vatPayable: fromMinor(bal(ACCOUNT_CODES.vatOutput) - bal(ACCOUNT_CODES.vatInput)),
    monthIncome: fromMinor(pl.income.totalMinor),
    monthExpenses: fromMinor(pl.expenses.totalMinor),
    lockDate: settings.lockDate ?? null,
    vatFiledThrough: settings.vatFiledThrough ?? null,
  };
}

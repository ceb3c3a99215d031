import { addDays, addMonthsToMonth, daysBetween, lastDayOfMonth } from '../calendar';
import { normalBalance, type AccountType } from './chart';

/**
 * Report maths from balances (pure). The API reads balance buckets (per account, per month or
 * day, per shard), adds them up per account (`addBuckets`) and hands the totals here, so a
 * report's cost does not depend on how many entries were posted.
 */
export interface ReportAccount {
  id: string;
  code: string;
  name: string;
  nameAr: string;
  type: AccountType;
  parentId: string | null;
  isGroup: boolean;
  isActive: boolean;
}

export interface DebitCredit {
  debitMinor: number;
  creditMinor: number;
}

export type Balances = Map<string, DebitCredit>;

export function addBuckets(
  buckets: readonly { accountId: string; debitMinor?: number; creditMinor?: number }[],
  into: Balances = new Map(),
): Balances {
  for (const b of buckets) {
    const t = into.get(b.accountId) ?? { debitMinor: 0, creditMinor: 0 };
    t.debitMinor += Number(b.debitMinor ?? 0);
    t.creditMinor += Number(b.creditMinor ?? 0);
    into.set(b.accountId, t);
  }
  return into;
}

const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);

export interface TrialBalanceRow {
  accountId: string;
  code: string;
  name: string;
  nameAr: string;
  type: AccountType;
  debitMinor: number;
  creditMinor: number;
}

/** One row per leaf with a non-zero balance, on its debit or credit side; totals must match. */
export function trialBalance(accounts: readonly ReportAccount[], balances: Balances) {
  const rows: TrialBalanceRow[] = [];
  for (const a of [...accounts].sort(byCode)) {
    if (a.isGroup) continue;
    const b = balances.get(a.id);
    if (!b) continue;
    const net = b.debitMinor - b.creditMinor;
    if (net === 0) continue;
    rows.push({
      accountId: a.id,
      code: a.code,
      name: a.name,
      nameAr: a.nameAr,
      type: a.type,
      debitMinor: Math.max(0, net),
      creditMinor: Math.max(0, -net),
    });
  }
  const totals = rows.reduce(
    (t, r) => ({ debitMinor: t.debitMinor + r.debitMinor, creditMinor: t.creditMinor + r.creditMinor }),
    { debitMinor: 0, creditMinor: 0 },
  );
  return { rows, totals };
}

export interface StatementRow {
  accountId: string;
  code: string;
  name: string;
  nameAr: string;
  isGroup: boolean;
  depth: number;
  /** In the account's normal direction (assets/expenses: debit − credit; others: credit − debit). */
  amountMinor: number;
}

/** Rows of the accounts of `types` as a tree (groups carry the sum of their leaves), and the total. */
function statement(
  accounts: readonly ReportAccount[],
  balances: Balances,
  types: AccountType[],
  sign: (a: ReportAccount) => number = () => 1,
) {
  const relevant = accounts.filter((a) => types.includes(a.type));
  const children = new Map<string | null, ReportAccount[]>();
  for (const a of relevant) {
    const parent = a.parentId && relevant.some((p) => p.id === a.parentId) ? a.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const rows: StatementRow[] = [];
  const walk = (a: ReportAccount, depth: number): number => {
    const row: StatementRow = {
      accountId: a.id,
      code: a.code,
      name: a.name,
      nameAr: a.nameAr,
      isGroup: a.isGroup,
      depth,
      amountMinor: 0,
    };
    rows.push(row);
    if (a.isGroup) {
      row.amountMinor = (children.get(a.id) ?? []).sort(byCode).reduce((s, c) => s + walk(c, depth + 1), 0);
    } else {
      const b = balances.get(a.id) ?? { debitMinor: 0, creditMinor: 0 };
      row.amountMinor = sign(a) * normalBalance(a.type, b.debitMinor, b.creditMinor);
    }
    return row.amountMinor;
  };
  const total = (children.get(null) ?? []).sort(byCode).reduce((s, a) => s + walk(a, 0), 0);
  // Hide leaves with nothing on them; groups stay so the structure reads the same every month.
  return { rows: rows.filter((r) => r.isGroup || r.amountMinor !== 0), totalMinor: total };
}

/** Income − expenses from balances (the live current-period earnings of the balance sheet). */
export function netIncome(accounts: readonly ReportAccount[], balances: Balances): number {
  let n = 0;
  for (const a of accounts) {
    if (a.isGroup) continue;
    const b = balances.get(a.id);
    if (!b) continue;
    if (a.type === 'income') n += b.creditMinor - b.debitMinor;
    if (a.type === 'expense') n -= b.debitMinor - b.creditMinor;
  }
  return n;
}

/**
 * Balance sheet as of a date from cumulative balances. No closing entries are posted, so the
 * earnings not yet moved to retained earnings are computed live (income − expenses to date)
 * and shown in equity: assets = liabilities + equity always.
 */
export function balanceSheet(accounts: readonly ReportAccount[], balances: Balances) {
  const assets = statement(accounts, balances, ['asset']);
  const liabilities = statement(accounts, balances, ['liability']);
  const equity = statement(accounts, balances, ['equity']);
  const currentEarningsMinor = netIncome(accounts, balances);
  const totalEquityMinor = equity.totalMinor + currentEarningsMinor;
  return {
    assets,
    liabilities,
    equity,
    currentEarningsMinor,
    totalEquityMinor,
    totalLiabilitiesAndEquityMinor: liabilities.totalMinor + totalEquityMinor,
    balanced: assets.totalMinor === liabilities.totalMinor + totalEquityMinor,
  };
}

/** P&L of a period from its movements (income and expenses as trees, net income). */
export function profitAndLoss(accounts: readonly ReportAccount[], movements: Balances) {
  const income = statement(accounts, movements, ['income']);
  const expenses = statement(accounts, movements, ['expense']);
  return { income, expenses, netIncomeMinor: income.totalMinor - expenses.totalMinor };
}

// ---------------------------------------------------------------------------------------------
// Periods: which month buckets and which day buckets cover a date range
// ---------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
export const monthOf = (date: string) => date.slice(0, 7);

/**
 * Splits [from, to] (inclusive dates; from null = the beginning) into a range of whole months
 * (read from month buckets) and at most two partial-month day ranges (read from day buckets).
 */
export function periodCover(
  from: string | null,
  to: string,
): { months: [string, string] | null; days: [string, string][] } {
  const days: [string, string][] = [];
  let startMonth: string | null;
  if (from === null) startMonth = null;
  else if (from.endsWith('-01')) startMonth = monthOf(from);
  else {
    const end = lastDayOfMonth(monthOf(from)) < to ? lastDayOfMonth(monthOf(from)) : to;
    days.push([from, end]);
    if (end === to) return { months: null, days };
    startMonth = addMonthsToMonth(monthOf(from), 1);
  }
  let endMonth: string;
  if (to === lastDayOfMonth(monthOf(to))) endMonth = monthOf(to);
  else {
    const start = `${monthOf(to)}-01`;
    days.push([start, to]);
    endMonth = addMonthsToMonth(monthOf(to), -1);
  }
  const months: [string, string] | null =
    startMonth === null ? ['0000-00', endMonth] : startMonth <= endMonth ? [startMonth, endMonth] : null;
  return { months, days };
}

/** The period of the same length just before [from, to] (P&L comparison). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const lengthDays = daysBetween(from, to);
  // Whole months compare with the same number of whole months before.
  if (from.endsWith('-01') && to === lastDayOfMonth(monthOf(to))) {
    const months =
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    const start = addMonthsToMonth(monthOf(from), -months);
    return { from: `${start}-01`, to: addDays(from, -1) };
  }
  const prevTo = addDays(from, -1);
  return { from: addDays(prevTo, -lengthDays), to: prevTo };
}

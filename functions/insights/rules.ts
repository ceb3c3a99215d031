/**
 * The insight rules (issue 15; DESIGN.md §16): pure functions over an InsightSnapshot — the
 * company's figures, filled by load.ts through other domains' api.ts — so each rule is tested on
 * fixed figures (rules.test.ts). No rule invents a number: every figure shown is one of the
 * snapshot's or arithmetic on them, and a rule whose inputs are missing (null) or too thin (below
 * its minimum sample) produces nothing.
 *
 * Thresholds are a rental company's rules of thumb, written once here:
 * - movements vs the previous period count from ±5 utilisation points and ±10 % revenue;
 * - a category below 30 % utilisation has cars to sell, above 85 % needs cars, above 80 % can take
 *   a price rise (+5 %, +10 % above 90 %);
 * - a deposit still held after its release date (the rental's return + the company's release lag,
 *   collections) is "held too long"; over 30 days late it is a high priority;
 * - VAT payable is "coming due" from 14 days before its filing deadline;
 * - a customer with no rental for 90 days is "inactive"; "close to the next tier" is one rental or
 *   at most 20 % of the tier's spend away.
 * Confidence grows with the sample the rule stands on (confidenceFor) and is 0.95 for facts read
 * from the books (receivables, deposits, VAT) — the estimate there is the amount, not a guess.
 */
import {
  INSIGHT_RULES,
  type InsightEvidence,
  type InsightFigure,
  type InsightRule,
} from '../../shared/schemas/insights';
import { loyaltySummary } from '../../shared/customers/loyalty';
import { ratio as utilisationOf } from '../../shared/analytics/kpi';
import { daysBetween } from '../../shared/calendar';
import { minorToDecimalString } from '../../shared/money';

export interface PeriodFigures {
  from: string;
  to: string;
  /** vehicles × days − out-of-service and maintenance days */
  availableCarDays: number;
  rentedDays: number;
  /** rental revenue, minor units */
  revenueMinor: number;
  bookings: number;
}

export interface CategoryFigures {
  category: string;
  vehicles: number;
  availableCarDays: number;
  rentedDays: number;
  revenueMinor: number;
}

export interface InsightSnapshot {
  /** The company's calendar date (YYYY-MM-DD). */
  today: string;
  currency: string;
  /** Last 30 days and the 30 before (null: no figures). */
  fleet: { current: PeriodFigures; previous: PeriodFigures } | null;
  /** Per vehicle category over the strategy window (the last 90 days). */
  categories: { days: number; items: CategoryFigures[] } | null;
  /** Pickups per weekday (0 = Sunday … 6 = Saturday) over the last `weeks` weeks. */
  weekdays: { weeks: number; pickups: number[] } | null;
  /** Issued or partly paid invoices past their due date. */
  overdueInvoices: { id: string; number: string; customerName: string; balanceMinor: number; dueDate: string }[] | null;
  /** Deposits still held, with the date they were due back (the rental's return + the company's release lag). */
  heldDeposits: { id: string; label: string; href: string; amountMinor: number; releaseDueOn: string | null }[] | null;
  /** The revenue-protection list: money the company is owed but has not charged or collected. */
  leakage: { id: string; label: string; href: string; amountMinor: number; reason: string }[] | null;
  /** VAT payable of the open return period and its filing deadline. */
  vat: { payableMinor: number; periodFrom: string; periodTo: string; dueDate: string } | null;
  /** Customers who have rented, with their last rental's start date. */
  customers:
    | {
        id: string;
        name: string;
        completedRentals: number;
        totalSpendMinor: number;
        lastRentalDate: string | null /** true: only known to be before lastRentalDate */;
        lastRentalBefore?: boolean;
      }[]
    | null;
  /** The per-vehicle daily fixed cost setting (minor units), null when not set. */
  vehicleDailyCostMinor: number | null;
}

export interface InsightDraft {
  /** Stable per condition and month: a re-run updates the same insight instead of adding one. */
  key: string;
  rule: InsightRule;
  priority: 'high' | 'medium' | 'low';
  /** Values the catalog texts insights.rules.{rule}.title/body are filled with. */
  params: Record<string, string>;
  figures: InsightFigure[];
  evidence: InsightEvidence[];
  impactMinor: number;
  confidence: number;
}

export const THRESHOLDS = {
  utilisationPoints: 5,
  revenueChangePct: 10,
  sellBelow: 0.3,
  buyAbove: 0.85,
  priceAbove: 0.8,
  depositHeldDays: 30,
  vatNoticeDays: 14,
  inactiveDays: 90,
  tierSpendShare: 0.2,
  /** The least a rule needs to speak: car-days in each period, bookings, pickups. */
  minCarDays: 30,
  minBookings: 5,
  minPickups: 20,
  minRepeat: 3,
} as const;

/** More evidence, more confidence: 0.45 under 8 observations … 0.9 from 50. */
export function confidenceFor(n: number): number {
  if (n >= 50) return 0.9;
  if (n >= 20) return 0.75;
  if (n >= 8) return 0.6;
  return 0.45;
}

const FACT = 0.95;
const pct1 = (ratio: number) => Math.round(ratio * 1000) / 10;
const dec = (minor: number) => minorToDecimalString(minor);
const money = (label: string, minor: number): InsightFigure => ({ label, kind: 'money', value: minor / 100 });
const month = (s: InsightSnapshot) => s.today.slice(0, 7);
const top = <T>(rows: T[], by: (r: T) => number, n = 10) => [...rows].sort((a, b) => by(b) - by(a)).slice(0, n);

type Rule = (s: InsightSnapshot) => InsightDraft[];

function utilisationChange(s: InsightSnapshot): InsightDraft[] {
  if (!s.fleet) return [];
  const { current: c, previous: p } = s.fleet;
  if (
    c.availableCarDays < THRESHOLDS.minCarDays ||
    p.availableCarDays < THRESHOLDS.minCarDays ||
    c.bookings + p.bookings < THRESHOLDS.minBookings
  )
    return [];
  const now = utilisationOf(c.rentedDays, c.availableCarDays);
  const before = utilisationOf(p.rentedDays, p.availableCarDays);
  const points = (now - before) * 100;
  if (Math.abs(points) < THRESHOLDS.utilisationPoints) return [];
  // Revenue the change is worth at this period's average daily rate.
  const adr = c.rentedDays > 0 ? c.revenueMinor / c.rentedDays : 0;
  const impactMinor = Math.round((now - before) * c.availableCarDays * adr);
  const up = points > 0;
  return [
    {
      key: `utilisation_change:${month(s)}`,
      rule: 'utilisation_change',
      priority: !up && points <= -10 ? 'high' : 'medium',
      params: {
        direction: up ? 'up' : 'down',
        now: String(pct1(now)),
        before: String(pct1(before)),
        points: Math.abs(pct1(points / 100)).toString(),
        from: c.from,
        to: c.to,
      },
      figures: [
        { label: 'utilisationNow', kind: 'percent', value: pct1(now) },
        { label: 'utilisationBefore', kind: 'percent', value: pct1(before) },
        { label: 'rentedDays', kind: 'days', value: c.rentedDays },
        { label: 'availableCarDays', kind: 'days', value: c.availableCarDays },
      ],
      evidence: [{ label: `${c.from} – ${c.to}`, href: '/reports?tab=utilization&period=30d', detail: null }],
      impactMinor,
      confidence: confidenceFor(c.bookings + p.bookings),
    },
  ];
}

function revenueChange(s: InsightSnapshot): InsightDraft[] {
  if (!s.fleet) return [];
  const { current: c, previous: p } = s.fleet;
  if (p.revenueMinor <= 0 || c.bookings + p.bookings < THRESHOLDS.minBookings) return [];
  const change = (c.revenueMinor - p.revenueMinor) / p.revenueMinor;
  if (Math.abs(change) * 100 < THRESHOLDS.revenueChangePct) return [];
  return [
    {
      key: `revenue_change:${month(s)}`,
      rule: 'revenue_change',
      priority: change <= -0.2 ? 'high' : 'medium',
      params: {
        direction: change > 0 ? 'up' : 'down',
        pct: String(Math.abs(pct1(change))),
        amountNow: dec(c.revenueMinor),
        amountBefore: dec(p.revenueMinor),
        from: c.from,
        to: c.to,
      },
      figures: [
        money('revenueNow', c.revenueMinor),
        money('revenueBefore', p.revenueMinor),
        { label: 'bookingsNow', kind: 'count', value: c.bookings },
        { label: 'bookingsBefore', kind: 'count', value: p.bookings },
      ],
      evidence: [{ label: `${c.from} – ${c.to}`, href: '/reports?tab=revenue-trends&period=30d', detail: null }],
      impactMinor: c.revenueMinor - p.revenueMinor,
      confidence: confidenceFor(c.bookings + p.bookings),
    },
  ];
}

/** Aging buckets by days past due. */
export const AGING_BUCKETS = [
  [1, 30],
  [31, 60],
  [61, 90],
  [91, Infinity],
] as const;

function receivablesAging(s: InsightSnapshot): InsightDraft[] {
  const rows = (s.overdueInvoices ?? []).filter((i) => i.balanceMinor > 0 && i.dueDate < s.today);
  if (!rows.length) return [];
  const aged = rows.map((i) => ({ ...i, days: daysBetween(i.dueDate, s.today) }));
  const buckets = AGING_BUCKETS.map(([lo, hi]) =>
    aged.filter((i) => i.days >= lo && i.days <= hi).reduce((n, i) => n + i.balanceMinor, 0),
  );
  const total = buckets.reduce((a, b) => a + b, 0);
  const over60 = buckets[2] + buckets[3];
  return [
    {
      key: `receivables_aging:${month(s)}`,
      rule: 'receivables_aging',
      priority: over60 > 0 ? 'high' : 'medium',
      params: {
        count: String(rows.length),
        amount: dec(total),
        amountOver60: dec(over60),
        oldest: String(Math.max(...aged.map((i) => i.days))),
      },
      figures: [
        money('aging1to30', buckets[0]),
        money('aging31to60', buckets[1]),
        money('aging61to90', buckets[2]),
        money('aging90plus', buckets[3]),
        { label: 'invoices', kind: 'count', value: rows.length },
      ],
      evidence: top(aged, (i) => i.balanceMinor).map((i) => ({
        label: i.number,
        href: `/invoices/${i.id}`,
        detail: `${i.customerName} · ${dec(i.balanceMinor)} · ${i.days}d`,
      })),
      impactMinor: total,
      confidence: FACT,
    },
  ];
}

function depositsHeldLong(s: InsightSnapshot): InsightDraft[] {
  const rows = (s.heldDeposits ?? [])
    .filter((d) => d.amountMinor > 0 && d.releaseDueOn && d.releaseDueOn < s.today)
    .map((d) => ({ ...d, late: daysBetween(d.releaseDueOn!, s.today) }));
  if (!rows.length) return [];
  const total = rows.reduce((n, d) => n + d.amountMinor, 0);
  return [
    {
      key: `deposits_held_long:${month(s)}`,
      rule: 'deposits_held_long',
      priority: rows.some((d) => d.late > THRESHOLDS.depositHeldDays) ? 'high' : 'medium',
      params: { count: String(rows.length), amount: dec(total), days: String(Math.max(...rows.map((d) => d.late))) },
      figures: [money('depositsHeld', total), { label: 'deposits', kind: 'count', value: rows.length }],
      evidence: top(rows, (d) => d.amountMinor).map((d) => ({
        label: d.label,
        href: d.href,
        detail: `${dec(d.amountMinor)} · ${d.releaseDueOn} · +${d.late}d`,
      })),
      impactMinor: total,
      confidence: FACT,
    },
  ];
}

function revenueLeakage(s: InsightSnapshot): InsightDraft[] {
  const rows = (s.leakage ?? []).filter((l) => l.amountMinor > 0);
  if (!rows.length) return [];
  const total = rows.reduce((n, l) => n + l.amountMinor, 0);
  return [
    {
      key: `revenue_leakage:${month(s)}`,
      rule: 'revenue_leakage',
      priority: 'high',
      params: { count: String(rows.length), amount: dec(total) },
      figures: [money('leakage', total), { label: 'items', kind: 'count', value: rows.length }],
      evidence: top(rows, (l) => l.amountMinor).map((l) => ({
        label: l.label,
        href: l.href,
        detail: `${l.reason} · ${dec(l.amountMinor)}`,
      })),
      impactMinor: total,
      confidence: FACT,
    },
  ];
}

function vatDue(s: InsightSnapshot): InsightDraft[] {
  if (!s.vat || s.vat.payableMinor <= 0) return [];
  const left = daysBetween(s.today, s.vat.dueDate);
  if (left > THRESHOLDS.vatNoticeDays) return [];
  return [
    {
      key: `vat_due:${s.vat.periodTo}`,
      rule: 'vat_due',
      priority: left < 0 ? 'high' : 'medium',
      params: {
        amount: dec(s.vat.payableMinor),
        dueDate: s.vat.dueDate,
        days: String(Math.max(0, left)),
        periodFrom: s.vat.periodFrom,
        periodTo: s.vat.periodTo,
      },
      figures: [
        money('vatPayable', s.vat.payableMinor),
        { label: 'dueDate', kind: 'date', value: s.vat.dueDate },
        { label: 'daysLeft', kind: 'days', value: left },
      ],
      evidence: [
        {
          label: `${s.vat.periodFrom} – ${s.vat.periodTo}`,
          href: `/dashboard/accounting/vat-report?from=${s.vat.periodFrom}&to=${s.vat.periodTo}`,
          detail: null,
        },
      ],
      impactMinor: s.vat.payableMinor,
      confidence: FACT,
    },
  ];
}

const avgRental = (c: { completedRentals: number; totalSpendMinor: number }) =>
  c.completedRentals > 0 ? c.totalSpendMinor / c.completedRentals : 0;
const customerRow = (c: { id: string; name: string }, detail: string): InsightEvidence => ({
  label: c.name,
  href: `/customers/${c.id}`,
  detail,
});

function repeatCustomers(s: InsightSnapshot): InsightDraft[] {
  const rented = (s.customers ?? []).filter((c) => c.completedRentals >= 1);
  const repeat = rented.filter((c) => c.completedRentals >= 2);
  if (repeat.length < THRESHOLDS.minRepeat) return [];
  const once = rented.length - repeat.length;
  const repeatSpend = repeat.reduce((n, c) => n + c.totalSpendMinor, 0);
  const allSpend = rented.reduce((n, c) => n + c.totalSpendMinor, 0);
  const avg = allSpend / rented.reduce((n, c) => n + c.completedRentals, 0);
  // If one in ten one-time customers came back once more, at the average rental value.
  const impactMinor = Math.round(once * 0.1 * avg);
  return [
    {
      key: `repeat_customers:${month(s)}`,
      rule: 'repeat_customers',
      priority: 'low',
      params: {
        count: String(repeat.length),
        share: String(pct1(repeat.length / rented.length)),
        spendShare: String(pct1(allSpend ? repeatSpend / allSpend : 0)),
        once: String(once),
      },
      figures: [
        { label: 'repeatCustomers', kind: 'count', value: repeat.length },
        { label: 'customersWhoRented', kind: 'count', value: rented.length },
        money('repeatSpend', repeatSpend),
      ],
      evidence: top(repeat, (c) => c.totalSpendMinor).map((c) =>
        customerRow(c, `${c.completedRentals} · ${dec(c.totalSpendMinor)}`),
      ),
      impactMinor,
      confidence: confidenceFor(rented.length),
    },
  ];
}

function tierClose(s: InsightSnapshot): InsightDraft[] {
  const close = (s.customers ?? []).flatMap((c) => {
    const next = loyaltySummary({ completedRentals: c.completedRentals, totalSpendMinor: c.totalSpendMinor }).next;
    if (!next || c.completedRentals < 1) return [];
    const tierSpend = next.spendNeededMinor + c.totalSpendMinor;
    const near =
      next.rentalsNeeded === 1 || (tierSpend > 0 && next.spendNeededMinor <= tierSpend * THRESHOLDS.tierSpendShare);
    return near ? [{ ...c, next }] : [];
  });
  if (!close.length) return [];
  // One more rental each, at the customer's own average.
  const impactMinor = Math.round(close.reduce((n, c) => n + avgRental(c), 0));
  return [
    {
      key: `tier_close:${month(s)}`,
      rule: 'tier_close',
      priority: 'low',
      params: { count: String(close.length) },
      figures: [{ label: 'customers', kind: 'count', value: close.length }],
      evidence: top(close, (c) => c.totalSpendMinor).map((c) =>
        customerRow(c, `→ ${c.next.tier}: ${c.next.rentalsNeeded} / ${dec(c.next.spendNeededMinor)}`),
      ),
      impactMinor,
      confidence: confidenceFor(close.length * 4),
    },
  ];
}

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

function slowWeekday(s: InsightSnapshot): InsightDraft[] {
  if (!s.weekdays || s.weekdays.pickups.length !== 7) return [];
  const total = s.weekdays.pickups.reduce((a, b) => a + b, 0);
  if (total < THRESHOLDS.minPickups) return [];
  const mean = total / 7;
  const slowest = s.weekdays.pickups.reduce((best, n, i) => (n < s.weekdays!.pickups[best] ? i : best), 0);
  const n = s.weekdays.pickups[slowest];
  if (n >= mean * 0.6) return [];
  // Lifting that day to 80 % of an average day, for the next four weeks, at this period's revenue per booking.
  const perBooking =
    s.fleet && s.fleet.current.bookings > 0 ? s.fleet.current.revenueMinor / s.fleet.current.bookings : 0;
  const impactMinor = Math.round(((mean * 0.8 - n) / s.weekdays.weeks) * 4 * perBooking);
  return [
    {
      key: `slow_weekday:${WEEKDAYS[slowest]}:${month(s)}`,
      rule: 'slow_weekday',
      priority: 'low',
      params: {
        weekday: WEEKDAYS[slowest],
        pickups: String(n),
        average: (Math.round(mean * 10) / 10).toString(),
        weeks: String(s.weekdays.weeks),
      },
      figures: WEEKDAYS.map((d, i) => ({
        label: `weekday_${d}`,
        kind: 'count' as const,
        value: s.weekdays!.pickups[i],
      })),
      evidence: [{ label: WEEKDAYS[slowest], href: '/reports?tab=utilization&period=90d', detail: null }],
      impactMinor,
      confidence: confidenceFor(total),
    },
  ];
}

function inactiveCustomers(s: InsightSnapshot): InsightDraft[] {
  const inactive = (s.customers ?? []).filter(
    (c) =>
      c.completedRentals >= 1 &&
      c.lastRentalDate &&
      daysBetween(c.lastRentalDate.slice(0, 10), s.today) >= THRESHOLDS.inactiveDays,
  );
  if (!inactive.length) return [];
  // One in ten won back for one rental at their own average.
  const impactMinor = Math.round(inactive.reduce((n, c) => n + avgRental(c), 0) * 0.1);
  return [
    {
      key: `inactive_customers:${month(s)}`,
      rule: 'inactive_customers',
      priority: inactive.length >= 10 ? 'medium' : 'low',
      params: { count: String(inactive.length), days: String(THRESHOLDS.inactiveDays) },
      figures: [
        { label: 'audience', kind: 'count', value: inactive.length },
        money(
          'audienceSpend',
          inactive.reduce((n, c) => n + c.totalSpendMinor, 0),
        ),
      ],
      // The whole audience (the campaign is made from these rows), largest spenders first.
      evidence: top(inactive, (c) => c.totalSpendMinor, 200).map((c) =>
        customerRow(c, `${c.lastRentalBefore ? '< ' : ''}${c.lastRentalDate!.slice(0, 10)}`),
      ),
      impactMinor,
      confidence: confidenceFor(inactive.length * 2),
    },
  ];
}

function strategy(s: InsightSnapshot): InsightDraft[] {
  if (!s.categories) return [];
  const days = s.categories.days;
  const out: InsightDraft[] = [];
  for (const c of s.categories.items) {
    if (c.vehicles < 1 || c.availableCarDays < THRESHOLDS.minCarDays) continue;
    const u = utilisationOf(c.rentedDays, c.availableCarDays);
    const adr = c.rentedDays > 0 ? c.revenueMinor / c.rentedDays : 0;
    const base = {
      category: c.category,
      utilisation: String(pct1(u)),
      vehicles: String(c.vehicles),
      days: String(days),
    };
    const figures: InsightFigure[] = [
      { label: 'utilisation', kind: 'percent', value: pct1(u) },
      { label: 'vehicles', kind: 'count', value: c.vehicles },
      { label: 'rentedDays', kind: 'days', value: c.rentedDays },
      money('revenue', c.revenueMinor),
      money('adr', Math.round(adr)),
    ];
    const evidence = [
      { label: c.category, href: `/vehicles?category=${encodeURIComponent(c.category)}`, detail: null },
    ];
    const confidence = confidenceFor(c.rentedDays / 3);
    const perVehicleDays = c.availableCarDays / c.vehicles;
    if (u < THRESHOLDS.sellBelow && c.vehicles >= 2) {
      // Sell down to what the demand would keep at 60 %; never the last car of a category.
      const keep = Math.max(1, Math.ceil(c.rentedDays / (perVehicleDays * 0.6)));
      const sell = Math.max(1, c.vehicles - keep);
      // Their days on rent move to the rest of the category; what selling saves is the cars' fixed
      // cost over the same window (the company's per-vehicle daily fixed cost; 0 when not set).
      const saved = s.vehicleDailyCostMinor ? Math.round(sell * perVehicleDays * s.vehicleDailyCostMinor) : 0;
      out.push({
        key: `sell_vehicles:${c.category}:${month(s)}`,
        rule: 'sell_vehicles',
        priority: u < 0.15 ? 'high' : 'medium',
        params: { ...base, count: String(sell) },
        figures: [...figures, { label: 'idleCarDays', kind: 'days', value: c.availableCarDays - c.rentedDays }],
        evidence,
        impactMinor: saved,
        confidence,
      });
    }
    if (u > THRESHOLDS.buyAbove) {
      const need = Math.max(1, Math.ceil(c.rentedDays / (perVehicleDays * 0.75)) - c.vehicles);
      // Each added car at 75 % utilisation and this category's ADR, over the same window.
      out.push({
        key: `add_vehicles:${c.category}:${month(s)}`,
        rule: 'add_vehicles',
        priority: u > 0.95 ? 'high' : 'medium',
        params: { ...base, count: String(need) },
        figures,
        evidence,
        impactMinor: Math.round(need * perVehicleDays * 0.75 * adr),
        confidence,
      });
    }
    if (u > THRESHOLDS.priceAbove) {
      const rise = u > 0.9 ? 10 : 5;
      // The same days at the higher rate (demand assumed unchanged; shown as such in the text).
      out.push({
        key: `raise_prices:${c.category}:${month(s)}`,
        rule: 'raise_prices',
        priority: 'medium',
        params: { ...base, rise: String(rise), amountAdr: dec(Math.round(adr)) },
        figures,
        evidence,
        impactMinor: Math.round((c.revenueMinor * rise) / 100),
        confidence,
      });
    }
  }
  return out;
}

export const RULES: Record<InsightRule, Rule> = {
  utilisation_change: utilisationChange,
  revenue_change: revenueChange,
  receivables_aging: receivablesAging,
  deposits_held_long: depositsHeldLong,
  revenue_leakage: revenueLeakage,
  vat_due: vatDue,
  repeat_customers: repeatCustomers,
  tier_close: tierClose,
  slow_weekday: slowWeekday,
  inactive_customers: inactiveCustomers,
  // The three strategy rules share one pass over the categories (strategy() emits each).
  sell_vehicles: (s) => strategy(s).filter((d) => d.rule === 'sell_vehicles'),
  add_vehicles: (s) => strategy(s).filter((d) => d.rule === 'add_vehicles'),
  raise_prices: (s) => strategy(s).filter((d) => d.rule === 'raise_prices'),
};

/** Every rule over the snapshot; a rule that throws is reported, the others still run. */
export function runRules(s: InsightSnapshot): {
  drafts: InsightDraft[];
  failures: { step: string; message: string }[];
} {
  const drafts: InsightDraft[] = [];
  const failures: { step: string; message: string }[] = [];
  for (const [rule, fn] of Object.entries(RULES) as [InsightRule, Rule][]) {
    try {
      drafts.push(...fn(s).map((d) => ({ ...d, impactMinor: Math.round(d.impactMinor) })));
    } catch (err) {
      failures.push({ step: `rule:${rule}`, message: (err as Error).message.slice(0, 200) });
    }
  }
  return { drafts, failures };
}

export const categoryOf = (rule: InsightRule) => INSIGHT_RULES[rule];

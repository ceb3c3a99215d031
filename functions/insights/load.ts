/**
 * Fills the rules' InsightSnapshot from the company's data, through other domains' api.ts
 * (deps.ts). Each part is read on its own: a part that fails is a recorded failure and stays null
 * (its rules say nothing), the others still load.
 *
 * Cost: the fleet figures read the analytics aggregates (days × shards and fleet × months items,
 * independent of the number of rentals); the customer figures read the customers who rented (at
 * most 2,000) and the rentals created in the last year (at most 5,000, newest first); the finance
 * figures read the open invoices past due, the deposits past their release date and the
 * revenue-protection list (collections' sparse indexes, bounded by the work waiting). A job, not a page: bounded, but
 * not constant like the dashboard.
 *
 * Periods (company calendar): the last 30 complete days and the 30 before; the strategy window is
 * the last 90 days; weekday pickups over the last 12 weeks. VAT: calendar quarters, filed by the
 * 28th day after the quarter ends (UAE FTA; a company filing monthly sees it once a quarter —
 * the rule is a reminder, not the return).
 */
import { fleetKpis } from '../../shared/analytics/kpi';
import { addDays } from '../../shared/calendar';
import { getRegionConfig } from '../../shared/regions';
import { toMinor } from '../../shared/money';
import { companyToday, readCompanySettings } from '../lib/company-settings';
import { calendarDateInZone } from '../../shared/regions';
import {
  buildFleetPeriod,
  depositReleaseConditions,
  revenueProtection,
  customersWhoRented,
  fleetRoster,
  listRentalsPage,
  overdueInvoices,
  readCompany,
  readDailyAggregates,
  readOutRentals,
  readVehicleMonthAggregates,
  vatPayable,
  type FleetPeriod,
} from './deps';
import type { CategoryFigures, InsightSnapshot, PeriodFigures } from './rules';

type Failure = { step: string; message: string };
const month = (day: string) => day.slice(0, 7);

async function part<T>(step: string, failures: Failure[], read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    failures.push({ step: `load:${step}`, message: (err as Error).message.slice(0, 200) });
    return null;
  }
}

export async function loadSnapshot(
  tenantId: string,
  now = new Date(),
): Promise<{ snapshot: InsightSnapshot; failures: Failure[] }> {
  const settings = await readCompanySettings(tenantId, '');
  const company = await readCompany(tenantId);
  const zone = company.timezone;
  const today = companyToday(settings, now);
  const failures: Failure[] = [];
  const [fleet, customers, overdue, deposits, leakage, vat] = await Promise.all([
    part('fleet', failures, () => fleetFigures(tenantId, today, zone, now, company.dailyFixedCostMinor)),
    part('customers', failures, () => customerFigures(tenantId, today, zone)),
    part('receivables', failures, async () =>
      (await overdueInvoices(tenantId, today)).map((i) => ({
        id: i.id,
        number: i.number ?? i.id,
        customerName: i.customerName,
        balanceMinor: i.balanceMinor,
        dueDate: String(i.dueDate),
      })),
    ),
    part('deposits', failures, () => heldDeposits(tenantId, now)),
    part('leakage', failures, () => leakageRows(tenantId, now)),
    part('vat', failures, () => vatFigures(tenantId, today)),
  ]);
  return {
    snapshot: {
      today,
      currency: getRegionConfig(company.region).currency,
      fleet: fleet?.fleet ?? null,
      categories: fleet?.categories ?? null,
      weekdays: fleet?.weekdays ?? null,
      overdueInvoices: overdue,
      heldDeposits: deposits,
      leakage,
      vat,
      customers,
      vehicleDailyCostMinor: company.dailyFixedCostMinor > 0 ? company.dailyFixedCostMinor : null,
    },
    failures,
  };
}

/**
 * Fleet, categories and weekdays from the analytics aggregates (analytics/api.ts buildFleetPeriod: stored days plus
 * cars still out).
 */
async function fleetFigures(tenantId: string, today: string, zone: string, now: Date, dailyFixedCostMinor: number) {
  const end = addDays(today, -1);
  const cur = { from: addDays(today, -30), to: end };
  const prev = { from: addDays(today, -60), to: addDays(today, -31) };
  const strat = { from: addDays(today, -90), to: end };
  const weeks = { from: addDays(today, -84), to: end };
  const [roster, months, days, out] = await Promise.all([
    fleetRoster(tenantId),
    readVehicleMonthAggregates(tenantId, month(strat.from), month(end)),
    readDailyAggregates(tenantId, strat.from, end),
    readOutRentals(tenantId),
  ]);
  if (!roster.some((v) => !v.isArchived)) return { fleet: null, categories: null, weekdays: null };
  const inRange = (d: string, r: { from: string; to: string }) => d >= r.from && d <= r.to;
  const kpis = (r: { from: string; to: string }, only?: (v: FleetPeriod['vehicles'][number]) => boolean) => {
    const p = buildFleetPeriod(roster, months, out, r.from, r.to, zone, now);
    const vs = only ? p.vehicles.filter(only) : p.vehicles;
    return {
      ...fleetKpis(vs, p.days.length, dailyFixedCostMinor),
      count: vs.length,
      days: p.days.length,
      vehicles: vs,
    };
  };
  const period = (r: { from: string; to: string }): PeriodFigures => {
    const k = kpis(r);
    const bookings = days.filter((d) => inRange(d.day, r)).reduce((n, d) => n + d.bookings, 0);
    return {
      ...r,
      availableCarDays: k.availableCarDays,
      rentedDays: k.daysOnRent,
      revenueMinor: k.revenueMinor,
      bookings,
    };
  };
  const all = kpis(strat);
  const categoryOf = (v: FleetPeriod['vehicles'][number]) => v.vehicle.category ?? 'other';
  const categories: CategoryFigures[] = [
    ...new Set(all.vehicles.filter((v) => !v.vehicle.isArchived).map(categoryOf)),
  ].map((category) => {
    const k = kpis(strat, (v) => !v.vehicle.isArchived && categoryOf(v) === category);
    return {
      category,
      vehicles: k.count,
      availableCarDays: k.availableCarDays,
      rentedDays: k.daysOnRent,
      revenueMinor: k.revenueMinor,
    };
  });
  const pickups = [0, 0, 0, 0, 0, 0, 0];
  for (const d of days) if (inRange(d.day, weeks)) pickups[new Date(`${d.day}T00:00:00Z`).getUTCDay()] += d.pickups;
  return {
    fleet: { current: period(cur), previous: period(prev) },
    categories: { days: all.days, items: categories },
    weekdays: { weeks: 12, pickups },
  };
}

type RentalRow = { id: string; customerId: string; startDate: string; createdAt: string; status: string };

/** Customers who rented, with the start of their latest rental created in the last year. */
async function customerFigures(tenantId: string, today: string, zone: string): Promise<InsightSnapshot['customers']> {
  const customers = await customersWhoRented(tenantId, 2000);
  if (!customers.length) return [];
  const since = addDays(today, -365);
  const last = new Map<string, string>();
  let cursor: string | undefined;
  let read = 0;
  do {
    const page = await listRentalsPage(tenantId, { limit: 100, cursor });
    let older = false;
    for (const r of page.items as RentalRow[]) {
      if (calendarDateInZone(r.createdAt, zone) < since) {
        older = true;
        continue;
      }
      if (r.status === 'cancelled') continue;
      const day = calendarDateInZone(r.startDate, zone);
      if ((last.get(r.customerId) ?? '') < day) last.set(r.customerId, day);
    }
    read += page.items.length;
    cursor = older ? undefined : (page.nextCursor ?? undefined);
  } while (cursor && read < 5000);
  // A customer with no rental created in the last year last rented before it: at least a year ago.
  return customers.map((c) => ({ ...c, lastRentalDate: last.get(c.id) ?? since, lastRentalBefore: !last.has(c.id) }));
}

/** Deposits held past their release date (collections: the rental's return + the company's release lag). */
async function heldDeposits(tenantId: string, now: Date): Promise<InsightSnapshot['heldDeposits']> {
  return (await depositReleaseConditions(tenantId, now)).map((d) => ({
    id: d.id,
    label: d.reference,
    href: `/rentals/${d.id}`,
    amountMinor: d.heldMinor,
    releaseDueOn: d.dueDate || null,
  }));
}

/** Revenue protection's list (collections): money owed but not charged or not collected. */
async function leakageRows(tenantId: string, now: Date): Promise<InsightSnapshot['leakage']> {
  return (await revenueProtection(tenantId, now)).rows.map((r) => ({
    id: r.id,
    label: r.reference,
    href: r.link,
    amountMinor: toMinor(r.amount),
    reason: r.kind,
  }));
}

/** The last complete calendar quarter's VAT, unless already filed; null where the region has no VAT. */
async function vatFigures(tenantId: string, today: string): Promise<InsightSnapshot['vat']> {
  const [y, m] = today.split('-').map(Number);
  const q = Math.floor((m - 1) / 3); // this quarter (0-based); the last complete one ends before its first day
  const thisQuarterStart = `${y}-${String(q * 3 + 1).padStart(2, '0')}-01`;
  const periodTo = addDays(thisQuarterStart, -1);
  const periodFrom = `${periodTo.slice(0, 4)}-${String(Number(periodTo.slice(5, 7)) - 2).padStart(2, '0')}-01`;
  const r = await vatPayable(tenantId, periodFrom, periodTo);
  if (getRegionConfig(r.region).taxRate === 0) return null;
  if (r.filedThrough && r.filedThrough >= periodTo) return null;
  return { payableMinor: r.payableMinor, periodFrom, periodTo, dueDate: addDays(periodTo, 28) };
}

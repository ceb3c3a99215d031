import {
  averageLengthOfRental,
  dayRange,
  fleetKpis,
  periodRange,
  ratio,
  vehicleIdleDays,
  type ReportPeriod,
} from '../../shared/analytics/kpi';
import { addDays, lastDayOfMonth } from '../../shared/calendar';
import { KPI_HELP } from '../../shared/analytics/kpi';
import { fromMinor } from '../../shared/money';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import type {
  ReportChart,
  ReportColumn,
  ReportData,
  ReportSummaryItem,
  ReportTab,
} from '../../shared/schemas/analytics';
import type { Role } from '../../shared/permissions';
import { readCompany, rentalStats, type CompanyFacts } from './deps';
import { readFleetPeriod, type FleetPeriod, type VehiclePeriod } from './period';
import { readDailyAggregates, type DailyAggregate } from './read';

/**
 * The four report tabs, each one uniform table model (summary, charts, columns, rows) that the
 * screen, the CSV and the PDF all render. Reads: the company days of the period (and the previous
 * one for revenue trends) and the vehicle months — bounded by days, fleet and months.
 */
const pct = (x: number) => Math.round(x * 1000) / 10;
const money = (minor: number) => fromMinor(minor);
const label = (v: VehiclePeriod) => `${v.vehicle.make} ${v.vehicle.model}`.trim() || v.vehicleId;
const help = (k: keyof typeof KPI_HELP.en) => k;

export interface ReportContext {
  tenantId: string;
  role: Role;
  period: ReportPeriod;
  now?: Date;
}

export async function buildReport(tab: ReportTab, ctx: ReportContext): Promise<ReportData> {
  const company = await readCompany(ctx.tenantId);
  const now = ctx.now ?? new Date();
  const today = calendarDateInZone(now, company.timezone);
  const range = periodRange(ctx.period, today);
  const base = {
    tab,
    period: ctx.period,
    from: range.from,
    to: range.to,
    previous: range.previous,
    currency: getRegionConfig(company.region).currency,
    region: company.region,
  };
  switch (tab) {
    case 'fleet-performance': {
      const fleet = await readFleetPeriod(ctx.tenantId, range.from, range.to, company.timezone, now);
      return { ...base, ...fleetPerformance(fleet, company, ctx.role === 'MECHANIC') };
    }
    case 'operational-kpis': {
      const [days, stats] = await Promise.all([
        readDailyAggregates(ctx.tenantId, range.from, range.to),
        rentalStats(ctx.tenantId),
      ]);
      return { ...base, ...operationalKpis(days, Number(stats.byStatus.overdue ?? 0)) };
    }
    case 'revenue-trends': {
      const [days, fleet] = await Promise.all([
        readDailyAggregates(ctx.tenantId, range.previous.from, range.to),
        readFleetPeriod(ctx.tenantId, range.previous.from, range.to, company.timezone, now),
      ]);
      return { ...base, ...revenueTrends(days, fleet, range, ctx.period) };
    }
    case 'utilization': {
      const fleet = await readFleetPeriod(ctx.tenantId, range.from, range.to, company.timezone, now);
      return { ...base, ...utilization(fleet, company) };
    }
  }
}

type Body = Pick<ReportData, 'summary' | 'charts' | 'columns' | 'rows'>;

export function fleetPerformance(
  fleet: FleetPeriod,
  company: Pick<CompanyFacts, 'dailyFixedCostMinor'>,
  noMoney = false,
): Body {
  const n = fleet.days.length;
  const k = fleetKpis(fleet.vehicles, n, company.dailyFixedCostMinor);
  const rows = fleet.vehicles
    .map((v) => {
      const available = Math.max(0, (v.daysInFleet ?? n) - v.daysOutOfService);
      return {
        vehicle: label(v),
        plate: v.vehicle.licensePlate,
        category: v.vehicle.category ?? 'none',
        daysRented: v.daysOnRent,
        utilisation: pct(ratio(v.daysOnRent, available)),
        revenue: money(v.revenueMinor),
        adr: money(Math.round(ratio(v.revenueMinor, v.daysOnRent))),
        km: v.km,
        maintenanceCost: money(v.maintenanceCostMinor),
        net: money(v.revenueMinor - v.maintenanceCostMinor),
      };
    })
    .sort((a, b) => b.revenue - a.revenue || b.daysRented - a.daysRented || a.vehicle.localeCompare(b.vehicle));
  const moneyCols = new Set(['revenue', 'adr', 'net']);
  const columns: ReportColumn[] = (
    [
      ['vehicle', 'text'],
      ['plate', 'text'],
      ['category', 'category'],
      ['daysRented', 'number'],
      ['utilisation', 'percent'],
      ['revenue', 'money'],
      ['adr', 'money'],
      ['km', 'number'],
      ['maintenanceCost', 'money'],
      ['net', 'money'],
    ] as const
  )
    .filter(([key]) => !(noMoney && moneyCols.has(key)))
    .map(([key, kind]) => ({ key, kind }));
  const top = rows.slice(0, 12);
  const charts: ReportChart[] = [
    {
      key: 'utilisationByVehicle',
      kind: 'bar',
      axis: 'text',
      unit: 'percent',
      categories: top.map((r) => r.vehicle),
      series: [{ name: 'utilisation', data: top.map((r) => r.utilisation) }],
    },
  ];
  if (!noMoney)
    charts.unshift({
      key: 'revenueByVehicle',
      kind: 'bar',
      axis: 'text',
      unit: 'money',
      categories: top.map((r) => r.vehicle),
      series: [{ name: 'revenue', data: top.map((r) => r.revenue) }],
    });
  const summary: ReportSummaryItem[] = [
    { key: 'utilisation', value: pct(k.utilisation), kind: 'percent', help: help('utilisation') },
    ...(noMoney
      ? []
      : [
          { key: 'revenue', value: money(k.revenueMinor), kind: 'money' as const },
          { key: 'adr', value: money(k.adrMinor), kind: 'money' as const, help: help('adr') },
          { key: 'revpac', value: money(k.revpacMinor), kind: 'money' as const, help: help('revpac') },
        ]),
    { key: 'km', value: fleet.vehicles.reduce((s, v) => s + v.km, 0), kind: 'number' },
    {
      key: 'maintenanceCost',
      value: money(fleet.vehicles.reduce((s, v) => s + v.maintenanceCostMinor, 0)),
      kind: 'money',
    },
  ];
  return {
    summary,
    charts,
    columns,
    rows: noMoney ? rows.map(({ revenue: _r, adr: _a, net: _n, ...rest }) => rest) : rows,
  };
}

export function operationalKpis(days: DailyAggregate[], overdueNow: number): Body {
  const sum = (f: keyof Omit<DailyAggregate, 'day'>) => days.reduce((s, d) => s + d[f], 0);
  const n = Math.max(1, days.length);
  const returns = sum('returns');
  const summary: ReportSummaryItem[] = [
    { key: 'bookings', value: sum('bookings'), kind: 'number' },
    { key: 'cancellations', value: sum('cancellations'), kind: 'number' },
    { key: 'onTimeRate', value: pct(ratio(sum('onTimeReturns'), returns)), kind: 'percent' },
    { key: 'overdue', value: sum('overdue'), kind: 'number' },
    { key: 'overdueNow', value: overdueNow, kind: 'number' },
    {
      key: 'alr',
      value: Math.round(averageLengthOfRental(sum('returnedRentalDays'), returns) * 10) / 10,
      kind: 'number',
      help: 'alr',
    },
    { key: 'pickupsPerDay', value: Math.round((sum('pickups') / n) * 10) / 10, kind: 'number' },
    { key: 'returnsPerDay', value: Math.round((returns / n) * 10) / 10, kind: 'number' },
  ];
  const columns: ReportColumn[] = (
    ['bookings', 'cancellations', 'pickups', 'returns', 'onTimeReturns', 'overdue'] as const
  ).map((key) => ({ key, kind: 'number' as const }));
  columns.unshift({ key: 'date', kind: 'date' });
  const rows = days.map((d) => ({
    date: d.day,
    bookings: d.bookings,
    cancellations: d.cancellations,
    pickups: d.pickups,
    returns: d.returns,
    onTimeReturns: d.onTimeReturns,
    overdue: d.overdue,
  }));
  const charts: ReportChart[] = [
    {
      key: 'daily',
      kind: 'line',
      axis: 'date',
      unit: 'count',
      categories: days.map((d) => d.day),
      series: [
        { name: 'bookings', data: days.map((d) => d.bookings) },
        { name: 'pickups', data: days.map((d) => d.pickups) },
        { name: 'returns', data: days.map((d) => d.returns) },
      ],
    },
  ];
  return { summary, charts, columns, rows };
}

/** Buckets of a period: weeks (7 days from its first day) for 7–90 days, 30-day months… calendar months for a year. */
export function bucketsOf(from: string, to: string, period: ReportPeriod): { key: string; from: string; to: string }[] {
  const out: { key: string; from: string; to: string }[] = [];
  if (period === '1y') {
    for (let d = from; d <= to; ) {
      const monthEnd = lastDayOfMonth(d);
      const end = monthEnd < to ? monthEnd : to;
      out.push({ key: d.slice(0, 7), from: d, to: end });
      d = addDays(end, 1);
    }
    return out;
  }
  const step = period === '7d' ? 1 : 7;
  for (let d = from; d <= to; d = addDays(d, step)) {
    const end = addDays(d, step - 1) < to ? addDays(d, step - 1) : to;
    out.push({ key: d, from: d, to: end });
  }
  return out;
}

export function revenueTrends(
  days: DailyAggregate[],
  fleet: FleetPeriod,
  range: { from: string; to: string; previous: { from: string; to: string } },
  period: ReportPeriod,
): Body {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sumDays = (from: string, to: string, f: 'revenueMinor' | 'paymentsMinor') =>
    dayRange(from, to).reduce((s, d) => s + (byDay.get(d)?.[f] ?? 0), 0);
  const cur = bucketsOf(range.from, range.to, period);
  const prev = bucketsOf(range.previous.from, range.previous.to, period);
  const catRevenue = (from: string, to: string) => {
    const out = new Map<string, number>();
    for (const v of fleet.vehicles) {
      let s = 0;
      for (const [d, r] of v.revenueByDay) if (d >= from && d <= to) s += r;
      if (s) out.set(v.vehicle.category ?? 'none', (out.get(v.vehicle.category ?? 'none') ?? 0) + s);
    }
    return out;
  };
  // Revenue = the vehicles' earned revenue per day (r{DD}: rent spread over the days on rent plus
  // the point-in-time charges), never the bookings (issue 26).
  const revenueOf = (from: string, to: string) => [...catRevenue(from, to).values()].reduce((a, b) => a + b, 0);
  const categories = [...new Set(fleet.vehicles.map((v) => v.vehicle.category ?? 'none'))].sort();
  const rows = cur.map((b, i) => {
    const cats = catRevenue(b.from, b.to);
    const revenue = revenueOf(b.from, b.to);
    const previous = prev[i] ? revenueOf(prev[i]!.from, prev[i]!.to) : 0;
    return {
      period: b.key,
      revenue: money(revenue),
      previousRevenue: money(previous),
      change: previous ? pct((revenue - previous) / Math.abs(previous)) : null,
      payments: money(sumDays(b.from, b.to, 'paymentsMinor')),
      ...Object.fromEntries(categories.map((c) => [`cat:${c}`, money(cats.get(c) ?? 0)])),
    };
  });
  const total = revenueOf(range.from, range.to);
  const totalPrev = revenueOf(range.previous.from, range.previous.to);
  const byCat = catRevenue(range.from, range.to);
  const columns: ReportColumn[] = [
    { key: 'period', kind: period === '1y' ? 'text' : 'date' },
    { key: 'revenue', kind: 'money' },
    { key: 'previousRevenue', kind: 'money' },
    { key: 'change', kind: 'percent' },
    { key: 'payments', kind: 'money' },
    ...categories.map((c) => ({ key: `cat:${c}`, kind: 'money' as const })),
  ];
  return {
    summary: [
      { key: 'revenue', value: money(total), kind: 'money' },
      { key: 'previousRevenue', value: money(totalPrev), kind: 'money' },
      // No previous revenue (a company younger than two periods): no change to show, not 0 %.
      { key: 'change', value: totalPrev ? pct((total - totalPrev) / Math.abs(totalPrev)) : null, kind: 'percent' },
    ],
    charts: [
      {
        key: 'revenueTrend',
        kind: 'line',
        axis: period === '1y' ? 'text' : 'date',
        unit: 'money',
        categories: rows.map((r) => r.period),
        series: [
          { name: 'revenue', data: rows.map((r) => r.revenue) },
          { name: 'previousRevenue', data: rows.map((r) => r.previousRevenue) },
        ],
      },
      {
        key: 'revenueByCategory',
        kind: 'bar',
        axis: 'category',
        unit: 'money',
        categories,
        series: [{ name: 'revenue', data: categories.map((c) => money(byCat.get(c) ?? 0)) }],
      },
    ],
    columns,
    rows,
  };
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

export function utilization(fleet: FleetPeriod, company: Pick<CompanyFacts, 'dailyFixedCostMinor'>): Body {
  const n = fleet.days.length;
  const categories = [...new Set(fleet.vehicles.map((v) => v.vehicle.category ?? 'none'))].sort();
  const rows = categories.map((c) => {
    const vs = fleet.vehicles.filter((v) => (v.vehicle.category ?? 'none') === c);
    const k = fleetKpis(vs, n, company.dailyFixedCostMinor);
    return {
      category: c,
      vehicles: vs.length,
      availableCarDays: k.availableCarDays,
      daysOnRent: k.daysOnRent,
      utilisation: pct(k.utilisation),
      revpac: money(k.revpacMinor),
      idleDays: k.idleDays,
      idleCost: money(k.idleCostMinor),
    };
  });
  const all = fleetKpis(fleet.vehicles, n, company.dailyFixedCostMinor);
  // Heat-map: per category and weekday, days on rent ÷ car-days available on those weekdays.
  const heat = categories.map((c) => {
    const vs = fleet.vehicles.filter((v) => (v.vehicle.category ?? 'none') === c);
    return {
      name: c,
      data: WEEKDAYS.map((w) => {
        const ds = fleet.days.filter((d) => weekdayOf(d) === w);
        let on = 0;
        let avail = 0;
        for (const v of vs)
          for (const d of ds) {
            if (v.maintenance.has(d)) continue;
            avail += 1;
            if (v.onRent.has(d)) on += 1;
          }
        return pct(ratio(on, avail));
      }),
    };
  });
  return {
    summary: [
      { key: 'utilisation', value: pct(all.utilisation), kind: 'percent', help: 'utilisation' },
      { key: 'availableCarDays', value: all.availableCarDays, kind: 'number', help: 'availableCarDays' },
      { key: 'idleDays', value: all.idleDays, kind: 'number', help: 'idleDays' },
      { key: 'idleCost', value: money(all.idleCostMinor), kind: 'money', help: 'idleCost' },
      { key: 'revpac', value: money(all.revpacMinor), kind: 'money', help: 'revpac' },
    ],
    charts: [
      {
        key: 'utilisationByCategory',
        kind: 'bar',
        axis: 'category',
        unit: 'percent',
        categories,
        series: [{ name: 'utilisation', data: rows.map((r) => r.utilisation) }],
      },
      {
        key: 'weekdayHeatmap',
        kind: 'heatmap',
        axis: 'weekday',
        unit: 'percent',
        categories: [...WEEKDAYS],
        series: heat,
      },
    ],
    columns: [
      { key: 'category', kind: 'category' },
      { key: 'vehicles', kind: 'number' },
      { key: 'availableCarDays', kind: 'number' },
      { key: 'daysOnRent', kind: 'number' },
      { key: 'utilisation', kind: 'percent' },
      { key: 'revpac', kind: 'money' },
      { key: 'idleDays', kind: 'number' },
      { key: 'idleCost', kind: 'money' },
    ],
    rows,
  };
}

export { vehicleIdleDays };

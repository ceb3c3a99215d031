import * as z from 'zod';
import { REPORT_PERIODS, type ReportPeriod } from '../analytics/kpi';
import type { Ability } from '../permissions';

/** Reports (issue 15): the four tabs, their periods and formats, and who may read each tab. */
export const REPORT_TABS = ['fleet-performance', 'operational-kpis', 'revenue-trends', 'utilization'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/**
 * DESIGN.md §6: STAFF reads operational KPIs only, MECHANIC fleet health only (the Fleet
 * Performance tab, without money columns); managers read everything.
 */
export const REPORT_TAB_ABILITY: Record<ReportTab, Ability> = {
  'fleet-performance': 'reportsFleetHealth',
  'operational-kpis': 'reportsOperational',
  'revenue-trends': 'reportsAll',
  utilization: 'reportsAll',
};

export const reportParams = z.object({ tab: z.enum(REPORT_TABS) });
export const reportQuery = z.object({
  period: z.enum(REPORT_PERIODS).default('30d'),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
  lang: z.enum(['en', 'ar']).default('en'),
});

// ---- answers (the route table declares them; the web's types are inferred from them) ----------

const COLUMN_KINDS = ['text', 'number', 'money', 'percent', 'date', 'category'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
const reportColumn = z.object({ key: z.string(), kind: z.enum(COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumn>;
const reportSeries = z.object({ name: z.string(), data: z.array(z.number()) });
export type ReportSeries = z.infer<typeof reportSeries>;
const reportChart = z.object({
  key: z.string(),
  kind: z.enum(['bar', 'line', 'heatmap']),
  /** x axis: dates, vehicle labels, category codes or weekday codes (see `axis`). */
  categories: z.array(z.string()),
  axis: z.enum(['date', 'text', 'category', 'weekday']),
  /** Series names are catalog keys under reports.columns / dashboard, or category codes for heat-maps. */
  series: z.array(reportSeries),
  unit: z.enum(['money', 'percent', 'count']),
});
export type ReportChart = z.infer<typeof reportChart>;
const reportSummaryItem = z.object({
  key: z.string(),
  /** null: nothing to compare with (shown as —) */
  value: z.number().nullable(),
  kind: z.enum(['money', 'percent', 'number']),
  help: z.string().optional(),
});
export type ReportSummaryItem = z.infer<typeof reportSummaryItem>;

export const reportResponse = z.object({
  tab: z.enum(REPORT_TABS),
  period: z.enum(REPORT_PERIODS) satisfies z.ZodType<ReportPeriod>,
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  region: z.string(),
  summary: z.array(reportSummaryItem),
  charts: z.array(reportChart),
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReportData = z.infer<typeof reportResponse>;

const dashboardCard = z.object({
  value: z.number(),
  kind: z.enum(['money', 'number', 'percent']),
  link: z.string(),
  total: z.number().optional(),
  /** Unpaid invoices only: receivables on no invoice yet (a labelled figure, not in `value`). */
  uninvoiced: z.number().optional(),
});
const DASHBOARD_CARDS = [
  'activeRentals',
  'availableVehicles',
  'overdueRentals',
  'unpaidInvoices',
  'depositTotal',
  'cashBox',
  'pettyCash',
  'bankAccounts',
  'operationalCharges',
  'utilisation30',
  'revenue30',
  'bookedFuture',
] as const;

export const dashboardResponse = z.object({
  today: z.string(),
  tomorrow: z.string(),
  currency: z.string(),
  region: z.string(),
  isNewCompany: z.boolean(),
  setup: z.object({ vehicles: z.number(), customers: z.boolean(), bookings: z.number() }),
  /** Cards this role may read; absent = not for this role. */
  cards: z.partialRecord(z.enum(DASHBOARD_CARDS), dashboardCard),
  trend: z
    .object({
      days: z.array(z.string()),
      bookings: z.array(z.number()),
      pickups: z.array(z.number()),
      returns: z.array(z.number()),
    })
    .nullable(),
  topVehicles: z
    .array(
      z.object({
        vehicleId: z.string(),
        label: z.string(),
        plate: z.string(),
        revenue: z.number(),
        utilisation: z.number(),
        daysOnRent: z.number(),
      }),
    )
    .nullable(),
  returnsDue: z
    .array(
      z.object({
        rentalId: z.string(),
        reference: z.string(),
        vehicle: z.string(),
        customer: z.string(),
        expectedReturnDate: z.string(),
        when: z.enum(['overdue', 'today', 'tomorrow']),
      }),
    )
    .nullable(),
  idleVehicles: z
    .array(z.object({ vehicleId: z.string(), label: z.string(), plate: z.string(), idleDays: z.number().nullable() }))
    .nullable(),
  idleThresholdDays: z.number(),
  links: z.object({ chargesLedger: z.string(), bankStatement: z.string() }),
});
export type DashboardData = z.infer<typeof dashboardResponse>;

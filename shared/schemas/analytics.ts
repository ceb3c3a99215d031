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

export type ColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date' | 'category';
export interface ReportColumn { key: string; kind: ColumnKind }
export interface ReportSeries { name: string; data: number[] }
export interface ReportChart {
  key: string;
  kind: 'bar' | 'line' | 'heatmap';
  /** x axis: dates, vehicle labels, category codes or weekday codes (see `axis`). */
  categories: string[];
  axis: 'date' | 'text' | 'category' | 'weekday';
  /** Series names are catalog keys under reports.columns / dashboard, or category codes for heat-maps. */
  series: ReportSeries[];
  unit: 'money' | 'percent' | 'count';
}
export interface ReportSummaryItem { key: string; /** null: nothing to compare with (shown as —) */ value: number | null; kind: 'money' | 'percent' | 'number'; help?: string }
export interface ReportData {
  tab: ReportTab;
  period: ReportPeriod;
  from: string;
  to: string;
  previous: { from: string; to: string };
  currency: string;
  region: string;
  summary: ReportSummaryItem[];
  charts: ReportChart[];
  columns: ReportColumn[];
  rows: Record<string, string | number | null>[];
}

export interface DashboardData {
  today: string;
  tomorrow: string;
  currency: string;
  region: string;
  isNewCompany: boolean;
  setup: { vehicles: number; customers: boolean; bookings: number };
  /** Cards this role may read; absent = not for this role. */
  cards: Partial<Record<'activeRentals' | 'availableVehicles' | 'overdueRentals' | 'unpaidInvoices' | 'depositTotal' | 'cashBox' | 'pettyCash' | 'bankAccounts' | 'operationalCharges' | 'utilisation30' | 'revenue30' | 'bookedFuture', { value: number; kind: 'money' | 'number' | 'percent'; link: string; total?: number; /** Unpaid invoices only: receivables on no invoice yet (a labelled figure, not in `value`). */ uninvoiced?: number }>>;
  trend: { days: string[]; bookings: number[]; pickups: number[]; returns: number[] } | null;
  topVehicles: { vehicleId: string; label: string; plate: string; revenue: number; utilisation: number; daysOnRent: number }[] | null;
  returnsDue: { rentalId: string; reference: string; vehicle: string; customer: string; expectedReturnDate: string; when: 'overdue' | 'today' | 'tomorrow' }[] | null;
  idleVehicles: { vehicleId: string; label: string; plate: string; idleDays: number | null }[] | null;
  idleThresholdDays: number;
  links: { chargesLedger: string; bankStatement: string };
}

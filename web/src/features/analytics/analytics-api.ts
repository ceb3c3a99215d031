/**
 * Analytics (dashboard and reports, issue 15 part A): paths, answer types (shared/schemas/analytics)
 * and the catalog area, registered here so it ships with these pages only. The dashboard
 * (features/dashboard) and the reports (features/reports) pages both read through this module.
 */
import { addArea } from '../../../../shared/i18n';
import { analytics as analyticsCatalog } from '../../../../shared/i18n/analytics';
import type { DashboardData, ReportData, ReportTab } from '../../../../shared/schemas/analytics';
import type { ReportPeriod } from '../../../../shared/analytics/kpi';
import { apiPath, apiUrl } from '../../lib/api-client';

addArea('analytics', analyticsCatalog);

export type { DashboardData, ReportData, ReportTab, ReportPeriod };
export { REPORT_TABS, REPORT_TAB_ABILITY } from '../../../../shared/schemas/analytics';
export { REPORT_PERIODS } from '../../../../shared/analytics/kpi';

export const DASHBOARD_PATH = apiPath('getDashboard');
export const reportPath = (tab: ReportTab, period: ReportPeriod) =>
  apiUrl('getReport', { params: { tab }, query: { period } });

/** Counts and percentages with Latin digits in both languages (money and dates: lib/format.ts). */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export function count(n: number): string {
  const [int, dec] = String(Math.round(n * 10) / 10).split('.');
  return `${grouped(int!)}${dec ? `.${dec}` : ''}`;
}
export const percent = (n: number) => `${n.toFixed(1)}%`;

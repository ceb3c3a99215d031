/**
 * Analytics (dashboard and reports, issue 15 part A): paths, answer types (shared/schemas/analytics)
 * and the catalog area, registered here so it ships with these pages only. The dashboard
 * (features/dashboard) and the reports (features/reports) pages both read through this module.
 */
import { addArea } from '../../../../shared/i18n';
import { analytics as analyticsCatalog } from '../../../../shared/i18n/analytics';
import type { DashboardData, ReportData, ReportTab } from '../../../../shared/schemas/analytics';
import type { ReportPeriod } from '../../../../shared/analytics/kpi';

addArea('analytics', analyticsCatalog);

export type { DashboardData, ReportData, ReportTab, ReportPeriod };
export { REPORT_TABS, REPORT_TAB_ABILITY } from '../../../../shared/schemas/analytics';
export { REPORT_PERIODS } from '../../../../shared/analytics/kpi';

export const DASHBOARD_PATH = '/api/v1/dashboard';
export const reportPath = (tab: ReportTab, period: ReportPeriod) => `/api/v1/reports/${tab}?period=${period}`;

/** Numbers with Latin digits in both languages (the app's convention for figures). */
export const count = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
export const percent = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

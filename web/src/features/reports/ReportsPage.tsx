/**
 * /reports (issue 15 part A): the four tabs for the chosen period, from
 * GET /api/v1/reports/{tab}?period= — summary (with the KPI definitions as help text), charts and
 * the table — and their CSV / PDF export with a progress indicator. Each role sees the tabs it
 * may read (STAFF: Operational KPIs; MECHANIC: Fleet Performance without money).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { ErrorPanel } from '../../components/Dialogs';
import { ListTable } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { downloadReport } from '../../lib/download';
import { useFormat } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { Chart } from '../analytics/Chart';
import {
  count,
  percent,
  REPORT_PERIODS,
  REPORT_TAB_ABILITY,
  REPORT_TABS,
  reportPath,
  type ReportData,
  type ReportPeriod,
  type ReportTab,
} from '../analytics/analytics-api';

export default function ReportsPage() {
  const t = useT();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = REPORT_TABS.filter((k) => can(REPORT_TAB_ABILITY[k]));
  const asked = params.get('tab') as ReportTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const period = (REPORT_PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as ReportPeriod)
    : '30d';
  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) n.set(k, v);
        return n;
      },
      { replace: true },
    );
  const path = reportPath(tab, period);
  const report = useSWR<ReportData>(tab ? path : null);
  return (
    <>
      <PageHeader
        title={t('analytics.reports.title')}
        subtitle={t('analytics.reports.subtitle')}
        actions={<ExportButtons path={path} disabled={!report.data} />}
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div
          role="tablist"
          aria-label={t('analytics.reports.title')}
          className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
        >
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`report-tab-${k}`}
              aria-selected={tab === k}
              aria-controls="report-panel"
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === k ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
              onClick={() => set({ tab: k })}
            >
              {t(`analytics.reports.tabs.${k}`)}
            </button>
          ))}
        </div>
        <label className="text-sm">
          <span className="me-2 text-slate-600 dark:text-slate-300">{t('analytics.reports.periodLabel')}</span>
          <select
            className="input w-auto"
            value={period}
            onChange={(e) => set({ period: e.target.value })}
            data-testid="report-period"
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`analytics.reports.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section role="tabpanel" id="report-panel" aria-labelledby={`report-tab-${tab}`}>
        {report.error && !report.data ? (
          <ErrorPanel title={t('analytics.reports.loadFailed')} onRetry={() => void report.mutate()} />
        ) : !report.data ? (
          <TableSkeleton rows={8} columns={5} />
        ) : (
          <ReportView data={report.data} />
        )}
      </section>
    </>
  );
}

function ExportButtons({ path, disabled }: { path: string; disabled: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const run = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadReport(path, format, language === 'ar' ? 'ar' : 'en');
    } catch {
      toast({ variant: 'destructive', title: t('analytics.reports.exportFailed') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || busy !== null}
          aria-busy={busy === 'csv'}
          onClick={() => void run('csv')}
        >
          {t('analytics.reports.exportCsv')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || busy !== null}
          aria-busy={busy === 'pdf'}
          onClick={() => void run('pdf')}
        >
          {t('analytics.reports.exportPdf')}
        </button>
      </div>
      {busy && (
        <div role="status" className="w-48 text-xs text-slate-600 dark:text-slate-300" data-testid="export-progress">
          {t('analytics.reports.exporting')}
          <div
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            role="progressbar"
            aria-label={t('analytics.reports.exporting')}
          >
            <div className="h-full w-1/2 animate-pulse rounded-full bg-primary" />
          </div>
        </div>
      )}
    </div>
  );
}

/** Text, category and date columns read from the start side; numbers, money and percents from the end. */
const startAligned = (kind: string) => kind === 'text' || kind === 'category' || kind === 'date';

function ReportView({ data }: { data: ReportData }) {
  const t = useT();
  const f = useFormat();
  const fmt = (v: unknown, kind: string) => {
    if (v === null || v === undefined) return '—';
    if (kind === 'money') return f.money(Number(v));
    if (kind === 'percent') return percent(Number(v));
    if (kind === 'number') return count(Number(v));
    if (kind === 'date') return f.date(String(v));
    if (kind === 'category') return t(`analytics.reports.categories.${String(v)}`);
    return String(v);
  };
  const label = (key: string) =>
    key.startsWith('cat:') ? t(`analytics.reports.categories.${key.slice(4)}`) : t(`analytics.reports.columns.${key}`);
  return (
    <div data-testid={`report-${data.tab}`}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {t(`analytics.reports.periods.${data.period}`)} ·{' '}
        {t('analytics.reports.range', { from: f.date(data.from), to: f.date(data.to) })} ·{' '}
        {t('analytics.reports.currency', { currency: data.currency })}
      </p>
      <dl className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {data.summary.map((s) => (
          <div key={s.key} className="card" data-summary={s.key}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`analytics.reports.summary.${s.key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{fmt(s.value, s.kind)}</dd>
            {s.help && (
              <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t(`analytics.kpi.${s.help}`)}</dd>
            )}
          </div>
        ))}
      </dl>
      {data.summary.some((s) => s.key === 'idleCost' && s.value === 0) && (
        <p className="mb-4 text-xs text-slate-500 dark:text-slate-400">{t('analytics.reports.idleCostHint')}</p>
      )}
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        {data.charts
          .filter((c) => c.categories.length > 0)
          .map((c) => (
            <Chart key={c.key} chart={c} />
          ))}
      </div>
      {data.rows.length === 0 ? (
        <p className="card text-sm">{t('analytics.reports.noData')}</p>
      ) : (
        <ListTable
          label={t(`analytics.reports.tabs.${data.tab}`)}
          columns={data.columns.map((c) => ({ label: label(c.key), end: !startAligned(c.kind) }))}
        >
          {data.rows.map((r, i) => (
            <tr key={i}>
              {data.columns.map((c) => (
                <td
                  key={c.key}
                  className={`whitespace-nowrap px-3 py-2 ${
                    startAligned(c.kind) ? 'text-start' : 'text-end tabular-nums'
                  }`}
                >
                  {fmt(r[c.key], c.kind)}
                </td>
              ))}
            </tr>
          ))}
        </ListTable>
      )}
    </div>
  );
}

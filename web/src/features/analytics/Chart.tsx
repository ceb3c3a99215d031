/**
 * One chart of a report or the dashboard, drawn by apexcharts — imported lazily, so the library
 * is downloaded only on the pages that show a chart (DESIGN.md §10 bundle budgets).
 */
import { lazy, Suspense } from 'react';
import type { ReportChart } from '../../../../shared/schemas/analytics';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';

const ApexChart = lazy(() => import('react-apexcharts'));

const COLORS = ['#3B82F6', '#8B5CF6', '#10B981', '#F59E0B', '#EF4444'];

export function Chart({ chart, height = 280, title }: { chart: ReportChart; height?: number; title?: string }) {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const seriesName = (name: string) =>
    chart.kind === 'heatmap'
      ? t(`analytics.reports.categories.${name}`)
      : ['bookings', 'pickups', 'returns'].includes(name)
        ? t(`analytics.dashboard.trend${name[0]!.toUpperCase()}${name.slice(1)}`)
        : t(`analytics.reports.columns.${name}`);
  const axis = (c: string) =>
    chart.axis === 'category'
      ? t(`analytics.reports.categories.${c}`)
      : chart.axis === 'weekday'
        ? t(`analytics.reports.weekdays.${c}`)
        : chart.axis === 'date'
          ? f.date(c)
          : c;
  const value = (v: number) =>
    chart.unit === 'money' ? f.money(v) : chart.unit === 'percent' ? `${v.toFixed(1)}%` : String(v);
  const label = title ?? t(`analytics.reports.charts.${chart.key}`);
  const series =
    chart.kind === 'heatmap'
      ? chart.series.map((s) => ({
          name: seriesName(s.name),
          data: s.data.map((y, i) => ({ x: axis(chart.categories[i]!), y })),
        }))
      : chart.series.map((s) => ({ name: seriesName(s.name), data: s.data }));
  return (
    <figure className="card" data-testid={`chart-${chart.key}`} data-chart-kind={chart.kind}>
      <figcaption className="mb-2 text-sm font-semibold">{label}</figcaption>
      <Suspense
        fallback={<div className="animate-pulse rounded-ui bg-slate-100 dark:bg-slate-800" style={{ height }} />}
      >
        <div dir="ltr" role="img" aria-label={label}>
          <ApexChart
            type={chart.kind}
            height={height}
            series={series}
            options={{
              chart: {
                toolbar: { show: false },
                animations: { enabled: false },
                fontFamily: 'inherit',
                zoom: { enabled: false },
              },
              colors: chart.kind === 'heatmap' ? ['#3B82F6'] : COLORS,
              dataLabels: { enabled: chart.kind === 'heatmap' },
              stroke: { width: chart.kind === 'line' ? 2 : 0, curve: 'smooth' },
              legend: {
                show: chart.series.length > 1 && chart.kind !== 'heatmap',
                position: 'top',
                horizontalAlign: language === 'ar' ? 'right' : 'left',
              },
              xaxis:
                chart.kind === 'heatmap'
                  ? {}
                  : {
                      categories: chart.categories.map(axis),
                      labels: { rotate: -45, hideOverlappingLabels: true },
                      tickAmount: Math.min(10, chart.categories.length),
                    },
              // Heat-map rows are named by category (strings): no number formatter on that axis.
              yaxis:
                chart.kind === 'heatmap'
                  ? {}
                  : {
                      labels: {
                        formatter: (v: number) =>
                          chart.unit === 'money'
                            ? f.money(v)
                            : chart.unit === 'percent'
                              ? `${Math.round(v)}%`
                              : String(Math.round(v)),
                      },
                    },
              tooltip: { y: { formatter: value } },
              plotOptions: { bar: { borderRadius: 3, columnWidth: '60%' }, heatmap: { radius: 2 } },
            }}
          />
        </div>
      </Suspense>
    </figure>
  );
}

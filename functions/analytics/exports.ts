import { toCsv } from '../../shared/csv';
import { analytics as catalog } from '../../shared/i18n/analytics';
import { formatAmount, toMinor } from '../../shared/money';
import type { RegionCode } from '../../shared/regions';
import type { ReportChart, ReportColumn, ReportData } from '../../shared/schemas/analytics';
import type { Reply } from '../lib/http';
import { readCompany } from './deps';

/**
 * Report downloads from the same model the screen reads (./reports.ts): CSV per RFC 4180 with a
 * UTF-8 BOM (shared/accounting/csv.ts) and a branded PDF (functions/lib/pdf, loaded lazily) with
 * the summary, each chart drawn as vector shapes (bars, lines, heat-map cells) and the table.
 * Words come from the analytics catalog in the requested language.
 */
type Lang = 'en' | 'ar';
type Words = (typeof catalog)['en'];

const w = (lang: Lang): Words => catalog[lang] as Words;

export function columnLabel(key: string, lang: Lang): string {
  const r = w(lang).reports;
  if (key.startsWith('cat:')) return categoryLabel(key.slice(4), lang);
  return (r.columns as Record<string, string>)[key] ?? key;
}
export const categoryLabel = (c: string, lang: Lang) => (w(lang).reports.categories as Record<string, string>)[c] ?? c;

const dayText = (d: string, lang: Lang) =>
  lang === 'ar' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d.split('-').reverse().join('/') : d;

/** One cell as text (CSV and PDF): decimals with two places for money, one for percent. */
export function cellText(value: unknown, col: ReportColumn, lang: Lang, region?: RegionCode): string {
  if (value === null || value === undefined) return '';
  if (col.kind === 'category') return categoryLabel(String(value), lang);
  if (col.kind === 'date') return dayText(String(value), lang);
  if (col.kind === 'money' && typeof value === 'number')
    return region ? formatAmount(toMinor(value), region, 'en') : value.toFixed(2);
  if (col.kind === 'percent' && typeof value === 'number') return value.toFixed(1);
  return String(value);
}

/** The CSV of a report: header labels in the language, one line per row (values as in the table). */
export function reportCsv(data: ReportData, lang: Lang): string {
  return toCsv(
    data.columns.map((c) => columnLabel(c.key, lang)),
    data.rows.map((r) =>
      data.columns.map((c) =>
        c.kind === 'money' || c.kind === 'number' || c.kind === 'percent' ? r[c.key] : cellText(r[c.key], c, lang),
      ),
    ),
    { money: data.columns.map((c) => c.kind === 'money') },
  );
}

const PALETTE: [number, number, number][] = [
  [0.23, 0.51, 0.96],
  [0.55, 0.36, 0.96],
  [0.06, 0.65, 0.45],
  [0.96, 0.62, 0.04],
  [0.94, 0.27, 0.27],
];

function seriesName(chart: ReportChart, name: string, lang: Lang): string {
  if (chart.kind === 'heatmap') return categoryLabel(name, lang);
  const d = w(lang).dashboard as Record<string, unknown>;
  if (name === 'bookings' || name === 'pickups' || name === 'returns')
    return String(d[`trend${name[0]!.toUpperCase()}${name.slice(1)}`]);
  return columnLabel(name, lang);
}

function axisLabel(chart: ReportChart, c: string, lang: Lang): string {
  if (chart.axis === 'category') return categoryLabel(c, lang);
  if (chart.axis === 'weekday') return (w(lang).reports.weekdays as Record<string, string>)[c] ?? c;
  if (chart.axis === 'date') return lang === 'ar' ? dayText(c, lang).slice(0, 5) : c.slice(5);
  return c;
}

type Writer = Awaited<ReturnType<typeof import('../lib/pdf')['createPdf']>>;

/** Draws one chart as vector shapes at the writer's position (bars, polylines or heat-map cells). */
async function drawChart(pdf: Writer, chart: ReportChart, lang: Lang) {
  const { rgb } = await import('pdf-lib');
  const title = (w(lang).reports.charts as Record<string, string>)[chart.key] ?? chart.key;
  const height = chart.kind === 'heatmap' ? 24 + chart.series.length * 16 : 150;
  pdf.ensureSpace(height + 50);
  const rtl = lang === 'ar';
  pdf.line(title, rtl ? pdf.right : pdf.left, rtl ? 'right' : 'left', {
    size: 10,
    bold: true,
    color: pdf.colors.primary,
  });
  pdf.y -= 14;
  const left = pdf.left + (chart.kind === 'heatmap' ? 70 : 36);
  const right = pdf.right - 4;
  const top = pdf.y;
  const bottom = top - height + 20;
  const page = pdf.page;
  const grey = rgb(0.8, 0.82, 0.86);
  if (chart.kind === 'heatmap') {
    const cols = chart.categories.length;
    const cw = (right - left) / Math.max(1, cols);
    chart.categories.forEach((c, i) => {
      pdf.y = top;
      pdf.line(axisLabel(chart, c, lang), left + cw * i + cw / 2, 'center', { size: 7, color: pdf.colors.muted });
    });
    chart.series.forEach((s, r) => {
      const y = top - 14 - (r + 1) * 16;
      pdf.y = y + 4;
      pdf.line(seriesName(chart, s.name, lang), left - 4, 'right', { size: 7 });
      s.data.forEach((v, i) => {
        const t = Math.max(0, Math.min(1, v / 100));
        page.drawRectangle({
          x: left + cw * i + 1,
          y,
          width: cw - 2,
          height: 14,
          color: rgb(1 - 0.77 * t, 1 - 0.49 * t, 1 - 0.04 * t),
          borderColor: grey,
          borderWidth: 0.3,
        });
        pdf.y = y + 4;
        pdf.line(v.toFixed(0), left + cw * i + cw / 2, 'center', {
          size: 6.5,
          color: t > 0.6 ? pdf.colors.white : pdf.colors.ink,
        });
      });
    });
    pdf.y = top - 14 - (chart.series.length + 1) * 16 - 12;
    return;
  }
  const values = chart.series.flatMap((s) => s.data);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const yOf = (v: number) => bottom + ((v - min) / (max - min)) * (top - bottom - 6);
  // Axes and a grid line at the top value.
  page.drawLine({ start: { x: left, y: bottom }, end: { x: right, y: bottom }, thickness: 0.6, color: grey });
  page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: top }, thickness: 0.6, color: grey });
  page.drawLine({
    start: { x: left, y: yOf(max) },
    end: { x: right, y: yOf(max) },
    thickness: 0.3,
    color: grey,
    dashArray: [2, 2],
  });
  pdf.y = yOf(max) - 3;
  pdf.line(max >= 1000 ? max.toFixed(0) : String(Math.round(max * 10) / 10), left - 3, 'right', {
    size: 6.5,
    color: pdf.colors.muted,
  });
  pdf.y = bottom - 3;
  pdf.line('0', left - 3, 'right', { size: 6.5, color: pdf.colors.muted });
  const n = Math.max(1, chart.categories.length);
  const slot = (right - left) / n;
  if (chart.kind === 'bar') {
    const sCount = chart.series.length;
    const bw = Math.max(1, (slot * 0.7) / sCount);
    chart.series.forEach((s, si) => {
      const [r, g, b] = PALETTE[si % PALETTE.length]!;
      s.data.forEach((v, i) => {
        const x = left + slot * i + slot * 0.15 + bw * si;
        page.drawRectangle({ x, y: yOf(0), width: bw, height: Math.max(0.5, yOf(v) - yOf(0)), color: rgb(r, g, b) });
      });
    });
  } else {
    chart.series.forEach((s, si) => {
      const [r, g, b] = PALETTE[si % PALETTE.length]!;
      for (let i = 1; i < s.data.length; i++) {
        page.drawLine({
          start: { x: left + slot * (i - 1) + slot / 2, y: yOf(s.data[i - 1]!) },
          end: { x: left + slot * i + slot / 2, y: yOf(s.data[i]!) },
          thickness: 1.2,
          color: rgb(r, g, b),
        });
      }
      if (s.data.length === 1)
        page.drawCircle({ x: left + slot / 2, y: yOf(s.data[0]!), size: 2, color: rgb(r, g, b) });
    });
  }
  // X labels: at most ~10, so they never overlap.
  const every = Math.max(1, Math.ceil(n / 10));
  chart.categories.forEach((c, i) => {
    if (i % every) return;
    pdf.y = bottom - 10;
    const text = axisLabel(chart, c, lang);
    pdf.line(text.length > 14 ? `${text.slice(0, 13)}…` : text, left + slot * i + slot / 2, 'center', {
      size: 6.5,
      color: pdf.colors.muted,
    });
  });
  // Legend.
  pdf.y = bottom - 22;
  let x = rtl ? right : left;
  chart.series.forEach((s, si) => {
    const [r, g, b] = PALETTE[si % PALETTE.length]!;
    const name = seriesName(chart, s.name, lang);
    const width = pdf.measure(name, { size: 7 }) + 16;
    const bx = rtl ? x - 8 : x;
    page.drawRectangle({ x: bx, y: pdf.y, width: 8, height: 6, color: rgb(r, g, b) });
    pdf.line(name, rtl ? x - 11 : x + 11, rtl ? 'right' : 'left', { size: 7 });
    x += rtl ? -width : width;
  });
  pdf.y -= 14;
}

export async function reportPdf(
  data: ReportData,
  lang: Lang,
  company: { name: string; primaryColor: string },
): Promise<Uint8Array> {
  const { createPdf } = await import('../lib/pdf');
  const words = w(lang).reports;
  const title = { en: catalog.en.reports.tabs[data.tab], ar: catalog.ar.reports.tabs[data.tab] };
  const pdf = await createPdf({
    title: `${title[lang]} — ${company.name}`,
    language: lang,
    brand: { companyName: company.name, primaryColor: company.primaryColor },
  });
  const periodName = (words.periods as Record<string, string>)[data.period];
  const periodText = `${periodName} · ${dayText(data.from, lang)} – ${dayText(data.to, lang)}`;
  await pdf.brandHeader(title, periodText);
  const region = data.region as RegionCode;
  pdf.paragraph(words.currency.replace('{{currency}}', data.currency), pdf.left, pdf.right - pdf.left, {
    size: 9,
    color: pdf.colors.muted,
    direction: lang === 'ar' ? 'rtl' : 'ltr',
  });
  // Summary: label and value pairs.
  for (const s of data.summary) {
    pdf.ensureSpace(14);
    const label = (words.summary as Record<string, string>)[s.key] ?? s.key;
    const value =
      s.value === null
        ? '-'
        : s.kind === 'money'
          ? formatAmount(toMinor(s.value), region, 'en')
          : s.kind === 'percent'
            ? `${s.value.toFixed(1)}%`
            : String(s.value);
    if (lang === 'ar') {
      pdf.line(label, pdf.right, 'right', { size: 9, color: pdf.colors.muted });
      pdf.line(value, pdf.left + 150, 'left', { size: 9, bold: true, direction: 'ltr' });
    } else {
      pdf.line(label, pdf.left, 'left', { size: 9, color: pdf.colors.muted });
      pdf.line(value, pdf.right - 150, 'right', { size: 9, bold: true, direction: 'ltr' });
    }
    pdf.y -= 13;
  }
  pdf.y -= 8;
  for (const chart of data.charts) if (chart.categories.length) await drawChart(pdf, chart, lang);
  pdf.ensureSpace(60);
  // The per-category revenue columns stay in the CSV; on paper they are the 'by category' chart.
  const columns = data.columns.filter((c) => !c.key.startsWith('cat:'));
  pdf.table(
    columns.map((c) => ({
      header: columnLabel(c.key, lang),
      align: c.kind === 'text' || c.kind === 'category' || c.kind === 'date' ? ('start' as const) : ('end' as const),
      width: c.kind === 'text' ? 1.8 : 1,
    })),
    data.rows.map((r) => columns.map((c) => cellText(r[c.key], c, lang, region))),
    { size: columns.length > 8 ? 7 : 8 },
  );
  return pdf.save();
}

export async function exportReport(
  tenantId: string,
  data: ReportData,
  format: 'csv' | 'pdf',
  lang: Lang,
): Promise<Reply> {
  const file = `${data.tab}-${data.period}-${lang}`;
  if (format === 'csv') {
    return {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file}.csv"`,
      },
      body: Buffer.from(reportCsv(data, lang), 'utf8'),
    };
  }
  const company = await readCompany(tenantId);
  const bytes = await reportPdf(data, lang, company);
  return {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file}.pdf"` },
    body: Buffer.from(bytes),
  };
}

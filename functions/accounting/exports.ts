import { toCsv } from '../../shared/csv';
import { accountingReports as catalog } from '../../shared/i18n/accounting-reports';
import { formatAmount, toMinor } from '../../shared/money';
import { getRegionConfig, type RegionCode } from '../../shared/regions';
import { badRequest } from '../lib/errors';
import type { Reply } from '../lib/http';
import { readCompany } from './deps';

/**
 * Report downloads from the same JSON the screens read: one table model per report, written as
 * CSV (RFC 4180, UTF-8 with BOM; shared/accounting/csv.ts) or as a PDF with the company's
 * branding (functions/lib/pdf, loaded lazily so pdf-lib stays out of the cold start). Words come
 * from the accounting catalog's reports part in the requested language (not the whole catalog:
 * the screens' words stay out of the Lambdas); PDF tables flip for Arabic.
 */
type Row = Record<string, unknown>;
type Data = Record<string, unknown>;
type Lang = 'en' | 'ar';
export type ReportName = 'trial-balance' | 'general-ledger' | 'balance-sheet' | 'profit-loss' | 'vat-report';

interface Column {
  label: string;
  amount?: boolean;
}
/** A row of cells; `kind` marks section headings and totals (bold in the PDF). */
interface TableRow {
  cells: unknown[];
  kind?: 'section' | 'total';
}
interface ReportTable {
  title: { en: string; ar: string };
  subtitle: string;
  columns: Column[];
  rows: TableRow[];
}

const TITLE_KEYS: Record<ReportName, keyof typeof catalog.en.reports> = {
  'trial-balance': 'trialBalance',
  'general-ledger': 'generalLedger',
  'balance-sheet': 'balanceSheet',
  'profit-loss': 'profitLoss',
  'vat-report': 'vatReport',
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

/** The table of one report in one language. Exported for tests. */
export function reportTable(name: ReportName, data: Data, lang: Lang): ReportTable {
  const w = catalog[lang].reports;
  const types = catalog[lang].accountType as Record<string, string>;
  const nm = (r: Row) => (lang === 'ar' ? (r.nameAr as string) || (r.name as string) : (r.name as string));
  const title = { en: catalog.en.reports[TITLE_KEYS[name]], ar: catalog.ar.reports[TITLE_KEYS[name]] };
  // Arabic lines read right to left: an ISO date among Arabic words would be split at its hyphens
  // by the bidi algorithm, so Arabic documents write dates as the screens do (23/11/2026).
  const day = (d: unknown) =>
    lang === 'ar' && typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)
      ? d.split('-').reverse().join('/')
      : String(d);
  const period = (from: unknown, to: unknown) => fill(w.period, { from: day(from), to: day(to) });
  switch (name) {
    case 'trial-balance': {
      const totals = data.totals as Row;
      return {
        title,
        subtitle: fill(w.asOf, { date: day(data.asOf) }),
        columns: [
          { label: w.code },
          { label: w.account },
          { label: w.type },
          { label: w.debit, amount: true },
          { label: w.credit, amount: true },
        ],
        rows: [
          ...(data.items as Row[]).map((r) => ({
            cells: [r.code, nm(r), types[r.type as string] ?? r.type, r.debit, r.credit],
          })),
          { cells: ['', w.total, '', totals.debit, totals.credit], kind: 'total' as const },
        ],
      };
    }
    case 'general-ledger': {
      const account = data.account as Row;
      return {
        title,
        subtitle: `${account.code} ${nm(account)} · ${period(data.from, data.to)}`,
        columns: [
          { label: w.date },
          { label: w.entryNumber },
          { label: w.description },
          { label: w.source },
          { label: w.debit, amount: true },
          { label: w.credit, amount: true },
          { label: w.balance, amount: true },
        ],
        rows: [
          { cells: ['', '', w.opening, '', '', '', data.opening], kind: 'total' },
          ...(data.items as Row[]).map((l) => ({
            cells: [l.date, l.entryNumber, l.description, l.source, l.debit, l.credit, l.balance],
          })),
          { cells: ['', '', w.closing, '', data.totalDebit, data.totalCredit, data.closing], kind: 'total' },
        ],
      };
    }
    case 'balance-sheet': {
      const section = (heading: string, totalLabel: string, s: Row): TableRow[] => [
        { cells: [heading, '', ''], kind: 'section' },
        ...(s.rows as Row[]).map((r) => ({ cells: [r.code, nm(r), r.amount] })),
        { cells: ['', totalLabel, s.total], kind: 'total' },
      ];
      return {
        title,
        subtitle: fill(w.asOf, { date: day(data.asOf) }),
        columns: [{ label: w.code }, { label: w.account }, { label: w.amount, amount: true }],
        rows: [
          ...section(w.assets, w.totalAssets, data.assets as Row),
          ...section(w.liabilities, w.totalLiabilities, data.liabilities as Row),
          ...section(w.equity, w.totalEquity, data.equity as Row),
          { cells: ['', w.currentEarnings, data.currentEarnings] },
          { cells: ['', w.totalLiabilitiesAndEquity, data.totalLiabilitiesAndEquity], kind: 'total' },
        ],
      };
    }
    case 'profit-loss': {
      const section = (heading: string, totalLabel: string, s: Row): TableRow[] => [
        { cells: [heading, '', '', ''], kind: 'section' },
        ...(s.rows as Row[]).map((r) => ({ cells: [r.code, nm(r), r.amount, r.previous] })),
        { cells: ['', totalLabel, s.total, s.previous], kind: 'total' },
      ];
      return {
        title,
        subtitle: period(data.from, data.to),
        columns: [
          { label: w.code },
          { label: w.account },
          { label: `${w.thisPeriod} (${period(data.from, data.to)})`, amount: true },
          { label: `${w.previousPeriod} (${period(data.previousFrom, data.previousTo)})`, amount: true },
        ],
        rows: [
          ...section(w.income, w.totalIncome, data.income as Row),
          ...section(w.expenses, w.totalExpenses, data.expenses as Row),
          { cells: ['', w.netIncome, data.netIncome, data.previousNetIncome], kind: 'total' },
        ],
      };
    }
    case 'vat-report': {
      return {
        title,
        subtitle: `${lang === 'ar' ? data.titleAr : data.title} · ${period(data.from, data.to)}`,
        columns: [
          { label: w.box },
          { label: w.description },
          { label: w.amount, amount: true },
          { label: w.vat, amount: true },
        ],
        rows: [
          ...(data.boxes as Row[]).map((b) => ({
            cells: [b.box, lang === 'ar' ? b.labelAr : b.label, b.amount, b.vat],
          })),
          { cells: ['', w.netPayable, '', data.netPayable], kind: 'total' },
        ],
      };
    }
    default:
      throw badRequest('This report has no export');
  }
}

/** Amount columns a fixed share; the widest text column (account, description) gets the most room. */
function columnShare(table: ReportTable, i: number): number {
  const c = table.columns[i];
  if (c.amount) return 1.3;
  const longest = Math.max(...table.rows.map((r) => String(r.cells[i] ?? '').length), c.label.length);
  return Math.min(4, Math.max(0.8, longest / 10));
}

async function renderPdf(
  table: ReportTable,
  lang: Lang,
  region: RegionCode,
  company: { name: string; primaryColor: string },
  details: { en: string; ar: string; value: string }[] = [],
): Promise<Uint8Array> {
  const { createPdf } = await import('../lib/pdf');
  const pdf = await createPdf({
    title: `${table.title[lang]} — ${company.name}`,
    language: lang,
    brand: { companyName: company.name, primaryColor: company.primaryColor },
  });
  await pdf.brandHeader(table.title, table.subtitle);
  const w = catalog[lang].reports;
  // What the document is about (a bank statement's bank, account name and IBAN), below the header.
  for (const d of details) pdf.row(d.en, d.ar, d.value);
  if (details.length) pdf.y -= 6;
  pdf.paragraph(fill(w.currency, { currency: getRegionConfig(region).currency }), pdf.left, pdf.right - pdf.left, {
    size: 9,
    color: pdf.colors.muted,
    direction: lang === 'ar' ? 'rtl' : 'ltr',
  });
  // Amounts read left to right in both languages (Latin digits, region grouping).
  const cell = (c: unknown, amount?: boolean) =>
    c === null || c === undefined || c === ''
      ? ''
      : amount && typeof c === 'number'
        ? formatAmount(toMinor(c), region, 'en')
        : String(c);
  pdf.table(
    table.columns.map((c, i) => ({
      header: c.label,
      align: c.amount ? ('end' as const) : ('start' as const),
      width: columnShare(table, i),
    })),
    table.rows.map((r) => r.cells.map((c, i) => cell(c, table.columns[i]?.amount))),
    { size: 8.5 },
  );
  return pdf.save();
}

/** `opts` lets another domain name its document (finance: a bank account statement is the GL of the bank's account). */
export async function exportReport(
  tenantId: string,
  name: ReportName,
  data: unknown,
  format: 'csv' | 'pdf',
  lang: Lang,
  opts: {
    title?: { en: string; ar: string };
    file?: string;
    details?: { en: string; ar: string; value: string }[];
  } = {},
): Promise<Reply> {
  const table = reportTable(name, data as Data, lang);
  if (opts.title) table.title = opts.title;
  const file = `${opts.file ?? name}-${lang}`;
  if (format === 'csv') {
    return {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file}.csv"`,
      },
      body: Buffer.from(
        toCsv(
          table.columns.map((c) => c.label),
          table.rows.map((r) => r.cells),
          { money: table.columns.map((c) => !!c.amount) },
        ),
        'utf8',
      ),
    };
  }
  const company = await readCompany(tenantId);
  const bytes = await renderPdf(table, lang, company.region, company, opts.details);
  return {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file}.pdf"` },
    body: Buffer.from(bytes),
  };
}

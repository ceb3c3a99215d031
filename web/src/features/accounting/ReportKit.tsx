/**
 * What every accounting report page shares: the date/period bar, CSV and PDF downloads, the
 * loading/error/empty states around a report, amount cells (in the company's currency; the
 * table itself follows the page direction, so it reads right-to-left in Arabic), and the links
 * between the reports.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { ErrorPanel } from '../../components/Dialogs';
import { ListTable } from '../../components/ListKit';
import { TableSkeleton } from '../../components/Skeletons';
import { useLanguage, useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { downloadReport } from './accounting-api';
import { apiPath } from '../../lib/api-client';

export const REPORT_LINKS = [
  ['chartOfAccounts', '/dashboard/accounting/chart-of-accounts'],
  ['journalEntries', '/dashboard/accounting/journal-entries'],
  ['journalEntryNew', '/dashboard/accounting/journal-entries/new'],
  ['trialBalance', '/dashboard/accounting/trial-balance'],
  ['generalLedger', '/dashboard/accounting/general-ledger'],
  ['balanceSheet', '/dashboard/accounting/balance-sheet'],
  ['profitLoss', '/dashboard/accounting/profit-loss'],
  ['vatReport', '/dashboard/accounting/vat-report'],
  ['testAccounts', '/dashboard/test-accounts'],
] as const;

/** The report pages as a row of links (current one marked). */
export function ReportLinks({ current }: { current?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('accounting.ui.reportsTitle')} className="mb-4 flex flex-wrap gap-2 text-sm">
      <Link to="/dashboard/accounting" className="link">
        {t('shell.pages.accounting')}
      </Link>
      {REPORT_LINKS.filter(([key]) => key !== 'journalEntryNew').map(([key, to]) => (
        <Link
          key={key}
          to={to}
          className={key === current ? 'font-semibold' : 'link'}
          aria-current={key === current ? 'page' : undefined}
        >
          {t(`shell.pages.${key}`)}
        </Link>
      ))}
    </nav>
  );
}

/** A labelled calendar-date input for the report bars. */
export function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label htmlFor={id} className="flex flex-col text-sm">
      <span className="mb-1 font-medium">{label}</span>
      <input
        id={id}
        name={id}
        type="date"
        className="field-input"
        value={value}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </label>
  );
}

/** CSV and PDF downloads of a report path (its query without format/lang), in the reader's language. */
export function DownloadButtons({ path, disabled = false }: { path: string; disabled?: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const run = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadReport(path, format, language === 'ar' ? 'ar' : 'en');
    } catch (error) {
      toastApiError(t('accounting.ui.downloadFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || busy !== null}
        aria-busy={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        {t('accounting.ui.downloadCsv')}
      </button>
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || busy !== null}
        aria-busy={busy === 'pdf'}
        onClick={() => void run('pdf')}
      >
        {t('accounting.ui.downloadPdf')}
      </button>
    </div>
  );
}

/** Reads a report (null path: nothing to read yet) and shows skeleton / error / the report. */
export function useReport<T>(path: string | null) {
  return useSWR<T>(path);
}

export function ReportState<T>({
  report,
  children,
}: {
  report: { data?: T; error?: unknown; mutate: () => Promise<unknown> };
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (report.error && !report.data)
    return <ErrorPanel title={t('accounting.ui.loadFailed')} onRetry={() => void report.mutate()} />;
  if (!report.data) return <TableSkeleton rows={8} columns={4} />;
  return <>{children(report.data)}</>;
}

/** An amount cell: right-aligned in English, left-aligned in Arabic (the end side), tabular figures. */
export function Amount({ value, strong = false }: { value: number | null | undefined; strong?: boolean }) {
  const f = useFormat();
  return (
    <td className={`px-3 py-2 text-end tabular-nums whitespace-nowrap ${strong ? 'font-semibold' : ''}`}>
      {value === 0 || value ? f.money(value) : ''}
    </td>
  );
}

export function Cell({
  children,
  strong = false,
  className = '',
}: {
  children?: ReactNode;
  strong?: boolean;
  className?: string;
}) {
  return <td className={`px-3 py-2 ${strong ? 'font-semibold' : ''} ${className}`}>{children}</td>;
}

/** A report table: header cells, amount columns at the end side. */
export function ReportTable({
  columns,
  amountColumns,
  children,
  label,
}: {
  columns: string[];
  amountColumns: number;
  children: ReactNode;
  label: string;
}) {
  const columnList = columns.map((c, i) => ({ label: c, end: i >= columns.length - amountColumns }));
  return (
    <ListTable columns={columnList} label={label}>
      {children}
    </ListTable>
  );
}

/** The localized name of an account row. */
export function useAccountName() {
  const { language } = useLanguage();
  return (r: { name: string; nameAr?: string | null }) => (language === 'ar' && r.nameAr ? r.nameAr : r.name);
}

/** The chart of accounts (tree order by code), for pickers and the tree page. */
export function useAccounts() {
  return useSWR<{ items: import('./accounting-api').AccountApi[] }>(apiPath('listAccounts'));
}

/** A picker of the accounts that take postings (active, not groups). */
export function AccountSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  accounts,
  required = false,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  allLabel: string;
  accounts: import('./accounting-api').AccountApi[];
  required?: boolean;
  className?: string;
}) {
  const name = useAccountName();
  return (
    <label htmlFor={id} className={`flex flex-col text-sm ${className}`}>
      <span className="mb-1 font-medium">{label}</span>
      <select
        id={id}
        name={id}
        className="field-input"
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{allLabel}</option>
        {accounts
          .filter((a) => !a.isGroup && (a.isActive || a.id === value))
          .map((a) => (
            <option key={a.id} value={a.id}>
              {a.code} · {name(a)}
            </option>
          ))}
      </select>
    </label>
  );
}

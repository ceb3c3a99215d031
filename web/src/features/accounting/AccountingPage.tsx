/**
 * /dashboard/accounting: the books at a glance (cash, bank, receivables, deposits held, VAT
 * payable, this month's income and expenses) and links to every report.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { BooksSettings } from './BooksSettings';
import { REPORT_LINKS, ReportState, useReport } from './ReportKit';
import { apiPath } from '../../lib/api-client';

interface Summary {
  asOf: string;
  cash: number;
  bank: number;
  receivables: number;
  depositsHeld: number;
  vatPayable: number;
  monthIncome: number;
  monthExpenses: number;
  lockDate: string | null;
  vatFiledThrough: string | null;
}

const FIGURES = ['cash', 'bank', 'receivables', 'depositsHeld', 'vatPayable', 'monthIncome', 'monthExpenses'] as const;

export default function AccountingPage() {
  const t = useT();
  const f = useFormat();
  const report = useReport<Summary>(apiPath('accountingSummary'));
  return (
    <div>
      <PageHeader
        title={t('shell.pages.accounting')}
        subtitle={report.data ? t('accounting.ui.summarySubtitle', { date: f.date(report.data.asOf) }) : undefined}
      />
      <ReportState report={report}>
        {(s) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FIGURES.map((key) => (
                <div key={key} className="card" data-testid={`figure-${key}`}>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{t(`accounting.ui.${key}`)}</p>
                  <p className="mt-1 text-xl font-semibold tabular-nums">{f.money(s[key])}</p>
                </div>
              ))}
            </div>
            {(s.lockDate || s.vatFiledThrough) && (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                {s.lockDate && t('accounting.ui.lockDate', { date: f.date(s.lockDate) })}
                {s.lockDate && s.vatFiledThrough && ' · '}
                {s.vatFiledThrough && t('accounting.ui.vatFiled', { date: f.date(s.vatFiledThrough) })}
              </p>
            )}
          </>
        )}
      </ReportState>
      <h2 className="mb-3 mt-8 text-lg font-semibold">{t('accounting.ui.reportsTitle')}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {REPORT_LINKS.map(([key, to]) => (
          <li key={key}>
            <Link to={to} className="card block font-medium hover:border-primary">
              {t(`shell.pages.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <BooksSettings />
    </div>
  );
}

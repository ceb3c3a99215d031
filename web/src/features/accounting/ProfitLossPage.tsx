/** /dashboard/accounting/profit-loss: income and expenses of a period beside the previous period of the same length. */
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { monthStart, useToday, withQuery } from './accounting-api';
import {
  Amount,
  Cell,
  DateField,
  DownloadButtons,
  ReportLinks,
  ReportState,
  ReportTable,
  useReport,
} from './ReportKit';
import { StatementSection, type StatementRow } from './StatementRows';
import { apiPath } from '../../lib/api-client';

interface Section {
  rows: StatementRow[];
  total: number;
  previous: number;
}
interface ProfitLoss {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  income: Section;
  expenses: Section;
  netIncome: number;
  previousNetIncome: number;
}

export default function ProfitLossPage() {
  const t = useT();
  const f = useFormat();
  const today = useToday();
  const [pickedFrom, setFrom] = useState('');
  const [pickedTo, setTo] = useState('');
  const from = pickedFrom || monthStart(today);
  const to = pickedTo || today;
  const path = withQuery(apiPath('profitLoss'), { from, to });
  const report = useReport<ProfitLoss>(to >= from ? path : null);
  const r = (k: string) => t(`accounting.reports.${k}`);
  return (
    <div>
      <PageHeader
        title={t('shell.pages.profitLoss')}
        actions={<DownloadButtons path={path} disabled={!report.data} />}
      />
      <ReportLinks current="profitLoss" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DateField id="pl-from" label={t('accounting.ui.fromLabel')} value={from} onChange={setFrom} />
        <DateField id="pl-to" label={t('accounting.ui.toLabel')} value={to} onChange={setTo} />
      </div>
      <ReportState report={report}>
        {(pl) => (
          <ReportTable
            label={t('shell.pages.profitLoss')}
            amountColumns={2}
            columns={[
              r('code'),
              r('account'),
              `${r('thisPeriod')} (${f.date(pl.from)} – ${f.date(pl.to)})`,
              `${r('previousPeriod')} (${f.date(pl.previousFrom)} – ${f.date(pl.previousTo)})`,
            ]}
          >
            <StatementSection
              withPrevious
              heading={r('income')}
              totalLabel={r('totalIncome')}
              rows={pl.income.rows}
              total={pl.income.total}
              previousTotal={pl.income.previous}
            />
            <StatementSection
              withPrevious
              heading={r('expenses')}
              totalLabel={r('totalExpenses')}
              rows={pl.expenses.rows}
              total={pl.expenses.total}
              previousTotal={pl.expenses.previous}
            />
            <tr className="bg-slate-50 dark:bg-slate-900">
              <Cell />
              <Cell strong>{r('netIncome')}</Cell>
              <Amount value={pl.netIncome} strong />
              <Amount value={pl.previousNetIncome} strong />
            </tr>
          </ReportTable>
        )}
      </ReportState>
    </div>
  );
}

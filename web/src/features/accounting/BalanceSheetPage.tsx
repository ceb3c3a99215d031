/** /dashboard/accounting/balance-sheet: assets = liabilities + equity as of a date (current earnings computed live). */
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useToday, withQuery } from './accounting-api';
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
}
interface BalanceSheet {
  asOf: string;
  assets: Section;
  liabilities: Section;
  equity: Section;
  currentEarnings: number;
  totalEquity: number;
  totalLiabilitiesAndEquity: number;
  balanced: boolean;
}

export default function BalanceSheetPage() {
  const t = useT();
  const today = useToday();
  const [picked, setAsOf] = useState('');
  const asOf = picked || today;
  const path = withQuery(apiPath('balanceSheet'), { asOf });
  const report = useReport<BalanceSheet>(path);
  const r = (k: string) => t(`accounting.reports.${k}`);
  return (
    <div>
      <PageHeader
        title={t('shell.pages.balanceSheet')}
        actions={<DownloadButtons path={path} disabled={!report.data} />}
      />
      <ReportLinks current="balanceSheet" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DateField id="bs-as-of" label={t('accounting.ui.asOfLabel')} value={asOf} onChange={setAsOf} />
      </div>
      <ReportState report={report}>
        {(bs) => (
          <>
            <div className="mb-2">
              <StatusPill
                status={bs.balanced ? 'balanced' : 'unbalanced'}
                label={t(bs.balanced ? 'accounting.ui.balanced' : 'accounting.ui.notBalanced')}
                tone={bs.balanced ? 'green' : 'red'}
                testId="bs-status"
              />
            </div>
            <ReportTable
              label={t('shell.pages.balanceSheet')}
              columns={[r('code'), r('account'), r('amount')]}
              amountColumns={1}
            >
              <StatementSection
                heading={r('assets')}
                totalLabel={r('totalAssets')}
                rows={bs.assets.rows}
                total={bs.assets.total}
              />
              <StatementSection
                heading={r('liabilities')}
                totalLabel={r('totalLiabilities')}
                rows={bs.liabilities.rows}
                total={bs.liabilities.total}
              />
              <StatementSection
                heading={r('equity')}
                totalLabel={r('totalEquity')}
                rows={bs.equity.rows}
                total={bs.equity.total}
              />
              <tr>
                <Cell />
                <Cell>{r('currentEarnings')}</Cell>
                <Amount value={bs.currentEarnings} />
              </tr>
              <tr className="bg-slate-50 dark:bg-slate-900">
                <Cell />
                <Cell strong>{r('totalLiabilitiesAndEquity')}</Cell>
                <Amount value={bs.totalLiabilitiesAndEquity} strong />
              </tr>
            </ReportTable>
          </>
        )}
      </ReportState>
    </div>
  );
}

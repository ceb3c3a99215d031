/** /dashboard/accounting/trial-balance: every account's debit or credit balance as of a date; nets to zero. */
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
  useAccountName,
  useReport,
} from './ReportKit';
import { apiPath } from '../../lib/api-client';

interface TrialBalance {
  asOf: string;
  items: {
    accountId: string;
    code: string;
    name: string;
    nameAr: string;
    type: string;
    debit: number;
    credit: number;
  }[];
  totals: { debit: number; credit: number };
}

export default function TrialBalancePage() {
  const t = useT();
  const name = useAccountName();
  const today = useToday();
  // Empty until the user picks a date: the default follows the company's calendar once its settings load.
  const [picked, setAsOf] = useState('');
  const asOf = picked || today;
  const path = withQuery(apiPath('trialBalance'), { asOf });
  const report = useReport<TrialBalance>(path);
  return (
    <div>
      <PageHeader
        title={t('shell.pages.trialBalance')}
        actions={<DownloadButtons path={path} disabled={!report.data} />}
      />
      <ReportLinks current="trialBalance" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DateField id="tb-as-of" label={t('accounting.ui.asOfLabel')} value={asOf} onChange={setAsOf} />
      </div>
      <ReportState report={report}>
        {(tb) => (
          <>
            <div className="mb-2">
              {tb.totals.debit === tb.totals.credit ? (
                <StatusPill status="balanced" label={t('accounting.ui.balanced')} tone="green" testId="tb-status" />
              ) : (
                <StatusPill status="unbalanced" label={t('accounting.ui.notBalanced')} tone="red" testId="tb-status" />
              )}
            </div>
            {tb.items.length === 0 ? (
              <p className="card">{t('accounting.ui.nothingInPeriod')}</p>
            ) : (
              <ReportTable
                label={t('shell.pages.trialBalance')}
                columns={[
                  t('accounting.reports.code'),
                  t('accounting.reports.account'),
                  t('accounting.reports.type'),
                  t('accounting.reports.debit'),
                  t('accounting.reports.credit'),
                ]}
                amountColumns={2}
              >
                {tb.items.map((r) => (
                  <tr key={r.accountId}>
                    <Cell className="tabular-nums">{r.code}</Cell>
                    <Cell>{name(r)}</Cell>
                    <Cell>{t(`accounting.accountType.${r.type}`)}</Cell>
                    <Amount value={r.debit || null} />
                    <Amount value={r.credit || null} />
                  </tr>
                ))}
                <tr className="bg-slate-50 dark:bg-slate-900">
                  <Cell />
                  <Cell strong>{t('accounting.reports.total')}</Cell>
                  <Cell />
                  <Amount value={tb.totals.debit} strong />
                  <Amount value={tb.totals.credit} strong />
                </tr>
              </ReportTable>
            )}
          </>
        )}
      </ReportState>
    </div>
  );
}

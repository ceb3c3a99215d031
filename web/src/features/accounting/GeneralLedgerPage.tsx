/**
 * /dashboard/accounting/general-ledger: one account for a period: opening balance, its lines with
 * the running balance, closing balance. `?accountId=` preselects the account (links from the
 * trial balance and the chart).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { api } from '../../lib/api';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { monthStart, useToday, withQuery } from './accounting-api';
import {
  AccountSelect,
  Amount,
  Cell,
  DateField,
  DownloadButtons,
  ReportLinks,
  ReportState,
  ReportTable,
  useAccountName,
  useAccounts,
  useReport,
} from './ReportKit';
import { apiPath } from '../../lib/api-client';
import { ExportTaskButton } from './AccountingTasks';

interface LedgerLine {
  entryId: string;
  entryNumber: string;
  date: string;
  description: string;
  source: string;
  sourceId: string | null;
  debit: number;
  credit: number;
  balance: number;
}
interface Ledger {
  account: { id: string; code: string; name: string; nameAr: string; type: string };
  from: string;
  to: string;
  opening: number;
  totalDebit: number;
  totalCredit: number;
  closing: number;
  items: LedgerLine[];
  nextCursor: string | null;
}

const PAGE = 200;

export default function GeneralLedgerPage() {
  const t = useT();
  const f = useFormat();
  const name = useAccountName();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const [pickedFrom, setFrom] = useState(params.get('from') ?? '');
  const [pickedTo, setTo] = useState(params.get('to') ?? '');
  const from = pickedFrom || monthStart(today);
  const to = pickedTo || today;
  const accounts = useAccounts();
  const base = withQuery(apiPath('generalLedger'), { accountId, from, to });
  const report = useReport<Ledger>(accountId && to >= from ? `${base}&limit=${PAGE}` : null);
  const [more, setMore] = useState<{ key: string; items: LedgerLine[]; cursor: string | null } | null>(null);
  const extra = more?.key === base ? more : null;
  const cursor = extra ? extra.cursor : (report.data?.nextCursor ?? null);
  const [loading, setLoading] = useState(false);

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await api.get<Ledger>(`${base}&limit=${PAGE}&cursor=${encodeURIComponent(cursor)}`);
      setMore({ key: base, items: [...(extra?.items ?? []), ...page.items], cursor: page.nextCursor });
    } catch (error) {
      toastApiError(t('accounting.ui.loadFailed'), error);
    } finally {
      setLoading(false);
    }
  };
  const r = (k: string) => t(`accounting.reports.${k}`);
  return (
    <div>
      <PageHeader
        title={t('shell.pages.generalLedger')}
        actions={
          // CSV/PDF of the screen's period (capped at 20,000 lines), and the export of any length (a task).
          <div className="flex flex-wrap items-start gap-2">
            <DownloadButtons path={base} disabled={!report.data} />
            <ExportTaskButton body={{ report: 'general-ledger', accountId, from, to }} disabled={!report.data} />
          </div>
        }
      />
      <ReportLinks current="generalLedger" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <AccountSelect
          id="gl-account"
          label={t('accounting.ui.accountLabel')}
          allLabel={t('accounting.ui.chooseAccount')}
          accounts={accounts.data?.items ?? []}
          value={accountId}
          onChange={(v) =>
            setParams(
              (p) => {
                const n = new URLSearchParams(p);
                if (v) n.set('accountId', v);
                else n.delete('accountId');
                return n;
              },
              { replace: true },
            )
          }
          className="min-w-64"
        />
        <DateField id="gl-from" label={t('accounting.ui.fromLabel')} value={from} onChange={setFrom} />
        <DateField id="gl-to" label={t('accounting.ui.toLabel')} value={to} onChange={setTo} />
      </div>
      {!accountId ? (
        <p className="card">{t('accounting.ui.ledger.pick')}</p>
      ) : (
        <ReportState report={report}>
          {(gl) => {
            const lines = [...gl.items, ...(extra?.items ?? [])];
            return (
              <>
                <h2 className="mb-2 font-semibold">
                  {gl.account.code} · {name(gl.account)}
                </h2>
                <ReportTable
                  label={t('shell.pages.generalLedger')}
                  columns={[
                    r('date'),
                    r('entryNumber'),
                    r('description'),
                    r('source'),
                    r('debit'),
                    r('credit'),
                    t('accounting.ui.ledger.running'),
                  ]}
                  amountColumns={3}
                >
                  <tr className="bg-slate-50 dark:bg-slate-900">
                    <Cell />
                    <Cell />
                    <Cell strong>{r('opening')}</Cell>
                    <Cell />
                    <Cell />
                    <Cell />
                    <Amount value={gl.opening} strong />
                  </tr>
                  {lines.map((l, i) => (
                    <tr key={`${l.entryId}-${i}`} data-entry={l.entryNumber}>
                      <Cell className="whitespace-nowrap">{f.date(l.date)}</Cell>
                      <Cell>
                        <Link
                          className="link"
                          to={`/dashboard/accounting/journal-entries?entry=${encodeURIComponent(l.entryId)}`}
                        >
                          {l.entryNumber}
                        </Link>
                      </Cell>
                      <Cell>{l.description}</Cell>
                      <Cell>{t(`accounting.ui.source.${l.source}`)}</Cell>
                      <Amount value={l.debit || null} />
                      <Amount value={l.credit || null} />
                      <Amount value={l.balance} />
                    </tr>
                  ))}
                  {lines.length === 0 && (
                    <tr>
                      <td colSpan={7} className="px-3 py-4 text-center text-slate-600 dark:text-slate-300">
                        {t('accounting.ui.nothingInPeriod')}
                      </td>
                    </tr>
                  )}
                  <tr className="bg-slate-50 dark:bg-slate-900">
                    <Cell />
                    <Cell />
                    <Cell strong>{r('closing')}</Cell>
                    <Cell />
                    <Amount value={gl.totalDebit} strong />
                    <Amount value={gl.totalCredit} strong />
                    <Amount value={gl.closing} strong />
                  </tr>
                </ReportTable>
                {cursor && (
                  <div className="mt-4 flex justify-center">
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => void loadMore()}
                      disabled={loading}
                      aria-busy={loading}
                    >
                      {t('accounting.ui.journal.loadMore')}
                    </button>
                  </div>
                )}
              </>
            );
          }}
        </ReportState>
      )}
    </div>
  );
}

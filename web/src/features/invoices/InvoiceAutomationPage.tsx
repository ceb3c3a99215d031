/**
 * /dashboard/invoice-automation (issue 10): the scheduled invoicing job's runs (started,
 * finished, invoices created with links, failures with the rental linked), "Run now" (OWNER /
 * ADMIN), and the rentals invoiced automatically with their next period and when it is invoiced.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { EmptyList, ListState, ListTable, LoadMoreButton, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError, translateMessage } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import {
  INVOICING_RUNS_PATH,
  INVOICING_SCHEDULE_PATH,
  runInvoicingNow,
  type InvoicingRun,
  type InvoicingScheduleItem,
} from './automation-api';

export default function InvoiceAutomationPage() {
  const t = useT();
  const f = useFormat();
  const u = (k: string, p?: Record<string, string | number>) => t(`finance.automation.${k}`, p);
  const canRun = useCan('financeEdit');
  const invalidate = useInvalidate();
  const runs = useCursorList<InvoicingRun>('listInvoicingRuns', {}, { limit: 10 });
  const schedule = itemsState(useSWR<{ items: InvoicingScheduleItem[] }>(INVOICING_SCHEDULE_PATH));
  const [running, setRunning] = useState(false);

  const runNow = async () => {
    setRunning(true);
    try {
      const run = await runInvoicingNow();
      toast({ variant: 'success', title: u('runDone', { count: run.invoicesCreated }) });
      await invalidate(INVOICING_RUNS_PATH, INVOICING_SCHEDULE_PATH, 'listInvoices');
    } catch (error) {
      toastApiError(u('runFailed'), error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div>
      <PageHeader
        title={t('shell.pages.invoiceAutomation')}
        subtitle={u('subtitle')}
        actions={
          canRun && (
            <button type="button" className="btn-primary" disabled={running} onClick={() => void runNow()}>
              {running ? u('running') : u('runNow')}
            </button>
          )
        }
      />

      <h2 className="mb-2 mt-2 text-lg font-semibold">{u('runsTitle')}</h2>
      <ListState
        list={runs}
        errorTitle={u('loadFailed')}
        empty={<EmptyState title={u('runsEmpty')} body={u('runsEmptyBody')} />}
      >
        <ListTable
          columns={[
            u('started'),
            u('finished'),
            u('trigger'),
            u('rentalsChecked'),
            u('invoicesCreated'),
            u('failures'),
          ]}
        >
          {runs.items.map((run) => (
            <RunRows key={run.runId} run={run} />
          ))}
        </ListTable>
        <LoadMoreButton list={runs} label={u('loadMore')} />
      </ListState>

      <h2 className="mb-2 mt-8 text-lg font-semibold">{u('scheduleTitle')}</h2>
      <ListState
        list={schedule}
        errorTitle={u('loadFailed')}
        empty={<EmptyState title={u('scheduleEmpty')} body={u('scheduleEmptyBody')} />}
      >
        <ListTable
          columns={[u('rental'), u('customer'), u('frequency'), u('nextPeriod'), u('nextInvoiceAt'), u('lastInvoiced')]}
        >
          {schedule.items.map((s) => (
            <tr key={s.rentalId} data-rental={s.referenceNumber}>
              <td className="px-3 py-2">
                <Link className="link" to={`/rentals/${s.rentalId}`}>
                  {s.referenceNumber}
                </Link>
              </td>
              <td className="px-3 py-2">{s.customerName}</td>
              <td className="px-3 py-2">{u(`frequencies.${s.billingFrequency}`)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {u('period', { from: f.date(s.nextPeriodStart), to: f.date(s.nextPeriodEnd) })}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{f.dateTime(s.nextInvoiceAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {s.lastInvoicedDate ? f.date(s.lastInvoicedDate) : u('never')}
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
    </div>
  );
}

function RunRows({ run }: { run: InvoicingRun }) {
  const t = useT();
  const f = useFormat();
  const u = (k: string, p?: Record<string, string | number>) => t(`finance.automation.${k}`, p);
  // "Nothing was due" only when nothing was (issue 26): periods passed over or taken by another run are said as such.
  const hasDetail =
    run.invoices.length > 0 || run.failures.length > 0 || run.periodsSkipped > 0 || run.periodsTaken > 0;
  return (
    <>
      <tr data-run={run.runId}>
        <td className="px-3 py-2 whitespace-nowrap">{f.dateTime(run.startedAt)}</td>
        <td className="px-3 py-2 whitespace-nowrap">{f.dateTime(run.finishedAt)}</td>
        <td className="px-3 py-2">{u(`triggers.${run.trigger}`)}</td>
        <td className="px-3 py-2 tabular-nums">{run.rentalsChecked}</td>
        <td className="px-3 py-2 tabular-nums" data-testid="run-invoices-created">
          {run.invoicesCreated}
        </td>
        <td
          className={`px-3 py-2 tabular-nums ${run.failures.length ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
        >
          {run.failures.length}
        </td>
      </tr>
      <tr>
        <td colSpan={6} className="px-3 pb-3 text-sm text-slate-700 dark:text-slate-300">
          {!hasDetail && <span>{u('nothingDone')}</span>}
          {run.invoices.length > 0 && (
            <ul aria-label={u('invoicesOfRun')} className="flex flex-wrap gap-x-4 gap-y-1">
              {run.invoices.map((i) => (
                <li key={i.id}>
                  <Link className="link" to={`/invoices/${i.id}`}>
                    {i.number ?? i.id}
                  </Link>
                  {' · '}
                  <Link className="link" to={`/rentals/${i.rentalId}`}>
                    {i.rentalReference}
                  </Link>
                  {' · '}
                  {u('period', { from: f.date(i.periodStart), to: f.date(i.periodEnd) })}
                  {' · '}
                  <span className="tabular-nums">{f.money(i.total)}</span>
                </li>
              ))}
            </ul>
          )}
          {run.failures.map((x) => (
            <p
              key={`${x.rentalId}-${x.periodStart}`}
              className="text-red-700 dark:text-red-300"
              data-testid="run-failure"
            >
              <span className="font-semibold">{u('failedPeriod')}</span>
              {' · '}
              <Link className="link" to={`/rentals/${x.rentalId}`}>
                {x.rentalReference}
              </Link>
              {' · '}
              {x.periodEnd
                ? u('period', { from: f.date(x.periodStart), to: f.date(x.periodEnd) })
                : f.date(x.periodStart)}
              {' · '}
              <span dir="auto">{translateMessage(t, x.error)}</span>
            </p>
          ))}
          {run.periodsSkipped > 0 && <p>{u('periodsSkipped', { count: run.periodsSkipped })}</p>}
          {run.periodsTaken > 0 && <p>{u('periodsTaken', { count: run.periodsTaken })}</p>}
        </td>
      </tr>
    </>
  );
}

function EmptyState({ title, body }: { title: string; body: string }) {
  return (
    <div className="card py-8 text-center">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{body}</p>
    </div>
  );
}

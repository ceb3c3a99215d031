/**
 * /dashboard/outstanding-balances: receivables by customer and by rental in aging buckets by due
 * date (current, 1–30, 31–60, 61–90, over 90 days) on a chosen day, totals per bucket, filters,
 * CSV export (RFC 4180, UTF-8 BOM) and "Send reminder" (once a customer and day).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { AGING_BUCKETS } from '../../../../shared/collections/aging';
import { ErrorPanel } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { ListTable, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { AGING_PATH, agingCsv, collectionsApi, saveText, type AgingReport } from '../deposits/collections-api';

export default function OutstandingBalancesPage() {
  const t = useT();
  const f = useFormat();
  const canRemind = useCan('financeRecordPayment');
  const invalidate = useInvalidate();
  const [params, setParams] = useSearchParams();
  const filters = {
    asOf: params.get('asOf') ?? '',
    q: params.get('q') ?? '',
    minBucket: params.get('minBucket') ?? '',
  };
  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch))
          if (v) n.set(k, v);
          else n.delete(k);
        return n;
      },
      { replace: true },
    );
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  const report = useSWR<AgingReport>(`${AGING_PATH}${query ? `?${query}` : ''}`);
  const [view, setView] = useState<'customers' | 'rentals'>('customers');
  const [sending, setSending] = useState<string | null>(null);
  const u = (k: string, p?: Record<string, string | number>) => t(`collections.aging.${k}`, p);
  const bucketCols = AGING_BUCKETS.map((b) => t(`collections.bucket.${b}`));

  const remind = async (customerId: string) => {
    setSending(customerId);
    try {
      const res = await collectionsApi.remind(customerId);
      toast({ variant: 'success', title: u('remindedOk', { to: res.sentTo }) });
      await invalidate(AGING_PATH);
    } catch (error) {
      toastApiError(u('remindFailed'), error);
    } finally {
      setSending(null);
    }
  };

  const data = report.data;
  return (
    <div>
      <PageHeader
        title={t('shell.pages.outstandingBalances')}
        subtitle={u('subtitle')}
        actions={
          data && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => saveText(agingCsv(data, t), `aging-${data.asOf}.csv`)}
            >
              {u('csv')}
            </button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label htmlFor="aging-asof" className="flex flex-col text-sm">
          <span className="mb-1 font-medium">{u('asOf')}</span>
          <input
            id="aging-asof"
            type="date"
            className="field-input"
            value={filters.asOf || data?.asOf || ''}
            onChange={(e) => set({ asOf: e.target.value })}
          />
        </label>
        <SearchField
          id="aging-q"
          label={u('searchLabel')}
          placeholder={u('searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => set({ q })}
        />
        <FilterSelect
          id="aging-min"
          label={u('minBucket')}
          value={filters.minBucket}
          onChange={(minBucket) => set({ minBucket })}
          allLabel={u('anyAge')}
          options={AGING_BUCKETS.map((b) => ({ value: b, label: t(`collections.bucket.${b}`) }))}
        />
      </div>
      {report.error && !data && <ErrorPanel title={u('loadFailed')} onRetry={() => void report.mutate()} />}
      {!data && !report.error && <TableSkeleton rows={6} columns={7} />}
      {data && (
        <>
          <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-6" data-testid="aging-totals">
            {[...AGING_BUCKETS, 'total' as const].map((b) => (
              <div
                key={b}
                className={`card py-3 ${b === 'over90' && data.totals.over90 > 0 ? 'border-red-300' : ''}`}
                data-bucket={b}
              >
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`collections.bucket.${b}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{f.money(data.totals[b])}</dd>
              </div>
            ))}
          </dl>
          <div className="mb-3 flex gap-2" role="tablist">
            {(['customers', 'rentals'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                aria-selected={view === v}
                className={view === v ? 'btn-primary' : 'btn-secondary'}
                onClick={() => setView(v)}
              >
                {u(v === 'customers' ? 'byCustomer' : 'byRental')}
              </button>
            ))}
          </div>
          {data.rentals.length === 0 ? (
            <div className="card text-center">
              <p className="font-medium">{u('emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{u('emptyBody')}</p>
            </div>
          ) : view === 'customers' ? (
            <Table
              firstAmount={1}
              columns={[u('customer'), u('rentals'), ...bucketCols, t('collections.bucket.total'), '']}
            >
              {data.customers.map((c) => (
                <tr key={c.customerId} data-customer={c.customerName}>
                  <td className="px-3 py-2 font-medium">
                    <Link className="link" to={`/customers/${c.customerId}`}>
                      {c.customerName}
                    </Link>
                    {c.lastRemindedAt && (
                      <div className="text-xs text-slate-500">
                        {u('lastReminded', { date: f.date(c.lastRemindedAt) })}
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">{c.rentals}</td>
                  {AGING_BUCKETS.map((b) => (
                    <Money key={b} value={c.buckets[b]} alert={b === 'over90'} />
                  ))}
                  <Money value={c.buckets.total} strong />
                  <td className="px-3 py-2 text-end">
                    {canRemind &&
                      (c.remindedToday ? (
                        <span className="text-xs text-slate-500" data-testid="reminded">
                          {u('reminded')}
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="btn-secondary"
                          disabled={sending !== null}
                          aria-busy={sending === c.customerId}
                          onClick={() => void remind(c.customerId)}
                        >
                          {u('remind')}
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </Table>
          ) : (
            <Table
              firstAmount={3}
              columns={[u('rental'), u('customer'), u('lines'), ...bucketCols, t('collections.bucket.total')]}
            >
              {data.rentals.map((r) => (
                <tr key={r.rentalId} data-rental={r.referenceNumber}>
                  <td className="px-3 py-2 font-medium">
                    <Link className="link" to={`/rentals/${r.rentalId}`}>
                      {r.referenceNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{r.customerName}</td>
                  <td className="px-3 py-2 text-xs">
                    {r.lines.map((l, i) => (
                      <div key={i}>
                        {l.kind === 'invoice' && l.invoiceId ? (
                          <Link className="link" to={`/invoices/${l.invoiceId}`}>
                            {u('invoice', { number: l.invoiceNumber ?? '' })}
                          </Link>
                        ) : (
                          u('uninvoiced')
                        )}
                        {' · '}
                        {l.dueDate ? u('due', { date: f.date(l.dueDate) }) : u('notDue')}
                      </div>
                    ))}
                  </td>
                  {AGING_BUCKETS.map((b) => (
                    <Money key={b} value={r.buckets[b]} alert={b === 'over90'} />
                  ))}
                  <Money value={r.buckets.total} strong />
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </div>
  );
}

function Money({ value, strong = false, alert = false }: { value: number; strong?: boolean; alert?: boolean }) {
  const f = useFormat();
  return (
    <td
      className={`px-3 py-2 text-end tabular-nums whitespace-nowrap ${strong ? 'font-semibold' : ''} ${alert && value > 0 ? 'text-red-700 dark:text-red-400' : ''}`}
    >
      {value ? f.money(value) : '—'}
    </td>
  );
}

/** A report table; columns from `firstAmount` on are amounts (end-aligned). */
function Table({
  columns,
  firstAmount,
  children,
}: {
  columns: string[];
  firstAmount: number;
  children: React.ReactNode;
}) {
  return <ListTable columns={columns.map((label, i) => ({ label, end: i >= firstAmount }))}>{children}</ListTable>;
}

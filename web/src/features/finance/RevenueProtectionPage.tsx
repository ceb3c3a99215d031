/**
 * /dashboard/revenue-protection: money the company is about to lose — rentals returned with a
 * balance, long rentals not invoiced for more than a period, extra km or fuel not charged,
 * deposits refunded while charges were open, fines and tolls not recharged — totals at the top,
 * each row opening where it is fixed.
 */
import { Link } from 'react-router';
import useSWR from 'swr';
import { REVENUE_RISK_KINDS } from '../../../../shared/schemas/collections';
import { ErrorPanel } from '../../components/Dialogs';
import { ListTable } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { PROTECTION_PATH, type RevenueProtection } from '../deposits/collections-api';

export default function RevenueProtectionPage() {
  const t = useT();
  const f = useFormat();
  const report = useSWR<RevenueProtection>(PROTECTION_PATH);
  const u = (k: string) => t(`collections.protection.${k}`);
  const data = report.data;
  const detail = (kind: string, params: Record<string, string>) => {
    const p = { ...params };
    for (const k of ['charged', 'refunded', 'balance']) if (p[k]) p[k] = f.money(Number(p[k]));
    for (const k of ['returnDate', 'since', 'at']) if (p[k]) p[k] = f.date(p[k]);
    // A message that counts days is worded by its count ("1 day ago", "2 days ago").
    if (p.days !== undefined) p.count = p.days;
    return t(`collections.detail.${kind}`, p);
  };
  return (
    <div>
      <PageHeader title={t('shell.pages.revenueProtection')} subtitle={u('subtitle')} />
      {report.error && !data && <ErrorPanel title={u('loadFailed')} onRetry={() => void report.mutate()} />}
      {!data && !report.error && <TableSkeleton rows={6} columns={5} />}
      {data && (
        <>
          <dl className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="protection-totals">
            <div className="card py-3 lg:col-span-1">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{u('total')}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-red-700 dark:text-red-400">
                {f.money(data.total)}
              </dd>
              <dd className="text-xs text-slate-500">
                {u('items')}: {data.count}
              </dd>
            </div>
            {REVENUE_RISK_KINDS.filter((k) => data.byKind[k]).map((k) => (
              <div key={k} className="card py-3" data-kind={k}>
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`collections.kind.${k}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{f.money(data.byKind[k].amount)}</dd>
                <dd className="text-xs text-slate-500">
                  {u('items')}: {data.byKind[k].count}
                </dd>
              </div>
            ))}
          </dl>
          {data.rows.length === 0 ? (
            <div className="card text-center">
              <p className="font-medium">{u('emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{u('emptyBody')}</p>
            </div>
          ) : (
            <ListTable columns={[u('issue'), u('reference'), u('customer'), { label: u('amount'), end: true }, '']}>
              {data.rows.map((r) => (
                <tr key={`${r.kind}:${r.id}`} data-risk={r.kind} data-reference={r.reference}>
                  <td className="px-3 py-2">
                    <div className="font-medium">{t(`collections.kind.${r.kind}`)}</div>
                    <div className="text-xs text-slate-500">{detail(r.kind, r.params)}</div>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{r.reference}</td>
                  <td className="px-3 py-2">{r.customerName ?? '—'}</td>
                  <td className="px-3 py-2 text-end font-semibold tabular-nums whitespace-nowrap">
                    {f.money(r.amount)}
                  </td>
                  <td className="px-3 py-2 text-end">
                    <Link className="link" to={r.link}>
                      {u('open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
        </>
      )}
    </div>
  );
}

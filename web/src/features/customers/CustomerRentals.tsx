/** A customer's rental history on the profile ("Failed to load rental history" on failure). */
import { Link } from 'react-router';
import type { Rental } from '../../../../shared/schemas/rentals-responses';
import { ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { useT } from '../../i18n';
import { useCursorList } from '../../lib/use-cursor-list';
import { LIVE, useDate, useMoney } from './customer-api';

type RentalRow = Pick<
  Rental,
  'id' | 'referenceNumber' | 'vehicleLabel' | 'startDate' | 'endDate' | 'status' | 'totalAmount'
>;

export function CustomerRentals({ customerId }: { customerId: string }) {
  const t = useT();
  const date = useDate();
  const money = useMoney();
  const list = useCursorList<RentalRow>(
    { op: 'listCustomerRentals', params: { id: customerId } },
    {},
    { limit: 10, swr: LIVE },
  );
  return (
    <section className="card mt-6" aria-labelledby="history-title">
      <h2 id="history-title" className="mb-3 font-semibold">
        {t('customers.rentals.title')}
      </h2>
      <ListState
        list={list}
        errorTitle={t('customers.rentals.loadFailed')}
        skeleton={{ rows: 3, columns: 5 }}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.rentals.empty')}</p>}
      >
        <ListTable
          compact
          columns={(['reference', 'vehicle', 'start', 'end', 'status', 'total'] as const).map((h) =>
            t(`customers.rentals.${h}`),
          )}
        >
          {list.items.map((r) => (
            <tr key={r.id}>
              <td className="px-2 py-1">
                <Link className="link" to={`/rentals/${r.id}`}>
                  {r.referenceNumber ?? r.id}
                </Link>
              </td>
              <td className="px-2 py-1">{r.vehicleLabel ?? '—'}</td>
              <td className="px-2 py-1">{date(r.startDate)}</td>
              <td className="px-2 py-1">{r.endDate ? date(r.endDate) : t('customers.rentals.openEnded')}</td>
              <td className="px-2 py-1">{r.status ? t(`customers.rentals.statusValue.${r.status}`) : '—'}</td>
              <td className="px-2 py-1 tabular-nums">{money(r.totalAmount)}</td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('customers.loadMore')} />
    </section>
  );
}

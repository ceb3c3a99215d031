/**
 * /rentals: statistics (counts per status and this month's ledger totals, from one stats item),
 * the list with status filters and search (server-side, cursor pages), and a calendar view of
 * vehicles × days from GET /api/v1/calendar/fleet. "New Rental" opens the wizard; the new
 * rental's page opens after. Filters persist in the client state (spec §3 rental filters).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWR from 'swr';
import { RENTAL_STATUSES } from '../../../../shared/schemas/rentals';
import type { RentalStats } from '../../../../shared/schemas/rentals-responses';
import { PageHeader } from '../../components/PageHeader';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { readOneOf, readString, usePersistedFilters } from '../../lib/persisted-filters';
import type { Filters } from '../../lib/persisted-state';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { BalanceBadge, RentalStatusBadge, Stat } from './components';
import { FleetCalendar } from './FleetCalendar';
import { RentalWizard } from './RentalWizard';
import { useDateTime, useInvalidateRentals, useMoney, type RentalApi } from './rental-api';
import { apiPath } from '../../lib/api-client';

/** Stored filters → valid ones ('search' was the search key before the kit's 'q'). */
const readFilters = (s: Filters) => ({
  status: readOneOf(s, 'status', RENTAL_STATUSES, ''),
  q: readString(s, 'q', readString(s, 'search')),
  view: readOneOf(s, 'view', ['list', 'calendar'] as const, 'list'),
});

export default function RentalsPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const money = useMoney();
  const when = useDateTime();
  const invalidate = useInvalidateRentals();
  const { filters, update } = usePersistedFilters('rentalFilters', readFilters);
  const { status, q: search, view } = filters;
  const [creating, setCreating] = useState(false);

  const stats = useSWR<RentalStats | null>(apiPath('rentalStats'));
  const list = useCursorList<RentalApi>(view === 'list' ? 'listRentals' : null, { status, q: search }, { limit: 25 });
  const rentals = list.items;

  const created = (rental: RentalApi) => {
    toast({
      variant: 'success',
      title: t('rentals.wizard.created'),
      description: `${rental.referenceNumber} · ${rental.customerName}`,
    });
    invalidate(rental);
    setCreating(false);
    navigate(`/rentals/${rental.id}`);
  };

  const filterButtons: [typeof status, string][] = [
    ['', t('rentals.allStatuses')],
    ...RENTAL_STATUSES.map((s) => [s, t(`rentals.status.${s}`)] as [typeof status, string]),
  ];

  return (
    <>
      <PageHeader
        title={t('rentals.title')}
        subtitle={t('rentals.subtitle')}
        actions={
          can('rentalsEdit') ? (
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              {t('rentals.newRental')}
            </button>
          ) : undefined
        }
      />

      {/* Phones: one line of the counts that matter, the rest on demand, so the list starts on screen. */}
      <details className="card mb-4 sm:hidden" data-testid="rental-stats-compact">
        <summary className="cursor-pointer text-sm">
          {stats.data ? (
            <span className="inline-flex flex-wrap gap-x-3 tabular-nums">
              <span>
                {t('rentals.stats.active')}: <strong>{stats.data.byStatus.active ?? 0}</strong>
              </span>
              <span>
                {t('rentals.stats.pending')}: <strong>{stats.data.byStatus.pending ?? 0}</strong>
              </span>
              <span>
                {t('rentals.stats.overdue')}: <strong>{stats.data.byStatus.overdue ?? 0}</strong>
              </span>
            </span>
          ) : (
            '…'
          )}
        </summary>
        {stats.data && (
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            <dt>{t('rentals.stats.total')}</dt>
            <dd className="text-end tabular-nums">{stats.data.total}</dd>
            <dt>{t('rentals.stats.revenueMonth')}</dt>
            <dd className="text-end tabular-nums">{money(stats.data.monthRevenue)}</dd>
          </dl>
        )}
      </details>
      <section
        aria-label={t('rentals.stats.total')}
        className="mb-6 hidden gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-5"
      >
        {stats.data ? (
          <>
            <Stat label={t('rentals.stats.total')} value={stats.data.total} testId="stat-total" />
            <Stat label={t('rentals.stats.active')} value={stats.data.byStatus.active ?? 0} testId="stat-active" />
            <Stat label={t('rentals.stats.pending')} value={stats.data.byStatus.pending ?? 0} />
            <Stat label={t('rentals.stats.overdue')} value={stats.data.byStatus.overdue ?? 0} />
            <Stat label={t('rentals.stats.revenueMonth')} value={money(stats.data.monthRevenue)} />
          </>
        ) : (
          Array.from({ length: 5 }, (_, i) => <div key={i} className="card h-20 animate-pulse" aria-hidden="true" />)
        )}
      </section>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex gap-1" role="group" aria-label={t('rentals.listView')}>
          <button
            type="button"
            className={view === 'list' ? 'btn-primary' : 'btn-secondary'}
            aria-pressed={view === 'list'}
            onClick={() => update({ view: 'list' })}
          >
            {t('rentals.listView')}
          </button>
          <button
            type="button"
            className={view === 'calendar' ? 'btn-primary' : 'btn-secondary'}
            aria-pressed={view === 'calendar'}
            onClick={() => update({ view: 'calendar' })}
          >
            {t('rentals.calendarView')}
          </button>
        </div>
        {view === 'list' && (
          <SearchField
            id="rental-search"
            label={t('rentals.searchLabel')}
            placeholder={t('rentals.searchPlaceholder')}
            value={search}
            onSearch={(value) => update({ q: value })}
          />
        )}
      </div>

      {view === 'calendar' ? (
        <FleetCalendar />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap gap-1" role="tablist" aria-label={t('rentals.columns.status')}>
            {filterButtons.map(([value, label]) => (
              <button
                key={value || 'all'}
                type="button"
                role="tab"
                aria-selected={status === value}
                className={`rounded-full px-3 py-1 text-sm ${status === value ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'}`}
                onClick={() => update({ status: value })}
              >
                {label}
              </button>
            ))}
          </div>
          <ListState
            list={list}
            errorTitle={t('rentals.loadFailed')}
            empty={
              <EmptyList
                area="rentals"
                filtered={!!(status || search)}
                onClear={() => update({ status: '', q: '' })}
                action={
                  can('rentalsEdit') ? { label: t('rentals.newRental'), onClick: () => setCreating(true) } : undefined
                }
              />
            }
          >
            <>
              <ul className="space-y-2 md:hidden" data-testid="rental-cards">
                {rentals.map((r) => (
                  <li key={r.id} className="card p-3 text-sm" data-rental-id={r.id}>
                    <div className="flex items-center justify-between gap-2">
                      <Link to={`/rentals/${r.id}`} className="link font-mono">
                        {r.referenceNumber}
                      </Link>
                      <RentalStatusBadge status={r.status} closedAt={r.closedAt} />
                    </div>
                    <p className="mt-1 font-medium">{r.customerName}</p>
                    <p className="text-slate-600 dark:text-slate-300">{r.vehicleLabel}</p>
                    <p className="text-slate-600 dark:text-slate-300">
                      {when(r.startDate, false)} –{' '}
                      {r.openEnded ? t('rentals.openEnded') : when(r.expectedReturnDate, false)}
                    </p>
                    <div className="mt-2 flex items-center justify-between gap-2 tabular-nums">
                      <span>
                        {t('rentals.columns.total')}: {money(r.totalAmount)}
                      </span>
                      <span className="flex items-center gap-2">
                        {money(Math.abs(r.balance))} <BalanceBadge state={r.balanceState} />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="hidden md:block">
                <ListTable
                  columns={(['reference', 'customer', 'vehicle', 'period', 'status', 'total', 'balance'] as const).map(
                    (c) => t(`rentals.columns.${c}`),
                  )}
                >
                  {rentals.map((r) => (
                    <tr key={r.id} data-rental-id={r.id}>
                      <td className="px-3 py-2">
                        <Link to={`/rentals/${r.id}`} className="link font-mono">
                          {r.referenceNumber}
                        </Link>
                      </td>
                      <td className="px-3 py-2">{r.customerName}</td>
                      <td className="px-3 py-2">{r.vehicleLabel}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {when(r.startDate, false)} –{' '}
                        {r.openEnded ? t('rentals.openEnded') : when(r.expectedReturnDate, false)}
                      </td>
                      <td className="px-3 py-2">
                        <RentalStatusBadge status={r.status} closedAt={r.closedAt} />
                      </td>
                      <td className="px-3 py-2 tabular-nums">{money(r.totalAmount)}</td>
                      <td className="px-3 py-2">
                        <span className="flex items-center gap-2 tabular-nums">
                          {money(Math.abs(r.balance))} <BalanceBadge state={r.balanceState} />
                        </span>
                      </td>
                    </tr>
                  ))}
                </ListTable>
              </div>
            </>
          </ListState>
          <LoadMoreButton list={list} label={t('rentals.loadMore')} />
        </>
      )}

      {can('rentalsEdit') && <RentalWizard open={creating} onClose={() => setCreating(false)} onCreated={created} />}
    </>
  );
}

/**
 * /dashboard (issue 15 part A): the figures every role may read, from GET /api/v1/dashboard
 * (aggregates: the same cost at any size). Skeleton while loading (4 stat cards, 5 rows, a chart),
 * "Failed to load dashboard data" with advice on error, and a guided empty state for a company
 * that has not made its first booking. The suggestions card is issue 15 part B's (slot below).
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { useAuth } from '../../auth/context';
import { displayName } from '../../auth/session';
import { Icon, type IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeletons';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { Chart } from '../analytics/Chart';
import { count, DASHBOARD_PATH, percent, type DashboardData } from '../analytics/analytics-api';
import SuggestionsPanel from '../insights/SuggestionsPanel';
import { useCan } from '../../lib/use-can';
import { LIVE_PATH, LIVE_REFRESH_MS, type LiveVehicleApi } from '../gps/gps-api';
import { polling } from '../../lib/swr';

/** maplibre loads only when there is something to show on the map (see DashboardFleetMap). */
const DashboardFleetMap = lazy(() => import('../gps/DashboardFleetMap'));

type CardKey = keyof DashboardData['cards'];
const CARDS: [CardKey, IconName][] = [
  ['activeRentals', 'key'],
  ['availableVehicles', 'car'],
  ['overdueRentals', 'clock'],
  ['unpaidInvoices', 'file'],
  ['depositTotal', 'shield'],
  ['cashBox', 'wallet'],
  ['pettyCash', 'wallet'],
  ['bankAccounts', 'building'],
  ['operationalCharges', 'tag'],
  ['utilisation30', 'chart'],
  ['revenue30', 'chart'],
  ['bookedFuture', 'clock'],
];

export default function DashboardPage() {
  const t = useT();
  const f = useFormat();
  const { user } = useAuth();
  const { data, error, mutate } = useSWR<DashboardData>(DASHBOARD_PATH);
  const canReadInsights = useCan('reportsOperational');
  const canSeeMap = useCan('gpsRead');
  const live = useSWR<{ items: LiveVehicleApi[] }>(canSeeMap ? LIVE_PATH : null, polling(LIVE_REFRESH_MS));
  const located = (live.data?.items ?? []).filter((v) => v.latitude !== null && v.longitude !== null);
  const title = t('shell.dashboard.welcome', { name: displayName(user) });
  if (error && !data) {
    return (
      <>
        <PageHeader title={title} />
        <div role="alert" className="card text-center" data-testid="dashboard-error">
          <p className="font-medium text-red-800 dark:text-red-300">{t('analytics.dashboard.loadFailed')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('analytics.dashboard.loadFailedAdvice')}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void mutate()}>
            {t('analytics.dashboard.retry')}
          </button>
        </div>
      </>
    );
  }
  if (!data)
    return (
      <>
        <PageHeader title={title} />
        <DashboardSkeleton />
      </>
    );
  const subtitle = t('analytics.dashboard.subtitle', { company: user?.tenantName ?? '', today: f.date(data.today) });
  if (data.isNewCompany)
    return (
      <>
        <PageHeader title={title} subtitle={subtitle} />
        <GuidedSetup setup={data.setup} />
      </>
    );
  const value = (c: NonNullable<DashboardData['cards'][CardKey]>) =>
    c.kind === 'money' ? f.money(c.value) : c.kind === 'percent' ? percent(c.value) : count(c.value);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-cards">
        {CARDS.map(([key, icon]) => {
          const card = data.cards[key];
          if (!card) return null;
          return (
            <Link key={key} to={card.link} className="card block transition hover:border-primary" data-card={key}>
              <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                <Icon name={icon} className="h-4 w-4" />
                <span>{t(`analytics.dashboard.cards.${key}`)}</span>
              </div>
              <p className="mt-2 text-2xl font-semibold tabular-nums" data-value={card.value}>
                {value(card)}
              </p>
              {card.total !== undefined && (
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('analytics.dashboard.ofFleet', { count: card.total })}
                </p>
              )}
              {card.uninvoiced !== undefined && (
                <p
                  className="text-xs text-slate-500 dark:text-slate-400"
                  data-testid="uninvoiced"
                  data-value={card.uninvoiced}
                >
                  {t('analytics.dashboard.uninvoiced', { amount: f.money(card.uninvoiced) })}
                </p>
              )}
            </Link>
          );
        })}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {data.trend && (
          <div className="lg:col-span-2">
            <Chart
              title={t('analytics.dashboard.trendTitle')}
              chart={{
                key: 'trend',
                kind: 'line',
                axis: 'date',
                unit: 'count',
                categories: data.trend.days,
                series: [
                  { name: 'bookings', data: data.trend.bookings },
                  { name: 'pickups', data: data.trend.pickups },
                  { name: 'returns', data: data.trend.returns },
                ],
              }}
            />
          </div>
        )}
        {data.returnsDue && (
          <section className="card" aria-labelledby="dash-returns" data-testid="returns-due">
            <h2 id="dash-returns" className="mb-3 font-semibold">
              {t('analytics.dashboard.returnsDue')}
            </h2>
            {data.returnsDue.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('analytics.dashboard.noReturns')}</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.returnsDue.map((r) => (
                  <li key={r.rentalId} className="flex items-center justify-between gap-2 py-2 text-sm">
                    <Link to={`/rentals/${r.rentalId}`} className="min-w-0">
                      <span className="font-medium">{r.reference}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                        {r.vehicle} · {r.customer}
                      </span>
                    </Link>
                    <span
                      className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${r.when === 'overdue' ? 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200' : 'bg-slate-100 dark:bg-slate-800'}`}
                    >
                      {t(`analytics.dashboard.${r.when === 'overdue' ? 'overdueLabel' : r.when}`)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {data.topVehicles && (
          <section className="card" aria-labelledby="dash-top" data-testid="top-vehicles">
            <h2 id="dash-top" className="font-semibold">
              {t('analytics.dashboard.topVehicles')}
            </h2>
            <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">{t('analytics.dashboard.topBy')}</p>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.topVehicles.map((v) => (
                <li key={v.vehicleId} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <Link to={`/vehicles/${v.vehicleId}`} className="min-w-0">
                    <span className="font-medium">{v.label}</span>{' '}
                    <span className="text-xs text-slate-500">{v.plate}</span>
                  </Link>
                  <span className="shrink-0 text-end tabular-nums">
                    {f.money(v.revenue)}
                    <span className="block text-xs text-slate-500">{percent(v.utilisation)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {data.idleVehicles && (
          <section className="card" aria-labelledby="dash-idle" data-testid="idle-vehicles">
            <h2 id="dash-idle" className="mb-3 font-semibold">
              {t('analytics.dashboard.idleVehicles')}
            </h2>
            {data.idleVehicles.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t('analytics.dashboard.noIdle', { days: data.idleThresholdDays })}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.idleVehicles.map((v) => (
                  <li key={v.vehicleId} className="flex items-center justify-between gap-2 py-2 text-sm">
                    <Link to={`/vehicles/${v.vehicleId}`} className="min-w-0">
                      <span className="font-medium">{v.label}</span>{' '}
                      <span className="text-xs text-slate-500">{v.plate}</span>
                    </Link>
                    <span className="shrink-0 text-xs text-amber-800 dark:text-amber-200">
                      {v.idleDays === null
                        ? t('analytics.dashboard.idleNever')
                        : t('analytics.dashboard.idleFor', { count: v.idleDays })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {/* Live fleet map (GPS area): the vehicles that reported a position; until one has, this honest state. */}
        {canSeeMap && (
          <section
            className="card"
            aria-labelledby="dash-map"
            data-testid="dashboard-fleet-map"
            data-located={located.length}
          >
            <h2 id="dash-map" className="mb-3 font-semibold">
              {t('analytics.dashboard.fleetMap')}
            </h2>
            {located.length > 0 ? (
              <Suspense fallback={<div className="h-64 animate-pulse rounded-ui bg-slate-100 dark:bg-slate-800" />}>
                <DashboardFleetMap vehicles={located} />
              </Suspense>
            ) : (
              <div className="flex h-40 flex-col items-center justify-center rounded-ui border border-dashed border-slate-300 text-center dark:border-slate-700">
                <Icon name="pin" className="h-6 w-6 text-slate-400" />
                <p className="mt-2 text-sm font-medium">{t('analytics.dashboard.noTrackers')}</p>
                <p className="mt-1 max-w-xs text-xs text-slate-500 dark:text-slate-400">
                  {t('analytics.dashboard.noTrackersBody')}
                </p>
                <Link to="/gps-tracking" className="mt-2 text-xs font-medium text-primary-text underline">
                  {t('analytics.dashboard.openGps')}
                </Link>
              </div>
            )}
          </section>
        )}
      </div>
      {/* Suggestions: the top open insights the reader may see (issue 15 part B). */}
      {canReadInsights && (
        <div className="mt-6">
          <SuggestionsPanel />
        </div>
      )}
      {data.cards.cashBox && (
        <nav
          className="mt-6 flex flex-wrap gap-3 text-sm"
          aria-label={t('analytics.dashboard.cards.operationalCharges')}
        >
          {/* The two drawers come with the finance area; until its API is on main they are links. */}
          <Link className="btn-secondary" to={data.links.chargesLedger}>
            {t('analytics.dashboard.drawers.charges')}
          </Link>
          <Link className="btn-secondary" to={data.links.bankStatement}>
            {t('analytics.dashboard.drawers.bank')}
          </Link>
        </nav>
      )}
    </>
  );
}

function GuidedSetup({ setup }: { setup: DashboardData['setup'] }) {
  const t = useT();
  const steps: [string, string, string, boolean, IconName][] = [
    ['stepVehicle', 'stepVehicleBody', '/vehicles', setup.vehicles > 0, 'car'],
    ['stepCustomer', 'stepCustomerBody', '/customers', setup.customers, 'users'],
    ['stepBooking', 'stepBookingBody', '/rentals', setup.bookings > 0, 'key'],
  ];
  return (
    <section className="card max-w-3xl" data-testid="guided-setup" aria-labelledby="setup-title">
      <h2 id="setup-title" className="text-lg font-semibold">
        {t('analytics.dashboard.emptyTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('analytics.dashboard.emptyBody')}</p>
      <ol className="mt-4 space-y-3">
        {steps.map(([title, body, to, done, icon], i) => (
          <li key={title} data-step={title} data-done={done}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-ui border border-slate-200 p-3 hover:border-primary dark:border-slate-800"
            >
              <span
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${done ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200' : 'bg-primary-soft text-primary-text'}`}
              >
                {done ? <Icon name="check" className="h-4 w-4" /> : <Icon name={icon} className="h-4 w-4" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">
                  {i + 1}. {t(`analytics.dashboard.${title}`)}
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {t(`analytics.dashboard.${body}`)}
                </span>
              </span>
              {done && (
                <span className="text-xs text-green-800 dark:text-green-200">{t('analytics.dashboard.done')}</span>
              )}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

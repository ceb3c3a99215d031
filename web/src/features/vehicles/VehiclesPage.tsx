/**
 * /vehicles: the fleet as a table or a grid; filters by make, status, category and "show
 * archived", search by plate/VIN/make/model, sorting, server-side pagination ("Load more" walks
 * the API's cursor). Filters persist in the client state (spec §3 persisted vehicle filters).
 * Adding opens a dialog (no separate /vehicles/new route); the new vehicle's page opens after.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWRInfinite from 'swr/infinite';
import { VEHICLE_CATEGORIES, VEHICLE_SORTS, VEHICLE_STATUSES, type VehicleApi } from '../../../../shared/schemas/vehicles';
import { expiryBadge } from '../../../../shared/vehicles/vehicle-rules';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { setAppState, useAppState } from '../../lib/persisted-state';
import { ArchivedBadge, ErrorPanel, ExpiryBadgeView, Modal, StatusBadge } from './components';
import { VehicleForm } from './VehicleForm';
import {
  failureDescription, serverFieldErrors, todayLocal, useCan, useInvalidateVehicles, useMoney, useVehicleMakes, vehicleApi, VEHICLES_PATH,
} from './vehicle-api';

interface Filters {
  search: string;
  make: string;
  status: string;
  category: string;
  sort: string;
  showArchived: boolean;
  view: 'table' | 'grid';
}

const PAGE_SIZE = 25;

function readFilters(stored: Record<string, unknown>): Filters {
  const str = (k: string, d = '') => (typeof stored[k] === 'string' ? (stored[k] as string) : d);
  return {
    search: str('search'),
    make: str('make'),
    status: (VEHICLE_STATUSES as readonly string[]).includes(str('status')) ? str('status') : '',
    category: (VEHICLE_CATEGORIES as readonly string[]).includes(str('category')) ? str('category') : '',
    sort: (VEHICLE_SORTS as readonly string[]).includes(str('sort')) ? str('sort') : 'newest',
    showArchived: stored.showArchived === true,
    view: stored.view === 'grid' ? 'grid' : 'table',
  };
}

type Page = { items: VehicleApi[]; nextCursor: string | null } | null;

export default function VehiclesPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const money = useMoney();
  const fmt = useFormat();
  const invalidate = useInvalidateVehicles();
  const stored = useAppState((s) => s.vehicleFilters);
  const filters = useMemo(() => readFilters(stored), [stored]);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  const [adding, setAdding] = useState(false);
  const makes = useVehicleMakes();
  const today = todayLocal();

  const update = (patch: Partial<Filters>) => setAppState((s) => ({ vehicleFilters: { ...s.vehicleFilters, ...patch } }));

  // Search is sent 300 ms after the last key press.
  useEffect(() => {
    if (searchDraft === filters.search) return;
    const timer = setTimeout(() => update({ search: searchDraft.trim() }), 300);
    return () => clearTimeout(timer);
  }, [searchDraft, filters.search]);

  const query = useMemo(() => {
    const p = new URLSearchParams({ limit: String(PAGE_SIZE), sort: filters.sort });
    if (filters.search) p.set('search', filters.search);
    if (filters.make) p.set('make', filters.make);
    if (filters.status) p.set('status', filters.status);
    if (filters.category) p.set('category', filters.category);
    if (filters.showArchived) p.set('showArchived', 'true');
    return p.toString();
  }, [filters]);

  const list = useSWRInfinite<Page>((index, previous) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return `${VEHICLES_PATH}?${query}${index > 0 ? `&cursor=${encodeURIComponent(previous!.nextCursor!)}` : ''}`;
  });
  const pages = list.data ?? [];
  const vehicles = pages.flatMap((p) => p?.items ?? []);
  const nextCursor = pages.length ? pages[pages.length - 1]?.nextCursor ?? null : null;
  const loadingFirst = !list.data && !list.error;
  const loadingMore = list.isValidating && list.size > pages.length;
  const filtered = !!(filters.search || filters.make || filters.status || filters.category);

  const create = async (body: Record<string, unknown>) => {
    try {
      const vehicle = await vehicleApi.create(body);
      toast({ variant: 'success', title: t('vehicles.messages.added'), description: `${vehicle.make} ${vehicle.model} · ${vehicle.licensePlate}` });
      invalidate(vehicle);
      setAdding(false);
      navigate(`/vehicles/${vehicle.id}`);
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('vehicles.messages.createFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  const clear = () => {
    setSearchDraft('');
    update({ search: '', make: '', status: '', category: '' });
  };

  return (
    <>
      <PageHeader
        title={t('vehicles.title')}
        subtitle={t('vehicles.subtitle')}
        actions={can('vehiclesEdit') ? (
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>{t('vehicles.addVehicle')}</button>
        ) : undefined}
      />

      <section aria-label={t('vehicles.filterStatus')} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="vehicle-search" className="field-label">{t('vehicles.searchLabel')}</label>
          <input
            id="vehicle-search"
            type="search"
            className="field-input"
            placeholder={t('vehicles.searchPlaceholder')}
            value={searchDraft}
            onChange={(e) => setSearchDraft(e.target.value)}
          />
        </div>
        <FilterSelect id="vehicle-make" label={t('vehicles.filterMake')} value={filters.make} onChange={(make) => update({ make })}
          options={[['', t('vehicles.allMakes')], ...(makes.data?.items ?? []).map((m) => [m.toLowerCase(), m] as [string, string])]} />
        <FilterSelect id="vehicle-status" label={t('vehicles.filterStatus')} value={filters.status} onChange={(status) => update({ status })}
          options={[['', t('vehicles.allStatuses')], ...VEHICLE_STATUSES.map((s) => [s, t(`vehicles.status.${s}`)] as [string, string])]} />
        <FilterSelect id="vehicle-category" label={t('vehicles.filterCategory')} value={filters.category} onChange={(category) => update({ category })}
          options={[['', t('vehicles.allCategories')], ...VEHICLE_CATEGORIES.map((c) => [c, t(`vehicles.category.${c}`)] as [string, string])]} />
        <FilterSelect id="vehicle-sort" label={t('vehicles.sortLabel')} value={filters.sort} onChange={(sort) => update({ sort })}
          options={VEHICLE_SORTS.map((s) => [s, t(`vehicles.sort.${s}`)] as [string, string])} />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={filters.showArchived} onChange={(e) => update({ showArchived: e.target.checked })} />
          {t('vehicles.showArchived')}
        </label>
        <div className="flex gap-1 pb-1" role="group" aria-label={t('vehicles.viewTable')}>
          <button type="button" className={filters.view === 'table' ? 'btn-primary' : 'btn-secondary'} aria-pressed={filters.view === 'table'} onClick={() => update({ view: 'table' })}>
            {t('vehicles.viewTable')}
          </button>
          <button type="button" className={filters.view === 'grid' ? 'btn-primary' : 'btn-secondary'} aria-pressed={filters.view === 'grid'} onClick={() => update({ view: 'grid' })}>
            {t('vehicles.viewGrid')}
          </button>
        </div>
      </section>

      {loadingFirst ? (
        <TableSkeleton rows={8} columns={5} />
      ) : list.error && !vehicles.length ? (
        <ErrorPanel title={t('vehicles.loadFailed')} onRetry={() => void list.mutate()} />
      ) : vehicles.length === 0 && !nextCursor ? (
        <div className="card text-center">
          <p className="font-medium">{filtered ? t('vehicles.noMatchesTitle') : t('vehicles.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{filtered ? t('vehicles.noMatchesBody') : t('vehicles.emptyBody')}</p>
          {filtered ? (
            <button type="button" className="btn-secondary mt-4" onClick={clear}>{t('vehicles.clearFilters')}</button>
          ) : can('vehiclesEdit') ? (
            <button type="button" className="btn-primary mt-4" onClick={() => setAdding(true)}>{t('vehicles.addVehicle')}</button>
          ) : null}
        </div>
      ) : filters.view === 'table' ? (
        <div className="overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <thead className="bg-slate-50 text-start dark:bg-slate-900">
              <tr>
                {['vehicle', 'licensePlate', 'category', 'status', 'dailyRate', 'odometerKm', 'insuranceExpiryDate'].map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-semibold">{t(`vehicles.field.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {vehicles.map((v) => (
                <tr key={v.id} data-vehicle-id={v.id}>
                  <td className="px-3 py-2">
                    <Link to={`/vehicles/${v.id}`} className="link">{v.make} {v.model}</Link>
                    <span className="ms-1 text-slate-500">{v.year}</span>
                  </td>
                  <td className="px-3 py-2 font-mono">{v.licensePlate}</td>
                  <td className="px-3 py-2">{v.category ? t(`vehicles.category.${v.category}`) : '—'}</td>
                  <td className="px-3 py-2"><span className="flex flex-wrap gap-1"><StatusBadge status={v.status} />{v.isArchived && <ArchivedBadge />}</span></td>
                  <td className="px-3 py-2 tabular-nums">{money(v.dailyRate)}</td>
                  <td className="px-3 py-2 tabular-nums">{fmt.quantity(v.odometerKm, 'kilometer')}</td>
                  <td className="px-3 py-2"><ExpiryBadgeView badge={expiryBadge(v.insuranceExpiryDate, today)} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {vehicles.map((v) => (
            <li key={v.id} className="card" data-vehicle-id={v.id}>
              <div className="flex items-start justify-between gap-2">
                <div>
                  <Link to={`/vehicles/${v.id}`} className="link text-base">{v.make} {v.model}</Link>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{v.year} · <span className="font-mono">{v.licensePlate}</span></p>
                </div>
                <span className="flex flex-col items-end gap-1"><StatusBadge status={v.status} />{v.isArchived && <ArchivedBadge />}</span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.category')}</dt>
                <dd>{v.category ? t(`vehicles.category.${v.category}`) : '—'}</dd>
                <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.dailyRate')}</dt>
                <dd className="tabular-nums">{money(v.dailyRate)}</dd>
                <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.insuranceExpiryDate')}</dt>
                <dd><ExpiryBadgeView badge={expiryBadge(v.insuranceExpiryDate, today)} /></dd>
              </dl>
            </li>
          ))}
        </ul>
      )}

      {!loadingFirst && nextCursor && (
        <div className="mt-4 flex justify-center">
          <button type="button" className="btn-secondary" disabled={loadingMore} onClick={() => void list.setSize(list.size + 1)}>
            {loadingMore ? t('vehicles.loadingMore') : t('vehicles.loadMore')}
          </button>
        </div>
      )}

      <Modal open={adding} onClose={() => setAdding(false)} title={t('vehicles.addVehicle')} wide>
        <VehicleForm onSubmit={create} onCancel={() => setAdding(false)} submitLabel={t('vehicles.addVehicle')} />
      </Modal>
    </>
  );
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>{l}</option>
        ))}
      </select>
    </div>
  );
}

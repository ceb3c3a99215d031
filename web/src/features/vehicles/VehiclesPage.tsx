/**
 * /vehicles: the fleet as a table or a grid; filters by make, status, category and "show
 * archived", search by plate/VIN/make/model, sorting, server-side pagination ("Load more" walks
 * the API's cursor). Filters persist in the client state (spec §3 persisted vehicle filters).
 * Adding opens a dialog (no separate /vehicles/new route); the new vehicle's page opens after.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  VEHICLE_CATEGORIES,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
  type VehicleApi,
  type VehicleSort,
} from '../../../../shared/schemas/vehicles';
import { expiryBadge } from '../../../../shared/vehicles/vehicle-rules';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import type { BodyOf } from '../../lib/api-client';
import { readBoolean, readOneOf, readString, usePersistedFilters } from '../../lib/persisted-filters';
import type { Filters as StoredFilters } from '../../lib/persisted-state';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { ArchivedBadge, ExpiryBadgeView, Modal, StatusBadge } from './components';
import { VehicleForm } from './VehicleForm';
import { todayLocal, useInvalidateVehicles, useMoney, useVehicleMakes, vehicleApi } from './vehicle-api';

const PAGE_SIZE = 25;

function readFilters(stored: StoredFilters) {
  return {
    q: readString(stored, 'q'),
    make: readString(stored, 'make'),
    status: readOneOf(stored, 'status', VEHICLE_STATUSES, ''),
    category: readOneOf(stored, 'category', VEHICLE_CATEGORIES, ''),
    sort: readOneOf(stored, 'sort', VEHICLE_SORTS, 'newest') as VehicleSort,
    showArchived: readBoolean(stored, 'showArchived'),
    view: stored.view === 'grid' ? ('grid' as const) : ('table' as const),
  };
}

export default function VehiclesPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const money = useMoney();
  const fmt = useFormat();
  const invalidate = useInvalidateVehicles();
  const { filters, update } = usePersistedFilters('vehicleFilters', readFilters);
  const [adding, setAdding] = useState(false);
  const makes = useVehicleMakes();
  const today = todayLocal();

  const { view, ...query } = filters;
  const list = useCursorList<VehicleApi>('listVehicles', query, { limit: PAGE_SIZE });
  const vehicles = list.items;
  const filtered = !!(filters.q || filters.make || filters.status || filters.category);

  const create = async (body: Record<string, unknown>) => {
    try {
      // VehicleForm checked the body with createVehicleSchema before calling this.
      const vehicle = await vehicleApi.create(body as BodyOf<'createVehicle'>);
      toast({
        variant: 'success',
        title: t('vehicles.messages.added'),
        description: `${vehicle.make} ${vehicle.model} · ${vehicle.licensePlate}`,
      });
      invalidate(vehicle);
      setAdding(false);
      navigate(`/vehicles/${vehicle.id}`);
      return {};
    } catch (error) {
      return toastApiError(t('vehicles.messages.createFailed'), error).fields;
    }
  };

  const clear = () => update({ q: '', make: '', status: '', category: '' });

  return (
    <>
      <PageHeader
        title={t('vehicles.title')}
        subtitle={t('vehicles.subtitle')}
        actions={
          can('vehiclesEdit') ? (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('vehicles.addVehicle')}
            </button>
          ) : undefined
        }
      />

      <section aria-label={t('vehicles.filterStatus')} className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          id="vehicle-search"
          label={t('vehicles.searchLabel')}
          placeholder={t('vehicles.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <FilterSelect
          id="vehicle-make"
          label={t('vehicles.filterMake')}
          value={filters.make}
          onChange={(make) => update({ make })}
          allLabel={t('vehicles.allMakes')}
          options={(makes.data?.items ?? []).map((m) => [m.toLowerCase(), m] as const)}
        />
        <FilterSelect
          id="vehicle-status"
          label={t('vehicles.filterStatus')}
          value={filters.status}
          onChange={(status) => update({ status: status as typeof filters.status })}
          allLabel={t('vehicles.allStatuses')}
          options={VEHICLE_STATUSES.map((s) => [s, t(`vehicles.status.${s}`)] as const)}
        />
        <FilterSelect
          id="vehicle-category"
          label={t('vehicles.filterCategory')}
          value={filters.category}
          onChange={(category) => update({ category: category as typeof filters.category })}
          allLabel={t('vehicles.allCategories')}
          options={VEHICLE_CATEGORIES.map((c) => [c, t(`vehicles.category.${c}`)] as const)}
        />
        <FilterSelect
          id="vehicle-sort"
          label={t('vehicles.sortLabel')}
          value={filters.sort}
          onChange={(sort) => update({ sort: sort as VehicleSort })}
          options={VEHICLE_SORTS.map((s) => [s, t(`vehicles.sort.${s}`)] as const)}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={filters.showArchived}
            onChange={(e) => update({ showArchived: e.target.checked })}
          />
          {t('vehicles.showArchived')}
        </label>
        <div className="flex gap-1 pb-1" role="group" aria-label={t('vehicles.viewTable')}>
          <button
            type="button"
            className={filters.view === 'table' ? 'btn-primary' : 'btn-secondary'}
            aria-pressed={filters.view === 'table'}
            onClick={() => update({ view: 'table' })}
          >
            {t('vehicles.viewTable')}
          </button>
          <button
            type="button"
            className={filters.view === 'grid' ? 'btn-primary' : 'btn-secondary'}
            aria-pressed={filters.view === 'grid'}
            onClick={() => update({ view: 'grid' })}
          >
            {t('vehicles.viewGrid')}
          </button>
        </div>
      </section>

      <ListState
        list={list}
        errorTitle={t('vehicles.loadFailed')}
        empty={
          <EmptyList
            area="vehicles"
            filtered={filtered}
            onClear={clear}
            action={
              can('vehiclesEdit') ? { label: t('vehicles.addVehicle'), onClick: () => setAdding(true) } : undefined
            }
          />
        }
      >
        {filters.view === 'table' ? (
          <ListTable
            columns={[
              'vehicle',
              'licensePlate',
              'category',
              'status',
              'dailyRate',
              'odometerKm',
              'insuranceExpiryDate',
            ].map((c) => t(`vehicles.field.${c}`))}
          >
            {vehicles.map((v) => (
              <tr key={v.id} data-vehicle-id={v.id}>
                <td className="px-3 py-2">
                  <Link to={`/vehicles/${v.id}`} className="link">
                    {v.make} {v.model}
                  </Link>
                  <span className="ms-1 text-slate-500">{v.year}</span>
                </td>
                <td className="px-3 py-2 font-mono">{v.licensePlate}</td>
                <td className="px-3 py-2">{v.category ? t(`vehicles.category.${v.category}`) : '—'}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1">
                    <StatusBadge status={v.status} />
                    {v.isArchived && <ArchivedBadge />}
                  </span>
                </td>
                <td className="px-3 py-2 tabular-nums">{money(v.dailyRate)}</td>
                <td className="px-3 py-2 tabular-nums">{fmt.quantity(v.odometerKm, 'kilometer')}</td>
                <td className="px-3 py-2">
                  <ExpiryBadgeView badge={expiryBadge(v.insuranceExpiryDate, today)} />
                </td>
              </tr>
            ))}
          </ListTable>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {vehicles.map((v) => (
              <li key={v.id} className="card" data-vehicle-id={v.id}>
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <Link to={`/vehicles/${v.id}`} className="link text-base">
                      {v.make} {v.model}
                    </Link>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {v.year} · <span className="font-mono">{v.licensePlate}</span>
                    </p>
                  </div>
                  <span className="flex flex-col items-end gap-1">
                    <StatusBadge status={v.status} />
                    {v.isArchived && <ArchivedBadge />}
                  </span>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.category')}</dt>
                  <dd>{v.category ? t(`vehicles.category.${v.category}`) : '—'}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.dailyRate')}</dt>
                  <dd className="tabular-nums">{money(v.dailyRate)}</dd>
                  <dt className="text-slate-600 dark:text-slate-300">{t('vehicles.field.insuranceExpiryDate')}</dt>
                  <dd>
                    <ExpiryBadgeView badge={expiryBadge(v.insuranceExpiryDate, today)} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ListState>

      <LoadMoreButton list={list} label={t('vehicles.loadMore')} />

      <Modal open={adding} onClose={() => setAdding(false)} title={t('vehicles.addVehicle')} wide>
        <VehicleForm onSubmit={create} onCancel={() => setAdding(false)} submitLabel={t('vehicles.addVehicle')} />
      </Modal>
    </>
  );
}

/** The GPS page's search and filters, with the live badge counting the vehicles shown. */
import { VEHICLE_STATUSES } from '../../../../shared/schemas/vehicles';
import { FilterSelect } from '../../components/FilterSelect';
import { SearchField } from '../../components/ListKit';
import { useT } from '../../i18n';
import type { FleetFilters } from './use-gps-feeds';

export function FleetFilterBar({ filters }: { filters: FleetFilters }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField
        id="gps-search"
        label={t('gps.searchLabel')}
        placeholder={t('gps.searchPlaceholder')}
        value={filters.q}
        onSearch={filters.setQ}
      />
      <FilterSelect
        id="gps-status"
        label={t('gps.filterStatus')}
        value={filters.status}
        onChange={filters.setStatus}
        allLabel={t('gps.allStatuses')}
        options={VEHICLE_STATUSES.map((s) => [s, t(`gps.status.${s}`)] as [string, string])}
      />
      <FilterSelect
        id="gps-tracker"
        label={t('gps.filterTracker')}
        value={filters.tracker}
        onChange={filters.setTracker}
        allLabel={t('gps.trackerAll')}
        options={[
          ['yes', t('gps.trackerYes')],
          ['no', t('gps.trackerNo')],
        ]}
      />
      <span
        className="ms-auto inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300"
        data-testid="gps-live"
      >
        <span className="h-2 w-2 animate-pulse rounded-full bg-green-600" aria-hidden="true" />
        {t('gps.live')} · {t('gps.vehiclesCount', { count: filters.shown.length })}
      </span>
    </div>
  );
}

/**
 * /vehicles/{id}: specs, insurance and registration expiry badges (valid / expiring soon within
 * 30 days / expired), health score and grade, current and upcoming rentals and maintenance from
 * the vehicle's schedule, its documents (through the documents module), and the actions the role allows:
 * edit, archive (with confirmation), unarchive, change status.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { MANUAL_VEHICLE_STATUSES, type VehicleApi } from '../../../../shared/schemas/vehicles';
import { expiryBadge } from '../../../../shared/vehicles/vehicle-rules';
import { ApiError } from '../../lib/api';
import { PageHeader } from '../../components/PageHeader';
import { DetailSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { DirectionArrow } from '../../components/DirectionArrow';
import { ArchivedBadge, ConfirmDialog, ErrorPanel, ExpiryBadgeView, HealthView, StatusBadge } from './components';
import { toastApiError } from '../../lib/api-errors';
import { itemsState, ListState } from '../../components/ListKit';
import { useCan } from '../../lib/use-can';
import { apiPath, type BodyOf } from '../../lib/api-client';
import {
  todayLocal,
  useInvalidateVehicles,
  useMoney,
  useVehicle,
  vehicleApi,
  type ScheduleBlockApi,
} from './vehicle-api';
import { OwnerDocuments } from '../documents/OwnerDocuments';

export default function VehicleDetailPage() {
  const { id } = useParams();
  const t = useT();
  const { data: vehicle, error, mutate } = useVehicle(id);

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        <PageHeader title={missing ? t('vehicles.notFound') : t('vehicles.loadOneFailed')} />
        <ErrorPanel
          title={missing ? t('vehicles.notFound') : t('vehicles.loadOneFailed')}
          onRetry={missing ? undefined : () => void mutate()}
        />
        <Link to="/vehicles" className="link mt-4 inline-block">
          {t('vehicles.actions.backToList')}
        </Link>
      </>
    );
  }
  if (!vehicle) return <DetailSkeleton />;
  return <VehicleDetail vehicle={vehicle} />;
}

function VehicleDetail({ vehicle }: { vehicle: VehicleApi }) {
  const t = useT();
  const can = useCan();
  const money = useMoney();
  const fmt = useFormat();
  const invalidate = useInvalidateVehicles();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const today = todayLocal();
  const name = `${vehicle.make} ${vehicle.model} (${vehicle.licensePlate})`;

  const run = async (action: () => Promise<VehicleApi>, success: string, failure: string) => {
    setPending(true);
    try {
      const next = await action();
      invalidate(next);
      toast({ variant: 'success', title: t(success), description: name });
      return true;
    } catch (error) {
      toastApiError(t(failure), error);
      invalidate(vehicle);
      return false;
    } finally {
      setPending(false);
    }
  };

  const archive = async () => {
    await run(() => vehicleApi.archive(vehicle), 'vehicles.messages.archived', 'vehicles.messages.archiveFailed');
    setConfirming(false);
  };

  const specs: [string, string][] = [
    ['year', String(vehicle.year)],
    ['licensePlate', vehicle.licensePlate],
    ['vin', vehicle.vin],
    ['category', vehicle.category ? t(`vehicles.category.${vehicle.category}`) : t('vehicles.notSet')],
    ['color', vehicle.color ?? t('vehicles.notSet')],
    ['odometerKm', fmt.quantity(vehicle.odometerKm, 'kilometer')],
    ['fuelType', vehicle.fuelType ? t(`vehicles.fuel.${vehicle.fuelType}`) : t('vehicles.notSet')],
    ['transmission', vehicle.transmission ? t(`vehicles.transmission.${vehicle.transmission}`) : t('vehicles.notSet')],
    ['location', vehicle.location ?? t('vehicles.notSet')],
    ['dailyRate', money(vehicle.dailyRate)],
    ['monthlyRate', vehicle.monthlyRate === null ? t('vehicles.notSet') : money(vehicle.monthlyRate)],
    ['dailyKmLimit', fmt.quantity(vehicle.dailyKmLimit, 'kilometer')],
    ['issuedPlace', vehicle.issuedPlace ?? t('vehicles.notSet')],
    ['plateCategory', vehicle.plateCategory ?? t('vehicles.notSet')],
    ['trafficCode', vehicle.trafficCode ?? t('vehicles.notSet')],
    [
      'startRegistrationDate',
      vehicle.startRegistrationDate ? fmt.date(vehicle.startRegistrationDate) : t('vehicles.notSet'),
    ],
  ];

  return (
    <>
      <Link to="/vehicles" className="link text-sm">
        {t('vehicles.actions.backToList')}
      </Link>
      <PageHeader
        title={`${vehicle.make} ${vehicle.model}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{vehicle.licensePlate}</span>
            <StatusBadge status={vehicle.status} />
            {vehicle.isArchived && <ArchivedBadge />}
          </span>
        }
        actions={
          <>
            {can('vehiclesEdit') && !vehicle.isArchived && (
              <Link to={`/vehicles/${vehicle.id}/edit`} className="btn-secondary">
                {t('vehicles.actions.edit')}
              </Link>
            )}
            {can('vehiclesEdit') && !vehicle.isArchived && (
              <button type="button" className="btn-secondary" onClick={() => setConfirming(true)} disabled={pending}>
                {t('vehicles.actions.archive')}
              </button>
            )}
            {can('vehiclesEdit') && vehicle.isArchived && (
              <button
                type="button"
                className="btn-primary"
                disabled={pending}
                onClick={() =>
                  void run(
                    () => vehicleApi.unarchive(vehicle),
                    'vehicles.messages.unarchived',
                    'vehicles.messages.unarchiveFailed',
                  )
                }
              >
                {t('vehicles.actions.unarchive')}
              </button>
            )}
          </>
        }
      />
      {vehicle.isArchived && (
        <p
          role="status"
          className="mb-4 rounded-ui border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {t('vehicles.archivedNotice')}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-labelledby="specs-title">
          <h2 id="specs-title" className="mb-3 font-semibold">
            {t('vehicles.sections.specs')}
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {specs.map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`vehicles.field.${k}`)}</dt>
                <dd className={k === 'vin' || k === 'licensePlate' ? 'font-mono' : ''}>{v}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="space-y-4">
          <section className="card" aria-labelledby="expiry-title">
            <h2 id="expiry-title" className="mb-3 font-semibold">
              {t('vehicles.sections.expiries')}
            </h2>
            {(['insuranceExpiryDate', 'registrationExpiryDate'] as const).map((f) => (
              <div key={f} className="mb-2 flex items-center justify-between gap-2" data-expiry-field={f}>
                <span className="text-sm">
                  {t(`vehicles.field.${f}`)}
                  <br />
                  <span className="text-slate-600 dark:text-slate-300">
                    {vehicle[f] ? fmt.date(vehicle[f]) : t('vehicles.notSet')}
                  </span>
                </span>
                <ExpiryBadgeView badge={expiryBadge(vehicle[f], today)} />
              </div>
            ))}
          </section>
          <section className="card" aria-labelledby="health-title">
            <h2 id="health-title" className="mb-2 font-semibold">
              {t('vehicles.sections.health')}
            </h2>
            <HealthView score={vehicle.healthScore} grade={vehicle.healthGrade} />
          </section>
          {can('vehiclesChangeStatus') && !vehicle.isArchived && vehicle.status !== 'rented' && (
            <StatusChanger
              vehicle={vehicle}
              pending={pending}
              onChange={(status) =>
                void run(
                  () => vehicleApi.changeStatus(vehicle, status),
                  'vehicles.messages.statusChanged',
                  'vehicles.messages.statusFailed',
                )
              }
            />
          )}
        </div>
      </div>

      <Schedule vehicleId={vehicle.id} />
      <OwnerDocuments scope="vehicle" ownerId={vehicle.id} canEdit={can('documentsVehicle')} />

      <ConfirmDialog
        open={confirming}
        title={t('vehicles.confirmArchiveTitle')}
        body={t('vehicles.confirmArchiveBody', { vehicle: name })}
        confirmLabel={t('vehicles.confirmArchive')}
        pending={pending}
        onConfirm={() => void archive()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** The statuses staff set by hand (the select offers only MANUAL_VEHICLE_STATUSES). */
type ManualStatus = BodyOf<'changeVehicleStatus'>['status'];

function StatusChanger({
  vehicle,
  pending,
  onChange,
}: {
  vehicle: VehicleApi;
  pending: boolean;
  onChange: (status: ManualStatus) => void;
}) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title" className="mb-2 font-semibold">
        {t('vehicles.actions.changeStatus')}
      </h2>
      <label htmlFor="vehicle-status-change" className="sr-only">
        {t('vehicles.field.status')}
      </label>
      <select
        id="vehicle-status-change"
        className="field-input"
        value={vehicle.status}
        disabled={pending}
        onChange={(e) => onChange(e.target.value as ManualStatus)}
      >
        {MANUAL_VEHICLE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`vehicles.status.${s}`)}
          </option>
        ))}
      </select>
    </section>
  );
}

function Schedule({ vehicleId }: { vehicleId: string }) {
  const t = useT();
  const schedule = itemsState(
    useSWR<{ items: ScheduleBlockApi[] } | null>(apiPath('getVehicleSchedule', { id: vehicleId })),
  );
  const when = useFormat().dateTime;
  return (
    <section className="card mt-4" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="mb-3 font-semibold">
        {t('vehicles.sections.schedule')}
      </h2>
      <ListState
        list={schedule}
        errorTitle={t('vehicles.schedule.loadFailed')}
        skeleton={{ rows: 2, columns: 2 }}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('vehicles.schedule.empty')}</p>}
      >
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {schedule.items.map((b) => (
            <li key={`${b.kind}-${b.refId}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{t(`vehicles.schedule.${b.kind}`)}</span>
                {b.label ? <span className="ms-2">{b.label}</span> : null}
                {b.kind === 'rental' && (
                  <Link to={`/rentals/${b.refId}`} className="link ms-2">
                    {t('vehicles.actions.view')}
                  </Link>
                )}
              </span>
              <span className="tabular-nums text-slate-700 dark:text-slate-200">
                {when(b.start)} <DirectionArrow direction="forward" />{' '}
                {b.end ? when(b.end) : t('vehicles.schedule.openEnded')}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

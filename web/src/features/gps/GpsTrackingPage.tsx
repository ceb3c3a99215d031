/**
 * /gps-tracking (issue 14): the live map of the fleet (refreshed every few seconds without a
 * reload), vehicle search and filters, a vehicle's trail for a period coloured by speed, the
 * geofence list and editor (draw a circle or a polygon on the map, edit, delete with
 * confirmation) and the event feed. A lazy route: maplibre loads with this page only.
 */
import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Link } from 'react-router';
import { createGeofenceSchema } from '../../../../shared/schemas/gps';
import { GEOFENCE_TYPES, WEEKDAYS, type GeofenceType, type Weekday } from '../../../../shared/gps/rules';
import { pathKm } from '../../../../shared/gps/trips';
import { VEHICLE_STATUSES } from '../../../../shared/schemas/vehicles';
import { ConfirmDialog, DialogActions, Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError, translateApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/use-can';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useDateTime } from '../../lib/company-clock';
import FleetMap, { type Draft } from './FleetMap';
import { TrackerDialog } from './TrackerDialog';
import {
  EVENTS_PATH,
  FENCE_COLORS,
  GEOFENCES_PATH,
  LIVE_PATH,
  LIVE_REFRESH_MS,
  POSITIONS_PATH,
  STATUS_COLORS,
  ageText,
  gpsApi,
  type GeofenceApi,
  type LiveVehicleApi,
  type PositionApi,
  type ZoneEventApi,
} from './gps-api';
import { type BodyOf } from '../../lib/api-client';
import { polling } from '../../lib/swr';

const LIVE = { ...polling(LIVE_REFRESH_MS), revalidateOnMount: true } as const;
const PERIODS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
type Period = keyof typeof PERIODS;

const distanceKm = (pts: PositionApi[]): number => Math.round(pathKm(pts) * 10) / 10;

export default function GpsTrackingPage() {
  const t = useT();
  const when = useDateTime();
  const canEdit = useCan('gpsEdit');
  const live = useSWR<{ items: LiveVehicleApi[] }>(LIVE_PATH, LIVE);
  const fences = useSWR<{ items: GeofenceApi[] }>(GEOFENCES_PATH);
  const events = useSWR<{ items: ZoneEventApi[] }>(`${EVENTS_PATH}?limit=30`, LIVE);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [tracker, setTracker] = useState('');
  // ?vehicle={id} (the GPS alerts link here) selects that vehicle.
  const [selected, setSelected] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('vehicle'),
  );
  const [trail, setTrail] = useState<{ vehicleId: string; period: Period; from: string } | null>(null);
  const [mode, setMode] = useState<'none' | 'circle' | 'polygon'>('none');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<{ fence?: GeofenceApi; draft?: Draft } | null>(null);
  const [deleting, setDeleting] = useState<GeofenceApi | null>(null);
  const [busy, setBusy] = useState(false);
  const [trackerOf, setTrackerOf] = useState<LiveVehicleApi | null>(null);

  const trailData = useSWR<{ items: PositionApi[] }>(
    trail ? `${POSITIONS_PATH}?vehicleId=${trail.vehicleId}&from=${encodeURIComponent(trail.from)}` : null,
  );
  const vehicles = live.data?.items ?? [];
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return vehicles.filter(
      (v) =>
        (!needle || `${v.label} ${v.licensePlate}`.toLowerCase().includes(needle)) &&
        (!status || v.status === status) &&
        (!tracker || (tracker === 'yes') === v.hasTracker),
    );
  }, [vehicles, q, status, tracker]);
  const trailVehicle = trail ? vehicles.find((v) => v.vehicleId === trail.vehicleId) : undefined;
  const points = trailData.data?.items ?? [];

  const onMapClick = (c: [number, number]) => {
    if (mode === 'circle') {
      setMode('none');
      setDraft(null);
      setEditing({ draft: { shape: 'circle', center: c, radius: 500 } });
    } else if (mode === 'polygon') {
      setDraft((d) => ({ shape: 'polygon', coordinates: [...(d?.coordinates ?? []), c] }));
    }
  };
  const startDraw = (m: 'circle' | 'polygon') => {
    setMode(m);
    setDraft(m === 'polygon' ? { shape: 'polygon', coordinates: [] } : null);
  };
  const cancelDraw = () => {
    setMode('none');
    setDraft(null);
  };
  const finishPolygon = () => {
    setMode('none');
    setEditing({ draft: draft ?? undefined });
    setDraft(null);
  };
  const showTrail = (vehicleId: string, period: Period = trail?.period ?? '24h') => {
    setSelected(vehicleId);
    setTrail({ vehicleId, period, from: new Date(Date.now() - PERIODS[period]).toISOString() });
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await gpsApi.deleteGeofence(deleting.id);
      toast({ variant: 'success', title: t('gps.deleted') });
      setDeleting(null);
      await fences.mutate();
    } catch (error) {
      toastApiError(t('gps.deleteFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  const editorDraft =
    editing?.draft ??
    (editing?.fence
      ? {
          shape: editing.fence.shape,
          center: editing.fence.center,
          radius: editing.fence.radius,
          coordinates: editing.fence.coordinates ?? undefined,
        }
      : null);

  return (
    <div className="space-y-4">
      <PageHeader title={t('gps.title')} subtitle={t('gps.subtitle')} />
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          id="gps-search"
          label={t('gps.searchLabel')}
          placeholder={t('gps.searchPlaceholder')}
          value={q}
          onSearch={setQ}
        />
        <FilterSelect
          id="gps-status"
          label={t('gps.filterStatus')}
          value={status}
          onChange={setStatus}
          allLabel={t('gps.allStatuses')}
          options={VEHICLE_STATUSES.map((s) => [s, t(`gps.status.${s}`)] as [string, string])}
        />
        <FilterSelect
          id="gps-tracker"
          label={t('gps.filterTracker')}
          value={tracker}
          onChange={setTracker}
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
          {t('gps.live')} · {t('gps.vehiclesCount', { count: shown.length })}
        </span>
      </div>

      {live.data && !vehicles.some((v) => v.hasTracker) && (
        <section
          className="card border-violet-200 bg-violet-50 text-violet-950 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-50"
          aria-labelledby="gps-setup-title"
          data-testid="gps-no-tracker"
        >
          <h2 id="gps-setup-title" className="font-semibold">
            {t('gps.tracker.setupTitle')}
          </h2>
          <p className="mt-1 text-sm">{t('gps.tracker.setupBody')}</p>
          <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm">
            <li>{t('gps.tracker.setupStep1')}</li>
            <li>{t('gps.tracker.setupStep2')}</li>
            <li>{t('gps.tracker.setupStep3')}</li>
          </ol>
          <div className="mt-3">
            {vehicles[0] ? (
              <button type="button" className="btn-primary" onClick={() => setTrackerOf(vehicles[0])}>
                {t('gps.tracker.setupAction', { vehicle: `${vehicles[0].label} · ${vehicles[0].licensePlate}` })}
              </button>
            ) : (
              <Link to="/vehicles" className="btn-primary">
                {t('gps.tracker.setupNoVehicles')}
              </Link>
            )}
          </div>
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-2 lg:col-span-2">
          {mode !== 'none' && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-md bg-violet-50 p-2 text-sm text-violet-900 dark:bg-violet-950 dark:text-violet-100"
              data-testid="draw-help"
            >
              <span>
                {mode === 'circle'
                  ? t('gps.drawCircleHelp')
                  : t('gps.drawPolygonHelp', { count: draft?.coordinates?.length ?? 0 })}
              </span>
              {mode === 'polygon' && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={(draft?.coordinates?.length ?? 0) < 3}
                  onClick={finishPolygon}
                >
                  {t('gps.finish')}
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={cancelDraw}>
                {t('gps.cancelDraw')}
              </button>
            </div>
          )}
          <FleetMap
            vehicles={shown}
            fences={fences.data?.items ?? []}
            trail={trail ? points : null}
            draft={draft ?? (editing ? editorDraft : null)}
            selectedId={selected}
            onSelect={(id) => showTrail(id)}
            onMapClick={onMapClick}
            label={t('gps.mapLabel')}
            unavailableText={t('gps.mapUnavailable')}
          />
          {trail && (
            <section className="card" aria-labelledby="gps-trail-title" data-testid="gps-trail">
              <div className="flex flex-wrap items-end gap-3">
                <h2 id="gps-trail-title" className="font-semibold">
                  {t('gps.trailTitle', {
                    vehicle: trailVehicle ? `${trailVehicle.label} · ${trailVehicle.licensePlate}` : '',
                  })}
                </h2>
                <FilterSelect
                  id="gps-period"
                  label={t('gps.trailPeriod')}
                  value={trail.period}
                  onChange={(p) => showTrail(trail.vehicleId, (p || '24h') as Period)}
                  options={(Object.keys(PERIODS) as Period[]).map((p) => [p, t(`gps.period.${p}`)] as [string, string])}
                />
                <button
                  type="button"
                  className="btn-secondary ms-auto"
                  onClick={() => {
                    setTrail(null);
                    setSelected(null);
                  }}
                >
                  {t('gps.closeTrail')}
                </button>
              </div>
              <p className="mt-2 text-sm">
                {points.length
                  ? t('gps.trailSummary', {
                      count: points.length,
                      km: distanceKm(points),
                      max: Math.round(Math.max(...points.map((p) => p.speed))),
                    })
                  : t('gps.trailEmpty')}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">{t('gps.speedLegend')}</p>
            </section>
          )}
        </div>

        <section className="card max-h-[34rem] overflow-y-auto" tabIndex={0} aria-labelledby="gps-vehicles-title">
          <h2 id="gps-vehicles-title" className="mb-2 font-semibold">
            {t('gps.vehicles')}
          </h2>
          {shown.length === 0 && <p className="text-sm">{t('gps.noVehicles')}</p>}
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="gps-vehicle-list">
            {shown.map((v) => (
              <li
                key={v.vehicleId}
                className={`flex items-center gap-2 py-2 ${selected === v.vehicleId ? 'bg-violet-50 dark:bg-violet-950' : ''}`}
                data-vehicle-id={v.vehicleId}
              >
                <span
                  className="h-3 w-3 shrink-0 rounded-full"
                  style={{ background: STATUS_COLORS[v.status] ?? '#64748b' }}
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <Link to={`/vehicles/${v.vehicleId}`} className="font-medium hover:underline">
                    {v.label}
                  </Link>{' '}
                  <span dir="ltr" className="font-mono text-xs">
                    {v.licensePlate}
                  </span>
                  <div className="text-xs text-slate-600 dark:text-slate-300">
                    {t(`gps.status.${v.status}`)} ·{' '}
                    {v.speed !== null ? t('gps.speed', { speed: Math.round(v.speed) }) : '—'} ·{' '}
                    {v.lastGpsUpdate ? t('gps.lastUpdate', { age: ageText(t, v.lastGpsUpdate) }) : t('gps.never')}
                    {v.batteryPercent !== null ? ` · ${t('gps.battery', { pct: Math.round(v.batteryPercent) })}` : ''}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  onClick={() => setTrackerOf(v)}
                  aria-label={`${t('gps.tracker.button')} ${v.licensePlate}`}
                >
                  {t('gps.tracker.button')}
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  onClick={() => showTrail(v.vehicleId)}
                  disabled={v.latitude === null}
                >
                  {t('gps.showTrail')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card" aria-labelledby="gps-fences-title" data-testid="gps-geofences">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <h2 id="gps-fences-title" className="font-semibold">
              {t('gps.geofences')}
            </h2>
            {canEdit && (
              <span className="ms-auto flex gap-2">
                <button type="button" className="btn-secondary" onClick={() => startDraw('circle')}>
                  {t('gps.addCircle')}
                </button>
                <button type="button" className="btn-secondary" onClick={() => startDraw('polygon')}>
                  {t('gps.addPolygon')}
                </button>
              </span>
            )}
          </div>
          {(fences.data?.items.length ?? 0) === 0 && <p className="text-sm">{t('gps.noGeofences')}</p>}
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {fences.data?.items.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center gap-2 py-2" data-fence-id={g.id}>
                <span className="h-3 w-3 rounded-sm" style={{ background: FENCE_COLORS[g.type] }} aria-hidden="true" />
                <span className="font-medium">{g.name}</span>
                <span className="text-xs text-slate-600 dark:text-slate-300">
                  {t(`gps.type.${g.type}`)} · {t(`gps.shape.${g.shape}`)}
                  {g.speedLimitKmh ? ` · ${t('gps.speed', { speed: g.speedLimitKmh })}` : ''}
                  {g.timeWindow ? ` · ${g.timeWindow.start}–${g.timeWindow.end}` : ''}
                </span>
                {canEdit && (
                  <span className="ms-auto flex gap-1">
                    <button
                      type="button"
                      className="btn-secondary px-2 py-1 text-xs"
                      onClick={() => setEditing({ fence: g })}
                    >
                      {t('gps.editGeofence')}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-2 py-1 text-xs text-red-700"
                      onClick={() => setDeleting(g)}
                    >
                      {t('gps.deleteGeofence')}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section
          className="card max-h-[40rem] overflow-y-auto"
          tabIndex={0}
          aria-labelledby="gps-events-title"
          data-testid="gps-events"
        >
          <h2 id="gps-events-title" className="mb-2 font-semibold">
            {t('gps.events')}
          </h2>
          {(events.data?.items.length ?? 0) === 0 && <p className="text-sm">{t('gps.noEvents')}</p>}
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {events.data?.items.map((e) => (
              <li key={e.id} className="py-2" data-event-kind={e.kind} data-vehicle-id={e.vehicleId}>
                <div className="flex flex-wrap gap-2">
                  <span
                    className={`rounded px-1.5 text-xs font-medium ${e.kind === 'speeding' ? 'bg-red-100 text-red-900' : e.kind === 'entry' ? 'bg-blue-100 text-blue-900' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {t(`gps.kind.${e.kind}`)}
                  </span>
                  <span className="font-medium">{e.vehicleLabel}</span>
                  <span>
                    {e.kind === 'speeding'
                      ? t('gps.speedingLine', { max: Math.round(e.maxSpeedKmh ?? e.speed), limit: e.limitKmh ?? '' })
                      : `${e.fenceName ?? ''}${e.fenceType ? ` (${t(`gps.type.${e.fenceType}`)})` : ''}`}
                  </span>
                </div>
                <div className="text-xs text-slate-600 dark:text-slate-300">
                  {when(e.at)}
                  {e.rentalId ? (
                    <>
                      {' '}
                      ·{' '}
                      <Link className="hover:underline" to={`/rentals/${e.rentalId}`}>
                        {t('gps.onRental', { reference: e.rentalReference ?? '', customer: e.customerName ?? '' })}
                      </Link>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>

      {editing && editorDraft && (
        <GeofenceForm
          fence={editing.fence}
          draft={editorDraft}
          vehicles={vehicles}
          onDraftChange={(d) => setEditing((e) => (e ? { ...e, draft: d } : e))}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await fences.mutate();
          }}
        />
      )}
      {trackerOf && <TrackerDialog vehicle={trackerOf} onClose={() => setTrackerOf(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('gps.deleteTitle')}
        body={t('gps.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('gps.deleteGeofence')}
        pending={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function GeofenceForm({
  fence,
  draft,
  vehicles,
  onDraftChange,
  onClose,
  onSaved,
}: {
  fence?: GeofenceApi;
  draft: Draft;
  vehicles: LiveVehicleApi[];
  onDraftChange: (d: Draft) => void;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState(fence?.name ?? '');
  const [type, setType] = useState<GeofenceType>(fence?.type ?? 'SERVICE_AREA');
  const [radius, setRadius] = useState(String(draft.radius ?? 500));
  const [limit, setLimit] = useState(fence?.speedLimitKmh ? String(fence.speedLimitKmh) : '');
  const [windowOn, setWindowOn] = useState(!!fence?.timeWindow);
  const [days, setDays] = useState<Weekday[]>(fence?.timeWindow?.days ?? [...WEEKDAYS]);
  const [start, setStart] = useState(fence?.timeWindow?.start ?? '22:00');
  const [end, setEnd] = useState(fence?.timeWindow?.end ?? '06:00');
  const [chosen, setChosen] = useState<string[]>(fence?.vehicleIds ?? []);
  const form = useFormSubmit(createGeofenceSchema, async (body: Record<string, unknown>) => {
    try {
      if (fence) await gpsApi.updateGeofence(fence.id, { ...body, version: fence.version });
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      else await gpsApi.createGeofence(body as BodyOf<'createGeofence'>);
      toast({ variant: 'success', title: t('gps.saved') });
      await onSaved();
      return {};
    } catch (error) {
      return translateApiError(error, t).fields;
    }
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = Number(radius);
    void form.submit({
      name,
      type,
      shape: draft.shape,
      ...(draft.shape === 'circle'
        ? { center: draft.center, radius: radius === '' ? null : r }
        : { coordinates: draft.coordinates }),
      speedLimitKmh: limit === '' ? null : Number(limit),
      timeWindow: windowOn ? { days, start, end } : null,
      vehicleIds: chosen.length ? chosen : null,
    });
  };
  return (
    <Modal open onClose={form.saving ? () => {} : onClose} title={fence ? t('gps.editGeofence') : t('gps.newGeofence')}>
      <form noValidate className="space-y-3" onSubmit={submit} data-testid="geofence-form">
        <FormField label={t('gps.field.name')} error={form.errors.name} name="name">
          {(p) => (
            <input
              {...p}
              className="field-input"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                form.clearError('name');
              }}
              autoFocus
            />
          )}
        </FormField>
        <FormField label={t('gps.field.type')} error={form.errors.type} name="type">
          {(p) => (
            <select
              {...p}
              className="field-input"
              value={type}
              onChange={(e) => setType(e.target.value as GeofenceType)}
            >
              {GEOFENCE_TYPES.map((g) => (
                <option key={g} value={g}>
                  {t(`gps.type.${g}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {draft.shape === 'circle' && (
          <FormField label={t('gps.field.radius')} error={form.errors.radius} name="radius">
            {(p) => (
              <input
                {...p}
                className="field-input"
                inputMode="numeric"
                value={radius}
                onChange={(e) => {
                  setRadius(e.target.value);
                  form.clearError('radius');
                  const n = Number(e.target.value);
                  if (n > 0) onDraftChange({ ...draft, radius: n });
                }}
              />
            )}
          </FormField>
        )}
        {form.errors.coordinates && <p className="text-sm text-red-700">{form.errors.coordinates}</p>}
        <FormField
          label={t('gps.field.speedLimit')}
          error={form.errors.speedLimitKmh}
          name="speedLimitKmh"
          hint={t('gps.noLimit')}
        >
          {(p) => (
            <input
              {...p}
              className="field-input"
              inputMode="numeric"
              value={limit}
              onChange={(e) => {
                setLimit(e.target.value);
                form.clearError('speedLimitKmh');
              }}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={windowOn} onChange={(e) => setWindowOn(e.target.checked)} />
          {t('gps.field.window')}
        </label>
        {windowOn && (
          <fieldset className="space-y-2">
            <legend className="sr-only">{t('gps.field.days')}</legend>
            <div className="flex flex-wrap gap-2 text-sm">
              {WEEKDAYS.map((d) => (
                <label key={d} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={days.includes(d)}
                    onChange={(e) => setDays((xs) => (e.target.checked ? [...xs, d] : xs.filter((x) => x !== d)))}
                  />
                  {t(`gps.weekday.${d}`)}
                </label>
              ))}
            </div>
            <div className="flex gap-2">
              <FormField label={t('gps.field.start')} name="start" error={form.errors['timeWindow']}>
                {(p) => (
                  <input
                    {...p}
                    type="time"
                    className="field-input"
                    value={start}
                    onChange={(e) => setStart(e.target.value)}
                  />
                )}
              </FormField>
              <FormField label={t('gps.field.end')} name="end">
                {(p) => (
                  <input
                    {...p}
                    type="time"
                    className="field-input"
                    value={end}
                    onChange={(e) => setEnd(e.target.value)}
                  />
                )}
              </FormField>
            </div>
          </fieldset>
        )}
        <FormField label={t('gps.field.vehicles')} name="vehicleIds" error={form.errors.vehicleIds}>
          {(p) => (
            <select
              {...p}
              multiple
              className="field-input h-24"
              value={chosen}
              onChange={(e) => setChosen([...e.target.selectedOptions].map((o) => o.value))}
            >
              {vehicles.map((v) => (
                <option key={v.vehicleId} value={v.vehicleId}>
                  {v.label} · {v.licensePlate}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={form.saving}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {t('gps.save')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

/**
 * The geofence editor (a modal): name, type, radius (a circle's, shown live on the map), speed
 * limit, active hours and the vehicles it applies to. Validated with the shared create schema
 * before anything is sent; the server's field errors show under their fields.
 */
import { useState, type FormEvent } from 'react';
import { createGeofenceSchema } from '../../../../shared/schemas/gps';
import { GEOFENCE_TYPES, WEEKDAYS, type GeofenceType, type Weekday } from '../../../../shared/gps/rules';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { translateApiError } from '../../lib/api-errors';
import type { BodyOf } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { Draft } from './FleetMap';
import { gpsApi, type GeofenceApi, type LiveVehicleApi } from './gps-api';

export function GeofenceForm({
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

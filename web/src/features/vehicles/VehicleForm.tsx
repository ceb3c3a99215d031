import { useState, type FormEvent, type ReactElement } from 'react';
import {
  createVehicleSchema,
  FUEL_TYPES,
  MANUAL_VEHICLE_STATUSES,
  TRANSMISSIONS,
  updateVehicleSchema,
  VEHICLE_CATEGORIES,
  type VehicleApi,
} from '../../../../shared/schemas/vehicles';
import { DEFAULT_DAILY_KM_LIMIT } from '../../../../shared/constants';
import { vinError } from '../../../../shared/vehicles/vehicle-rules';
import { useT } from '../../i18n';
import { FormField } from '../../components/FormField';
import { translateMessage } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';

/**
 * Add and edit form. Validates with the same zod schema as the API before sending; the VIN is
 * checked as you type (both spec messages); the server's field errors come back through
 * `onSubmit` (it returns them) and show under their fields.
 */
type Values = Record<string, string>;
type Errors = Record<string, string>;

const TEXT_FIELDS = [
  'make',
  'model',
  'licensePlate',
  'vin',
  'color',
  'location',
  'issuedPlace',
  'trafficCode',
  'plateCategory',
] as const;
const NUMBER_FIELDS = ['year', 'odometerKm', 'dailyRate', 'monthlyRate', 'dailyKmLimit'] as const;
const DATE_FIELDS = ['insuranceExpiryDate', 'registrationExpiryDate', 'startRegistrationDate'] as const;
const SELECT_FIELDS = ['fuelType', 'transmission', 'category'] as const;

function initialValues(vehicle?: VehicleApi): Values {
  const v: Values = { status: 'available', dailyKmLimit: String(DEFAULT_DAILY_KM_LIMIT) };
  if (!vehicle) return v;
  for (const f of [...TEXT_FIELDS, ...NUMBER_FIELDS, ...DATE_FIELDS, ...SELECT_FIELDS]) {
    const value = (vehicle as unknown as Record<string, unknown>)[f];
    v[f] = value === null || value === undefined ? '' : String(value);
  }
  return v;
}

/** Form strings → the API body: numbers parsed, empty optional fields null. */
function toBody(values: Values, isEdit: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = values[f] ?? '';
  for (const f of NUMBER_FIELDS) {
    const raw = (values[f] ?? '').trim();
    if (raw === '') body[f] = f === 'monthlyRate' ? null : undefined;
    else body[f] = Number(raw.replace(',', '.'));
  }
  for (const f of [...DATE_FIELDS, ...SELECT_FIELDS]) body[f] = values[f] ? values[f] : null;
  if (!isEdit) body.status = values.status;
  return body;
}

export function VehicleForm({
  vehicle,
  onSubmit,
  onCancel,
  submitLabel,
}: {
  vehicle?: VehicleApi;
  /** Sends the validated body; resolves to server field errors (empty when it worked). */
  onSubmit: (body: Record<string, unknown>) => Promise<Errors>;
  onCancel: () => void;
  submitLabel: string;
}) {
  const t = useT();
  const [values, setValues] = useState<Values>(() => initialValues(vehicle));
  const isEdit = !!vehicle;
  const form = useFormSubmit<Record<string, unknown>>(isEdit ? updateVehicleSchema : createVehicleSchema, (body) =>
    onSubmit(isEdit ? { ...body, version: vehicle!.version } : body),
  );
  const { errors, setErrors, saving: pending } = form;

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'vin') {
      // Live VIN check as the user types (only once something was typed).
      const message = value ? vinError(value) : null;
      setErrors((e) => ({ ...e, vin: message ? translateMessage(t, message) : '' }));
    } else form.clearError(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(toBody(values, isEdit));
  };

  const field = (name: string, input: ReactElement) => (
    <FormField key={name} name={name} label={t(`vehicles.field.${name}`)} error={errors[name] || undefined}>
      {input}
    </FormField>
  );
  const text = (name: string, extra: Record<string, unknown> = {}) =>
    field(
      name,
      <input
        className="field-input"
        value={values[name] ?? ''}
        onChange={(e) => set(name, e.target.value)}
        {...extra}
      />,
    );
  const select = (name: string, options: readonly string[], labelPrefix: string, allowEmpty = true) =>
    field(
      name,
      <select className="field-input" value={values[name] ?? ''} onChange={(e) => set(name, e.target.value)}>
        {allowEmpty && <option value="">{t('vehicles.choose')}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${labelPrefix}.${o}`)}
          </option>
        ))}
      </select>,
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={submitLabel}>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('vehicles.sections.identity')}
        </legend>
        {text('make', { autoComplete: 'off' })}
        {text('model', { autoComplete: 'off' })}
        {text('year', { inputMode: 'numeric' })}
        {text('licensePlate', { autoComplete: 'off' })}
        {text('vin', { autoComplete: 'off', maxLength: 25, placeholder: t('vehicles.vinHint'), spellCheck: false })}
        {text('color')}
        {select('category', VEHICLE_CATEGORIES, 'vehicles.category')}
        {select('fuelType', FUEL_TYPES, 'vehicles.fuel')}
        {select('transmission', TRANSMISSIONS, 'vehicles.transmission')}
        {text('odometerKm', { inputMode: 'numeric' })}
        {text('location')}
        {!isEdit && select('status', MANUAL_VEHICLE_STATUSES, 'vehicles.status', false)}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('vehicles.sections.pricing')}
        </legend>
        {text('dailyRate', { inputMode: 'decimal' })}
        {text('monthlyRate', { inputMode: 'decimal' })}
        {text('dailyKmLimit', { inputMode: 'numeric', placeholder: String(DEFAULT_DAILY_KM_LIMIT) })}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('vehicles.sections.registration')}
        </legend>
        {text('insuranceExpiryDate', { type: 'date' })}
        {text('registrationExpiryDate', { type: 'date' })}
        {text('startRegistrationDate', { type: 'date' })}
        {text('issuedPlace')}
        {text('trafficCode')}
        {text('plateCategory')}
      </fieldset>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('vehicles.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}

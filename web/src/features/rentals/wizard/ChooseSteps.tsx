import { useT } from '../../../i18n';
import { FormField } from '../../../components/FormField';
import { useMoney } from '../rental-api';
import type { CustomerOption, Values, VehicleOption } from './wizard-model';

/** Wizard steps 1 and 2: the customer (with the blacklist check), then the window and a free vehicle. */
const input = 'field-input';

export function CustomerStep(props: {
  values: Values;
  errors: Record<string, string>;
  customers: CustomerOption[] | undefined;
  search: string;
  onSearch: (v: string) => void;
  onPick: (c: CustomerOption) => void;
  selected?: { fullNameEnglish: string };
  blacklist: 'warning' | 'block' | null;
  ack: boolean;
  onAck: (v: boolean) => void;
}) {
  const t = useT();
  const { values, errors, customers, blacklist } = props;
  return (
    <div className="space-y-3">
      <FormField label={t('rentals.wizard.customerSearch')} error={errors.customerId}>
        {(p) => (
          <input
            {...p}
            className={input}
            type="search"
            value={props.search}
            placeholder={t('rentals.wizard.customerSearchPlaceholder')}
            onChange={(e) => props.onSearch(e.target.value)}
          />
        )}
      </FormField>
      <div
        role="radiogroup"
        aria-label={t('rentals.wizard.stepCustomer')}
        className="max-h-64 space-y-1 overflow-y-auto"
      >
        {customers?.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.noCustomers')}</p>
        )}
        {(customers ?? []).map((c) => (
          <label
            key={c.id}
            className={`flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm ${values.customerId === c.id ? 'border-blue-500 bg-blue-50 dark:bg-blue-950' : 'border-slate-200 dark:border-slate-700'}`}
          >
            <input type="radio" name="customer" checked={values.customerId === c.id} onChange={() => props.onPick(c)} />
            <span className="font-medium">{c.fullNameEnglish}</span>
            {c.fullNameArabic && (
              <span dir="rtl" className="text-slate-600 dark:text-slate-300">
                {c.fullNameArabic}
              </span>
            )}
            <span className="ms-auto text-slate-600 dark:text-slate-300">{c.phone ?? c.licenseNumber ?? ''}</span>
          </label>
        ))}
      </div>
      {props.selected && (
        <p className="text-sm">
          {t('rentals.wizard.selected')}: <strong>{props.selected.fullNameEnglish}</strong>
        </p>
      )}
      {blacklist === 'block' && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {t('rentals.wizard.blacklistBlocked')}
        </p>
      )}
      {blacklist === 'warning' && (
        <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-200">
          {t('rentals.wizard.blacklistWarning')}
        </p>
      )}
      {blacklist === 'warning' && (
        <label className="flex items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <input type="checkbox" checked={props.ack} onChange={(e) => props.onAck(e.target.checked)} />{' '}
          {t('rentals.wizard.blacklistAcknowledge')}
        </label>
      )}
    </div>
  );
}

export function VehicleStep(props: {
  values: Values;
  errors: Record<string, string>;
  set: (name: string, value: string) => void;
  openEnded: boolean;
  onOpenEnded: (v: boolean) => void;
  windowOk: boolean;
  vehicles: VehicleOption[];
  loaded: boolean;
  busy: Set<string>;
  onPick: (v: VehicleOption) => void;
}) {
  const t = useT();
  const money = useMoney();
  const { values, errors, set, openEnded, windowOk, vehicles, busy } = props;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('rentals.wizard.startDate')} error={errors.startDate}>
          {(p) => (
            <input
              {...p}
              className={input}
              type="datetime-local"
              value={values.startDate}
              onChange={(e) => set('startDate', e.target.value)}
            />
          )}
        </FormField>
        {openEnded ? (
          <FormField label={t('rentals.wizard.expectedDuration')} error={errors.expectedDuration}>
            {(p) => (
              <input
                {...p}
                className={input}
                inputMode="numeric"
                value={values.expectedDuration}
                onChange={(e) => set('expectedDuration', e.target.value)}
              />
            )}
          </FormField>
        ) : (
          <FormField label={t('rentals.wizard.endDate')} error={errors.endDate}>
            {(p) => (
              <input
                {...p}
                className={input}
                type="datetime-local"
                value={values.endDate}
                onChange={(e) => set('endDate', e.target.value)}
              />
            )}
          </FormField>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={openEnded} onChange={(e) => props.onOpenEnded(e.target.checked)} />{' '}
        {t('rentals.wizard.openEnded')}
      </label>
      <fieldset>
        <legend className="field-label">{t('rentals.wizard.availableVehicles')}</legend>
        {!windowOk && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.pickDatesFirst')}</p>
        )}
        {errors.vehicleId && <p className="field-error">{errors.vehicleId}</p>}
        <div
          role="radiogroup"
          aria-label={t('rentals.wizard.availableVehicles')}
          className="mt-2 grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2"
        >
          {windowOk &&
            vehicles.map((v) => {
              const isBusy = busy.has(v.id);
              return (
                <label
                  key={v.id}
                  className={`flex items-center gap-2 rounded-md border p-2 text-sm ${isBusy ? 'opacity-60' : 'cursor-pointer'} ${values.vehicleId === v.id ? 'border-blue-500 bg-blue-50 dark:bg-blue-950' : 'border-slate-200 dark:border-slate-700'}`}
                >
                  <input
                    type="radio"
                    name="vehicle"
                    checked={values.vehicleId === v.id}
                    onChange={() => props.onPick(v)}
                    aria-describedby={isBusy ? `busy-${v.id}` : undefined}
                  />
                  <span className="font-medium">
                    {v.make} {v.model}
                  </span>
                  <span className="text-slate-600 dark:text-slate-300">{v.licensePlate}</span>
                  {isBusy ? (
                    <span id={`busy-${v.id}`} className="ms-auto text-xs text-red-700 dark:text-red-300">
                      {t('rentals.wizard.busy')}
                    </span>
                  ) : (
                    <span className="ms-auto tabular-nums">{money(v.dailyRate)}</span>
                  )}
                </label>
              );
            })}
          {windowOk && props.loaded && vehicles.every((v) => busy.has(v.id)) && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.noVehicles')}</p>
          )}
        </div>
      </fieldset>
    </div>
  );
}

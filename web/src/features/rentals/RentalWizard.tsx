import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { DEFAULT_DAILY_KM_LIMIT, DEFAULT_EXTRA_CHARGE_PER_KM, RENTAL_PAYMENT_METHODS } from '../../../../shared/constants';
import { toMinor } from '../../../../shared/money';
import { quoteRental } from '../../../../shared/rentals/pricing';
import { getRegionConfig } from '../../../../shared/regions';
import { createRentalSchema, RENTAL_MESSAGES } from '../../../../shared/schemas/rentals';
import { ApiError } from '../../lib/api';
import { useT } from '../../i18n';
import { Field, Modal } from './components';
import {
  errorConflicts, fromLocalInput, issuesToErrors, rentalApi, serverFieldErrors, toLocalInput, translateRentalMessage,
  useDateTime, useMoney, useRegion, type ConflictApi, type RentalApi,
} from './rental-api';
import { DirectionArrow } from '../../components/DirectionArrow';

/**
 * The rental wizard (business-data §5 rental wizard, §8 messages): customer → vehicle and dates
 * (only vehicles free in the window are offered) → pricing (rates prefilled from the vehicle, km
 * limit 200 and 0.50 per extra km, tax rate of the region, live quote from shared/pricing.ts) →
 * payment and details. The whole body is validated with the API's own schema before sending;
 * server field errors come back under their fields and send the user to the step holding them.
 */
interface CustomerOption { id: string; fullNameEnglish: string; fullNameArabic?: string | null; phone?: string | null; licenseNumber?: string | null }
interface VehicleOption { id: string; make: string; model: string; year: number; licensePlate: string; dailyRate: number; monthlyRate: number | null; dailyKmLimit: number | null; status: string; isArchived: boolean }

const STEP_FIELDS: string[][] = [
  ['customerId', 'blacklistAcknowledged'],
  ['vehicleId', 'startDate', 'endDate', 'openEnded', 'expectedDuration'],
  ['rentalType', 'dailyRate', 'monthlyRate', 'dailyKmLimit', 'extraChargePerKm', 'taxRate', 'taxIncluded'],
  ['securityDeposit', 'initialPaymentAmount', 'initialPaymentMethod', 'pickupLocation', 'returnLocation', 'officeInCharge', 'agentName', 'notes'],
];

type Values = Record<string, string>;

function defaultStart(): Date {
  const d = new Date(Date.now() + 60 * 60_000);
  d.setMinutes(0, 0, 0);
  return d;
}

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v.replace(',', '.')));

export function RentalWizard({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (r: RentalApi) => void }) {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const region = useRegion();
  const regionCfg = getRegionConfig(region);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>(() => initial(regionCfg.taxRate));
  const [openEnded, setOpenEnded] = useState(false);
  const [taxIncluded, setTaxIncluded] = useState(false);
  const [ack, setAck] = useState(false);
  const [blacklist, setBlacklist] = useState<'warning' | 'block' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [conflicts, setConflicts] = useState<ConflictApi[]>([]);
  const [pending, setPending] = useState(false);
  const [customerSearch, setCustomerSearch] = useState('');
  const [customerQuery, setCustomerQuery] = useState('');

  useEffect(() => {
    if (!open) return;
    setStep(0); setValues(initial(regionCfg.taxRate)); setOpenEnded(false); setTaxIncluded(false); setAck(false);
    setBlacklist(null); setErrors({}); setFormError(''); setConflicts([]); setCustomerSearch(''); setCustomerQuery('');
  }, [open, regionCfg.taxRate]);

  useEffect(() => {
    const timer = setTimeout(() => setCustomerQuery(customerSearch.trim()), 250);
    return () => clearTimeout(timer);
  }, [customerSearch]);

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const defaults = useSWR<{ taxRate: number; extraChargePerKm: number; dailyKmLimit: number; enableBlacklistCheck: boolean; blacklistMode: 'warning' | 'block' } | null>(open ? '/api/v1/rentals/defaults' : null);
  // Company defaults (VAT settings or the region's tax) replace the local guess once known.
  useEffect(() => {
    if (!open || !defaults.data) return;
    setValues((v) => ({ ...v, taxRate: String(defaults.data!.taxRate), extraChargePerKm: defaults.data!.extraChargePerKm.toFixed(2) }));
  }, [open, defaults.data]);
  // The blacklist check runs when a customer is picked (GET /api/v1/customers/{id} answers the matches).
  const picked = useSWR<{ blacklistMatches?: unknown[] } | null>(open && values.customerId ? `/api/v1/customers/${encodeURIComponent(values.customerId)}` : null);
  useEffect(() => {
    if (!picked.data || !defaults.data?.enableBlacklistCheck) return;
    if ((picked.data.blacklistMatches ?? []).length > 0) setBlacklist(defaults.data.blacklistMode);
  }, [picked.data, defaults.data]);

  const customers = useSWR<{ items: CustomerOption[] } | null>(open ? `/api/v1/customers?limit=10${customerQuery ? `&search=${encodeURIComponent(customerQuery)}` : ''}` : null);
  const vehicles = useSWR<{ items: VehicleOption[] } | null>(open ? '/api/v1/vehicles?limit=100' : null);
  const startIso = fromLocalInput(values.startDate);
  const endIso = openEnded
    ? startIso && num(values.expectedDuration) ? new Date(Date.parse(startIso) + (num(values.expectedDuration) ?? 1) * 86_400_000).toISOString() : undefined
    : fromLocalInput(values.endDate);
  const windowOk = !!startIso && !!endIso && endIso > startIso;
  const availability = useSWR<{ busyVehicleIds: string[] } | null>(open && windowOk ? `/api/v1/rentals/availability?start=${encodeURIComponent(startIso!)}&end=${encodeURIComponent(openEnded ? '9999-12-31T00:00:00.000Z' : endIso!)}` : null);
  const busy = new Set(availability.data?.busyVehicleIds ?? []);
  const vehicleList = (vehicles.data?.items ?? []).filter((v) => !v.isArchived && v.status !== 'out_of_service');
  const selectedVehicle = vehicleList.find((v) => v.id === values.vehicleId);
  const selectedCustomer = customers.data?.items.find((c) => c.id === values.customerId) ?? (values.customerId ? { id: values.customerId, fullNameEnglish: values.customerName } : undefined);

  const pickVehicle = (v: VehicleOption) => {
    setValues((x) => ({
      ...x, vehicleId: v.id,
      dailyRate: String(v.dailyRate ?? ''),
      monthlyRate: v.monthlyRate ? String(v.monthlyRate) : '',
      dailyKmLimit: String(v.dailyKmLimit ?? DEFAULT_DAILY_KM_LIMIT),
    }));
    setConflicts([]);
  };

  const body = useMemo(() => ({
    customerId: values.customerId ?? '',
    vehicleId: values.vehicleId ?? '',
    startDate: startIso ?? values.startDate ?? '',
    endDate: openEnded ? null : (fromLocalInput(values.endDate) ?? (values.endDate ? values.endDate : undefined)),
    openEnded,
    expectedDuration: openEnded ? num(values.expectedDuration) ?? null : null,
    rentalType: values.rentalType,
    dailyRate: num(values.dailyRate),
    monthlyRate: num(values.monthlyRate) ?? null,
    dailyKmLimit: num(values.dailyKmLimit),
    extraChargePerKm: num(values.extraChargePerKm),
    taxRate: values.taxRate?.trim() === '' ? undefined : Number(values.taxRate),
    taxIncluded,
    securityDeposit: num(values.securityDeposit) ?? 0,
    initialPaymentAmount: num(values.initialPaymentAmount) ?? 0,
    initialPaymentMethod: values.initialPaymentMethod || null,
    pickupLocation: values.pickupLocation,
    returnLocation: values.returnLocation,
    officeInCharge: values.officeInCharge,
    agentName: values.agentName,
    notes: values.notes,
    blacklistAcknowledged: ack,
  }), [values, openEnded, taxIncluded, ack, startIso]);

  const quote = useMemo(() => {
    try {
      const parsed = createRentalSchema.safeParse(body);
      if (!parsed.success) return null;
      const b = parsed.data;
      return quoteRental({
        startISO: b.startDate, endISO: b.openEnded ? null : b.endDate, expectedDurationDays: b.openEnded ? b.expectedDuration : undefined,
        mode: b.rentalType, dailyRateMinor: toMinor(b.dailyRate), monthlyRateMinor: b.monthlyRate ? toMinor(b.monthlyRate) : null,
        taxRatePercent: b.taxRate, taxIncluded: b.taxIncluded,
      });
    } catch {
      return null;
    }
  }, [body]);

  const goToErrors = (fields: Record<string, string>) => {
    const first = STEP_FIELDS.findIndex((names) => names.some((n) => fields[n]));
    if (first >= 0) setStep(first);
  };

  const next = () => {
    if (step === 0 && !values.customerId) { setErrors({ customerId: t('rentals.messages.customerRequired') }); return; }
    if (step === 0 && (blacklist === 'block' || (blacklist === 'warning' && !ack))) return;
    if (step === 1) {
      const e: Record<string, string> = {};
      if (!values.vehicleId) e.vehicleId = t('rentals.messages.vehicleRequired');
      if (!values.startDate) e.startDate = t('rentals.messages.startRequired');
      if (Object.keys(e).length) { setErrors(e); return; }
    }
    setErrors({});
    setStep((s) => Math.min(3, s + 1));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step < 3) { next(); return; }
    setFormError(''); setConflicts([]);
    const parsed = createRentalSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors = issuesToErrors(t, parsed.error.issues);
      setErrors(fieldErrors);
      setFormError(t('rentals.messages.validation'));
      goToErrors(fieldErrors);
      return;
    }
    setPending(true);
    try {
      const rental = await rentalApi.create(body);
      onCreated(rental);
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      setErrors(fields);
      if (error instanceof ApiError && error.code === 'BOOKING_CONFLICT') {
        setConflicts(errorConflicts(error));
        setFormError(t('rentals.messages.bookingConflict'));
        setStep(1);
      } else if (error instanceof ApiError && error.code === 'BLACKLIST_WARNING') {
        setBlacklist('warning'); setStep(0); setFormError(t('rentals.wizard.blacklistWarning'));
      } else if (error instanceof ApiError && error.code === 'CUSTOMER_BLACKLISTED') {
        setBlacklist('block'); setStep(0); setFormError(t('rentals.wizard.blacklistBlocked'));
      } else {
        setFormError(error instanceof ApiError && error.serverMessage ? translateRentalMessage(t, error.serverMessage) : t('rentals.messages.createFailed'));
        goToErrors(fields);
      }
    } finally {
      setPending(false);
    }
  };

  const steps = [t('rentals.wizard.stepCustomer'), t('rentals.wizard.stepVehicle'), t('rentals.wizard.stepPricing'), t('rentals.wizard.stepPayment')];
  const input = 'field-input';

  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={t('rentals.wizard.title')} wide>
      <ol className="mb-5 flex flex-wrap gap-2 text-sm" aria-label={t('rentals.wizard.title')}>
        {steps.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${i === step ? 'bg-blue-600 text-white' : i < step ? 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
            {i + 1}. {s}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate>
        {formError && (
          <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="font-medium">{formError}</p>
            {conflicts.length > 0 && (
              <>
                <p className="mt-1">{t('rentals.wizard.conflictBody')}</p>
                <ul className="mt-1 list-disc ps-5">
                  {conflicts.map((c) => <li key={c.refId}>{c.label ?? c.kind} · {when(c.start)} <DirectionArrow direction="forward" /> {c.end ? when(c.end) : t('rentals.openEnded')}</li>)}
                </ul>
              </>
            )}
          </div>
        )}

        {step === 0 && (
          <div className="space-y-3">
            <Field label={t('rentals.wizard.customerSearch')} error={errors.customerId}>
              {(p) => <input {...p} className={input} type="search" value={customerSearch} placeholder={t('rentals.wizard.customerSearchPlaceholder')} onChange={(e) => setCustomerSearch(e.target.value)} />}
            </Field>
            <div role="radiogroup" aria-label={t('rentals.wizard.stepCustomer')} className="max-h-64 space-y-1 overflow-y-auto">
              {customers.data?.items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.noCustomers')}</p>}
              {(customers.data?.items ?? []).map((c) => (
                <label key={c.id} className={`flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm ${values.customerId === c.id ? 'border-blue-500 bg-blue-50 dark:bg-blue-950' : 'border-slate-200 dark:border-slate-700'}`}>
                  <input type="radio" name="customer" checked={values.customerId === c.id} onChange={() => { setValues((v) => ({ ...v, customerId: c.id, customerName: c.fullNameEnglish })); setBlacklist(null); setAck(false); }} />
                  <span className="font-medium">{c.fullNameEnglish}</span>
                  {c.fullNameArabic && <span dir="rtl" className="text-slate-600 dark:text-slate-300">{c.fullNameArabic}</span>}
                  <span className="ms-auto text-slate-500">{c.phone ?? c.licenseNumber ?? ''}</span>
                </label>
              ))}
            </div>
            {selectedCustomer && <p className="text-sm">{t('rentals.wizard.selected')}: <strong>{selectedCustomer.fullNameEnglish}</strong></p>}
            {blacklist === 'block' && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{t('rentals.wizard.blacklistBlocked')}</p>}
            {blacklist === 'warning' && <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-200">{t('rentals.wizard.blacklistWarning')}</p>}
            {blacklist === 'warning' && (
              <label className="flex items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} /> {t('rentals.wizard.blacklistAcknowledge')}
              </label>
            )}
          </div>
        )}

        {step === 1 && (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('rentals.wizard.startDate')} error={errors.startDate}>
                {(p) => <input {...p} className={input} type="datetime-local" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />}
              </Field>
              {openEnded ? (
                <Field label={t('rentals.wizard.expectedDuration')} error={errors.expectedDuration}>
                  {(p) => <input {...p} className={input} inputMode="numeric" value={values.expectedDuration} onChange={(e) => set('expectedDuration', e.target.value)} />}
                </Field>
              ) : (
                <Field label={t('rentals.wizard.endDate')} error={errors.endDate}>
                  {(p) => <input {...p} className={input} type="datetime-local" value={values.endDate} onChange={(e) => set('endDate', e.target.value)} />}
                </Field>
              )}
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={openEnded} onChange={(e) => setOpenEnded(e.target.checked)} /> {t('rentals.wizard.openEnded')}
            </label>
            <fieldset>
              <legend className="field-label">{t('rentals.wizard.availableVehicles')}</legend>
              {!windowOk && <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.pickDatesFirst')}</p>}
              {errors.vehicleId && <p className="field-error">{errors.vehicleId}</p>}
              <div role="radiogroup" aria-label={t('rentals.wizard.availableVehicles')} className="mt-2 grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
                {windowOk && vehicleList.map((v) => {
                  const isBusy = busy.has(v.id);
                  return (
                    <label key={v.id} className={`flex items-center gap-2 rounded-md border p-2 text-sm ${isBusy ? 'opacity-60' : 'cursor-pointer'} ${values.vehicleId === v.id ? 'border-blue-500 bg-blue-50 dark:bg-blue-950' : 'border-slate-200 dark:border-slate-700'}`}>
                      <input type="radio" name="vehicle" checked={values.vehicleId === v.id} onChange={() => pickVehicle(v)} aria-describedby={isBusy ? `busy-${v.id}` : undefined} />
                      <span className="font-medium">{v.make} {v.model}</span>
                      <span className="text-slate-500">{v.licensePlate}</span>
                      {isBusy ? <span id={`busy-${v.id}`} className="ms-auto text-xs text-red-700 dark:text-red-300">{t('rentals.wizard.busy')}</span> : <span className="ms-auto tabular-nums">{money(v.dailyRate)}</span>}
                    </label>
                  );
                })}
                {windowOk && vehicles.data && vehicleList.every((v) => busy.has(v.id)) && <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.wizard.noVehicles')}</p>}
              </div>
            </fieldset>
          </div>
        )}

        {step === 2 && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('rentals.wizard.rentalType')} error={errors.rentalType}>
              {(p) => (
                <select {...p} className={input} value={values.rentalType} onChange={(e) => set('rentalType', e.target.value)}>
                  <option value="daily">{t('rentals.wizard.daily')}</option>
                  <option value="monthly">{t('rentals.wizard.monthly')}</option>
                </select>
              )}
            </Field>
            <Field label={t('rentals.wizard.dailyRate')} error={errors.dailyRate}>
              {(p) => <input {...p} className={input} inputMode="decimal" value={values.dailyRate} onChange={(e) => set('dailyRate', e.target.value)} />}
            </Field>
            {values.rentalType === 'monthly' && (
              <Field label={t('rentals.wizard.monthlyRate')} error={errors.monthlyRate}>
                {(p) => <input {...p} className={input} inputMode="decimal" value={values.monthlyRate} onChange={(e) => set('monthlyRate', e.target.value)} />}
              </Field>
            )}
            <Field label={t('rentals.wizard.dailyKmLimit')} error={errors.dailyKmLimit}>
              {(p) => <input {...p} className={input} inputMode="numeric" placeholder={String(DEFAULT_DAILY_KM_LIMIT)} value={values.dailyKmLimit} onChange={(e) => set('dailyKmLimit', e.target.value)} />}
            </Field>
            <Field label={t('rentals.wizard.extraChargePerKm')} error={errors.extraChargePerKm}>
              {(p) => <input {...p} className={input} inputMode="decimal" value={values.extraChargePerKm} onChange={(e) => set('extraChargePerKm', e.target.value)} />}
            </Field>
            <Field label={t('rentals.wizard.taxRate')} error={errors.taxRate}>
              {(p) => <input {...p} className={input} inputMode="decimal" value={values.taxRate} onChange={(e) => set('taxRate', e.target.value)} />}
            </Field>
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" checked={taxIncluded} onChange={(e) => setTaxIncluded(e.target.checked)} /> {t('rentals.wizard.taxIncluded')}
            </label>
          </div>
        )}

        {step === 3 && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('rentals.wizard.securityDeposit')} error={errors.securityDeposit}>
              {(p) => <input {...p} className={input} inputMode="decimal" value={values.securityDeposit} onChange={(e) => set('securityDeposit', e.target.value)} />}
            </Field>
            <Field label={t('rentals.wizard.initialPaymentAmount')} error={errors.initialPaymentAmount}>
              {(p) => <input {...p} className={input} inputMode="decimal" value={values.initialPaymentAmount} onChange={(e) => set('initialPaymentAmount', e.target.value)} />}
            </Field>
            <Field label={t('rentals.wizard.initialPaymentMethod')} error={errors.initialPaymentMethod}>
              {(p) => (
                <select {...p} className={input} value={values.initialPaymentMethod} onChange={(e) => set('initialPaymentMethod', e.target.value)}>
                  <option value="">{t('rentals.wizard.chooseMethod')}</option>
                  {RENTAL_PAYMENT_METHODS.map((m) => <option key={m} value={m}>{t(`rentals.methods.${m}`)}</option>)}
                </select>
              )}
            </Field>
            {(['pickupLocation', 'returnLocation', 'officeInCharge', 'agentName'] as const).map((f) => (
              <Field key={f} label={t(`rentals.wizard.${f}`)} error={errors[f]}>
                {(p) => <input {...p} className={input} value={values[f]} onChange={(e) => set(f, e.target.value)} />}
              </Field>
            ))}
            <Field label={t('rentals.wizard.notes')} error={errors.notes} className="sm:col-span-2">
              {(p) => <textarea {...p} className={input} rows={2} value={values.notes} onChange={(e) => set('notes', e.target.value)} />}
            </Field>
          </div>
        )}

        {step >= 2 && quote && (
          <section aria-label={t('rentals.wizard.quote')} className="mt-5 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="rental-quote">
            <p className="font-medium">{t('rentals.wizard.quote')} · {t('rentals.wizard.days')}: {quote.days}</p>
            <dl className="mt-2 grid grid-cols-2 gap-1">
              <dt>{t('rentals.wizard.subtotal')}</dt><dd className="text-end tabular-nums">{money(quote.subtotalMinor / 100)}</dd>
              <dt>{t('rentals.wizard.tax')}</dt><dd className="text-end tabular-nums">{money(quote.taxMinor / 100)}</dd>
              <dt className="font-semibold">{t('rentals.wizard.total')}</dt><dd className="text-end font-semibold tabular-nums" data-testid="quote-total">{money(quote.totalMinor / 100)}</dd>
            </dl>
          </section>
        )}

        <div className="mt-6 flex justify-between gap-2">
          <button type="button" className="btn-secondary" onClick={() => (step === 0 ? onClose() : setStep((s) => s - 1))} disabled={pending}>
            {step === 0 ? t('rentals.actions.cancelDialog') : t('rentals.wizard.back')}
          </button>
          {step < 3 ? (
            <button type="submit" className="btn-primary">{t('rentals.wizard.next')}</button>
          ) : (
            <button type="submit" className="btn-primary" disabled={pending || blacklist === 'block' || (blacklist === 'warning' && !ack)}>
              {pending ? t('rentals.wizard.creating') : t('rentals.wizard.create')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}

function initial(taxRate: number): Values {
  const start = defaultStart();
  return {
    customerId: '', customerName: '', vehicleId: '',
    startDate: toLocalInput(start), endDate: toLocalInput(new Date(start.getTime() + 3 * 86_400_000)), expectedDuration: '30',
    rentalType: 'daily', dailyRate: '', monthlyRate: '', dailyKmLimit: String(DEFAULT_DAILY_KM_LIMIT),
    extraChargePerKm: DEFAULT_EXTRA_CHARGE_PER_KM.toFixed(2), taxRate: String(taxRate), securityDeposit: '', initialPaymentAmount: '',
    initialPaymentMethod: '', pickupLocation: '', returnLocation: '', officeInCharge: '', agentName: '', notes: '',
  };
}

export { RENTAL_MESSAGES };

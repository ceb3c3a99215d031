import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DirectionArrow } from '../../components/DirectionArrow';
import useSWR from 'swr';
import { DEFAULT_DAILY_KM_LIMIT } from '../../../../shared/constants';
import { getRegionConfig } from '../../../../shared/regions';
import { createRentalSchema, RENTAL_MESSAGES } from '../../../../shared/schemas/rentals';
import { ApiError } from '../../lib/api';
import { useLanguage, useT } from '../../i18n';
import { maintenance as maintenanceCatalog } from '../../../../shared/i18n/maintenance';
import { Modal } from './components';
import {
  fromLocalInput,
  rentalApi,
  useCompanyTimeZone,
  useDateTime,
  useRegion,
  useRentalDefaults,
  type ConflictApi,
  type RentalApi,
} from './rental-api';
import { errorDetail, translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { CustomerStep, VehicleStep } from './wizard/ChooseSteps';
import { PaymentStep, PricingStep, QuoteSummary } from './wizard/PriceSteps';
import { ServiceWarning } from '../maintenance/ServiceWarning';
import { DocumentLines, DocumentWarning, type LapsingDocumentApi } from './wizard/DocumentWarning';
import { useCursorList } from '../../lib/use-cursor-list';
import {
  STEP_FIELDS,
  bookingBody,
  initialValues,
  num,
  type CustomerOption,
  type Values,
  type VehicleOption,
} from './wizard/wizard-model';
import { apiPath, apiUrl, type BodyOf } from '../../lib/api-client';

/**
 * The rental wizard (business-data §5 rental wizard, §8 messages): customer → vehicle and dates
 * (only vehicles free in the window are offered; dates on the company's clock) → pricing (rates
 * prefilled from the vehicle, km limit 200 and 0.50 per extra km, tax rate of the company) →
 * payment and details. The quote is asked from the server with the booking's own body
 * (POST /api/v1/rentals/quote → the same priceBooking the booking runs: customer age, region,
 * young-driver fee, tax), so the price shown is the price charged. The whole body is validated
 * with the API's schema before sending; server field errors go to the step holding them.
 */
export function RentalWizard({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (r: RentalApi) => void;
}) {
  const t = useT();
  const when = useDateTime();
  const region = useRegion();
  const timeZone = useCompanyTimeZone();
  const regionCfg = getRegionConfig(region);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>(() => initialValues(regionCfg.taxRate, timeZone));
  const [openEnded, setOpenEnded] = useState(false);
  const [taxIncluded, setTaxIncluded] = useState(false);
  const [ack, setAck] = useState(false);
  const [blacklist, setBlacklist] = useState<'warning' | 'block' | null>(null);
  const [formError, setFormError] = useState('');
  const [conflicts, setConflicts] = useState<ConflictApi[]>([]);
  const [lapsed, setLapsed] = useState<LapsingDocumentApi[]>([]);
  const { language } = useLanguage();
  // A maintenance hold reads as its service in the reader's language (its label is the type: "oil change").
  const conflictLabel = (c: ConflictApi) =>
    c.kind === 'maintenance'
      ? t('rentals.wizard.conflictMaintenance', {
          service:
            (maintenanceCatalog[language].type as Record<string, string>)[(c.label ?? '').trim().replace(/ /g, '_')] ??
            c.label ??
            '',
        })
      : (c.label ?? c.kind);
  const [customerSearch, setCustomerSearch] = useState('');
  const form = useFormSubmit(
    createRentalSchema,
    async (draft: BodyOf<'createRental'>) => {
      try {
        onCreated(await rentalApi.create(draft));
        return {};
      } catch (error) {
        const fields = translateApiError(error, t).fields;
        if (error instanceof ApiError && error.code === 'BOOKING_CONFLICT') {
          setConflicts(errorDetail<ConflictApi[]>(error, 'conflicts') ?? []);
          setFormError(t('rentals.messages.bookingConflict'));
          setStep(1);
        } else if (error instanceof ApiError && error.code === 'DOCUMENT_EXPIRED') {
          // The refusal names the documents and their dates; dates (or the vehicle) are changed on step 2.
          setLapsed(errorDetail<LapsingDocumentApi[]>(error, 'conflicts') ?? []);
          setFormError(translateApiError(error, t).message);
          setStep(1);
        } else if (error instanceof ApiError && error.code === 'BLACKLIST_WARNING') {
          setBlacklist('warning');
          setStep(0);
          setFormError(t('rentals.wizard.blacklistWarning'));
        } else if (error instanceof ApiError && error.code === 'CUSTOMER_BLACKLISTED') {
          setBlacklist('block');
          setStep(0);
          setFormError(t('rentals.wizard.blacklistBlocked'));
        } else {
          setFormError(translateApiError(error, t).message || t('rentals.messages.createFailed'));
          goToErrors(fields);
        }
        return fields;
      }
    },
    {
      onInvalid: (fieldErrors) => {
        setFormError(t('rentals.messages.validation'));
        goToErrors(fieldErrors);
      },
    },
  );
  const { errors, setErrors, saving: pending } = form;
  const [customerQuery, setCustomerQuery] = useState('');

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setValues(initialValues(regionCfg.taxRate, timeZone));
    setOpenEnded(false);
    setTaxIncluded(false);
    setAck(false);
    setBlacklist(null);
    setErrors({});
    setFormError('');
    setConflicts([]);
    setLapsed([]);
    setCustomerSearch('');
    setCustomerQuery('');
  }, [open, regionCfg.taxRate, timeZone, setErrors]);

  useEffect(() => {
    const timer = setTimeout(() => setCustomerQuery(customerSearch.trim()), 250);
    return () => clearTimeout(timer);
  }, [customerSearch]);

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setLapsed([]);
  };

  const defaults = useRentalDefaults();
  // Company defaults (VAT settings or the region's tax) replace the local guess once known.
  useEffect(() => {
    if (!open || !defaults.data) return;
    setValues((v) => ({
      ...v,
      taxRate: String(defaults.data!.taxRate),
      extraChargePerKm: defaults.data!.extraChargePerKm.toFixed(2),
    }));
  }, [open, defaults.data]);
  // The blacklist check runs when a customer is picked (GET /api/v1/customers/{id} answers the matches).
  const picked = useSWR<{ blacklistMatches?: unknown[] } | null>(
    open && values.customerId ? apiPath('getCustomer', { id: values.customerId }) : null,
  );
  useEffect(() => {
    if (!picked.data || !defaults.data?.enableBlacklistCheck) return;
    if ((picked.data.blacklistMatches ?? []).length > 0) setBlacklist(defaults.data.blacklistMode);
  }, [picked.data, defaults.data]);

  // Filters as you type (debounced above): the directory's `q`, pages followed until 10 match (issue 27).
  const customers = useCursorList<CustomerOption>(open ? 'listCustomers' : null, { q: customerQuery }, { limit: 10 });
  const vehicles = useSWR<{ items: VehicleOption[] } | null>(
    open ? apiUrl('listVehicles', { query: { limit: 100 } }) : null,
  );
  const startIso = fromLocalInput(values.startDate, timeZone);
  const endIso = openEnded
    ? startIso && num(values.expectedDuration)
      ? new Date(Date.parse(startIso) + (num(values.expectedDuration) ?? 1) * 86_400_000).toISOString()
      : undefined
    : fromLocalInput(values.endDate, timeZone);
  const windowOk = !!startIso && !!endIso && endIso > startIso;
  const availability = useSWR<{ busyVehicleIds: string[] } | null>(
    open && windowOk
      ? apiUrl('rentalAvailability', {
          query: { start: startIso, end: openEnded ? '9999-12-31T00:00:00.000Z' : endIso },
        })
      : null,
  );
  const busy = new Set(availability.data?.busyVehicleIds ?? []);
  const vehicleList = (vehicles.data?.items ?? []).filter((v) => !v.isArchived && v.status !== 'out_of_service');
  const selectedCustomer =
    customers.items.find((c) => c.id === values.customerId) ??
    (values.customerId ? { id: values.customerId, fullNameEnglish: values.customerName } : undefined);

  const pickVehicle = (v: VehicleOption) => {
    setValues((x) => ({
      ...x,
      vehicleId: v.id,
      dailyRate: String(v.dailyRate ?? ''),
      monthlyRate: v.monthlyRate ? String(v.monthlyRate) : '',
      dailyKmLimit: String(v.dailyKmLimit ?? DEFAULT_DAILY_KM_LIMIT),
    }));
    setConflicts([]);
    setLapsed([]);
  };

  const body = useMemo(
    () => bookingBody(values, { openEnded, taxIncluded, ack, timeZone }),
    [values, openEnded, taxIncluded, ack, timeZone],
  );
  // Asked only once the body is a valid booking; the last answer stays while the next loads.
  const quotable = useMemo(
    () => (step >= 2 && createRentalSchema.safeParse(body).success ? JSON.stringify(body) : null),
    [step, body],
  );
  const quote = useSWR(
    open && quotable ? ['rental-quote', quotable] : null,
    ([, b]) => rentalApi.quote(JSON.parse(b)),
    { keepPreviousData: true, dedupingInterval: 500 },
  );

  const goToErrors = (fields: Record<string, string>) => {
    const first = STEP_FIELDS.findIndex((names) => names.some((n) => fields[n]));
    if (first >= 0) setStep(first);
  };

  const next = () => {
    if (step === 0 && !values.customerId) {
      setErrors({ customerId: t('rentals.messages.customerRequired') });
      return;
    }
    if (step === 0 && (blacklist === 'block' || (blacklist === 'warning' && !ack))) return;
    if (step === 1) {
      const e: Record<string, string> = {};
      if (!values.vehicleId) e.vehicleId = t('rentals.messages.vehicleRequired');
      if (!values.startDate) e.startDate = t('rentals.messages.startRequired');
      if (Object.keys(e).length) {
        setErrors(e);
        return;
      }
    }
    setErrors({});
    setStep((s) => Math.min(3, s + 1));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < 3) {
      next();
      return;
    }
    setFormError('');
    setConflicts([]);
    setLapsed([]);
    // The form's draft: the server checks it against the route's body schema (400 with field errors).
    void form.submit(body as BodyOf<'createRental'>);
  };

  const steps = [
    t('rentals.wizard.stepCustomer'),
    t('rentals.wizard.stepVehicle'),
    t('rentals.wizard.stepPricing'),
    t('rentals.wizard.stepPayment'),
  ];

  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={t('rentals.wizard.title')} wide>
      <ol className="mb-5 flex flex-wrap gap-2 text-sm" aria-label={t('rentals.wizard.title')}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${i === step ? 'bg-blue-600 text-white' : i < step ? 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
          >
            {i + 1}. {s}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate>
        {formError && (
          <div
            role="alert"
            className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-medium">{formError}</p>
            {lapsed.length > 0 && <DocumentLines documents={lapsed} />}
            {conflicts.length > 0 && (
              <>
                <p className="mt-1">{t('rentals.wizard.conflictBody')}</p>
                <ul className="mt-1 list-disc ps-5">
                  {conflicts.map((c) => (
                    <li key={c.refId}>
                      {conflictLabel(c)} · {when(c.start)} <DirectionArrow direction="forward" />{' '}
                      {c.end ? when(c.end) : t('rentals.openEnded')}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}

        {step === 0 && (
          <CustomerStep
            values={values}
            errors={errors}
            customers={customers.isLoading ? undefined : customers.items}
            search={customerSearch}
            onSearch={setCustomerSearch}
            onPick={(c) => {
              setValues((v) => ({ ...v, customerId: c.id, customerName: c.fullNameEnglish }));
              setBlacklist(null);
              setAck(false);
            }}
            selected={selectedCustomer}
            blacklist={blacklist}
            ack={ack}
            onAck={setAck}
          />
        )}
        {step <= 1 && !lapsed.length && (
          <DocumentWarning
            customerId={values.customerId || undefined}
            vehicleId={step === 1 ? values.vehicleId || undefined : undefined}
            start={startIso ?? undefined}
            end={endIso ?? undefined}
          />
        )}
        {step === 1 && (
          <VehicleStep
            values={values}
            errors={errors}
            set={set}
            openEnded={openEnded}
            onOpenEnded={setOpenEnded}
            windowOk={windowOk}
            vehicles={vehicleList}
            loaded={!!vehicles.data}
            busy={busy}
            onPick={pickVehicle}
          />
        )}
        {step >= 1 && windowOk && (
          <ServiceWarning
            vehicleId={values.vehicleId}
            start={startIso}
            end={endIso}
            kmAllowance={quote.data?.allowanceKm ?? null}
          />
        )}
        {step === 2 && (
          <PricingStep
            values={values}
            errors={errors}
            set={set}
            taxIncluded={taxIncluded}
            onTaxIncluded={setTaxIncluded}
          />
        )}
        {step === 3 && <PaymentStep values={values} errors={errors} set={set} />}
        {step >= 2 && quote.data && <QuoteSummary quote={quote.data} />}

        <div className="mt-6 flex justify-between gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => (step === 0 ? onClose() : setStep((s) => s - 1))}
            disabled={pending}
          >
            {step === 0 ? t('rentals.actions.cancelDialog') : t('rentals.wizard.back')}
          </button>
          {step < 3 ? (
            <button type="submit" className="btn-primary">
              {t('rentals.wizard.next')}
            </button>
          ) : (
            <button
              type="submit"
              className="btn-primary"
              disabled={pending || blacklist === 'block' || (blacklist === 'warning' && !ack)}
            >
              {pending ? t('rentals.wizard.creating') : t('rentals.wizard.create')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}

export { RENTAL_MESSAGES };

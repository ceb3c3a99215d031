import { useEffect, useState, type FormEvent } from 'react';
import { FUEL_LEVELS } from '../../../../shared/constants';
import {
  chargeSchema,
  closeSchema,
  LEDGER_METHODS,
  MANUAL_CHARGE_CATEGORIES,
  paymentSchema,
  pickupSchema,
  refundSchema,
  returnSchema,
  VEHICLE_CONDITIONS,
} from '../../../../shared/schemas/rentals';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { FormField } from '../../components/FormField';
import { SignaturePad } from '../../components/SignaturePad';
import { signContractSchema } from '../../../../shared/schemas/rental-contract';
import { Modal } from './components';
import { rentalApi, useMoney, type RentalApi, type ReturnPreviewApi } from './rental-api';
import { translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { ZodType } from 'zod';
import { type BodyOf } from '../../lib/api-client';

/**
 * The rental's action dialogs. Each validates with the API's schema before sending, shows the
 * server's field errors under their fields, and reports the updated rental through `onDone`.
 */
type Done = (rental: RentalApi) => void;
const num = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));
const input = 'field-input';

/**
 * A dialog's failure shows INSIDE the dialog, above its buttons, never as a toast: the toast
 * region (bottom corner) would sit on the dialog's confirm button.
 */
export function DialogError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {message}
    </p>
  );
}

export function useDialogError(): [string, (error?: unknown) => void] {
  const t = useT();
  const [message, setMessage] = useState('');
  const set = (error?: unknown) => {
    if (error === undefined) {
      setMessage('');
      return;
    }
    const detail = translateApiError(error, t).message;
    setMessage(detail ? `${t('rentals.messages.updateFailed')}: ${detail}` : t('rentals.messages.updateFailed'));
  };
  return [message, set];
}

/**
 * `useFormSubmit` with the dialog's failure line: `send` runs the request (throws on failure);
 * a failure shows its field errors under the fields and its message inside the dialog.
 */
function useDialogSubmit<B>(
  schema: ZodType | null,
  send: (body: B) => Promise<void>,
  options?: { sendParsed?: boolean },
) {
  const t = useT();
  const [failure, setFailure] = useDialogError();
  const form = useFormSubmit<B>(
    schema,
    async (body) => {
      setFailure();
      try {
        await send(body);
        return {};
      } catch (error) {
        setFailure(error);
        return translateApiError(error, t).fields;
      }
    },
    options,
  );
  return { ...form, failure, setFailure };
}

export function Actions({
  onClose,
  pending,
  label,
  error = '',
}: {
  onClose: () => void;
  pending: boolean;
  label: string;
  error?: string;
}) {
  const t = useT();
  return (
    <>
      <DialogError message={error} />
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
          {t('rentals.actions.cancelDialog')}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('rentals.actions.saving') : label}
        </button>
      </div>
    </>
  );
}

export type MoneyKind = 'payment' | 'charge' | 'refund';

export function MoneyDialog({
  kind,
  rental,
  open,
  onClose,
  onDone,
}: {
  kind: MoneyKind;
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useT();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('cash');
  const [label, setLabel] = useState('');
  const [category, setCategory] = useState('other');
  const [deposit, setDeposit] = useState(false);
  const schema = kind === 'charge' ? chargeSchema : kind === 'payment' ? paymentSchema : refundSchema;
  const {
    errors,
    setErrors,
    saving: pending,
    failure,
    submit: send,
  } = useDialogSubmit(schema, async (body: object) => {
    // The form's draft: the server checks it against the route's body schema (400 with field errors).
    const res = await (kind === 'charge'
      ? rentalApi.charge(rental.id, body as BodyOf<'addRentalCharge'>)
      : kind === 'payment'
        ? rentalApi.payment(rental.id, body as BodyOf<'recordRentalPayment'>)
        : rentalApi.refund(rental.id, body as BodyOf<'recordRentalRefund'>));
    toast({
      variant: 'success',
      title: t(
        kind === 'charge'
          ? 'rentals.toasts.chargeAdded'
          : kind === 'payment'
            ? 'rentals.toasts.paymentRecorded'
            : 'rentals.toasts.refundRecorded',
      ),
    });
    onDone(res.rental);
  });
  useEffect(() => {
    if (open) {
      setAmount(kind === 'payment' && rental.balance > 0 ? String(rental.balance) : '');
      setLabel('');
      setErrors({});
      setDeposit(false);
      setCategory('other');
      setMethod('cash');
    }
  }, [open, kind, rental.balance, setErrors]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(
      kind === 'charge'
        ? { amount: num(amount), category, label }
        : kind === 'payment'
          ? { amount: num(amount), method, forDeposit: deposit, label: label || undefined }
          : { amount: num(amount), method, fromDeposit: deposit, label: label || undefined },
    );
  };

  const title = t(
    kind === 'charge'
      ? 'rentals.dialogs.chargeTitle'
      : kind === 'payment'
        ? 'rentals.dialogs.paymentTitle'
        : 'rentals.dialogs.refundTitle',
  );
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={t('rentals.dialogs.amount')} error={errors.amount}>
          {(p) => (
            <input
              {...p}
              className={input}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              autoFocus
            />
          )}
        </FormField>
        {kind === 'charge' ? (
          <>
            <FormField label={t('rentals.dialogs.category')} error={errors.category}>
              {(p) => (
                <select {...p} className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
                  {MANUAL_CHARGE_CATEGORIES.filter((c) => c !== 'security_deposit').map((c) => (
                    <option key={c} value={c}>
                      {t(`rentals.categories.${c}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label={t('rentals.dialogs.description')} error={errors.label}>
              {(p) => <input {...p} className={input} value={label} onChange={(e) => setLabel(e.target.value)} />}
            </FormField>
          </>
        ) : (
          <>
            <FormField label={t('rentals.dialogs.method')} error={errors.method}>
              {(p) => (
                <select {...p} className={input} value={method} onChange={(e) => setMethod(e.target.value)}>
                  {LEDGER_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {t(`rentals.methods.${m}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} />
              {t(kind === 'payment' ? 'rentals.dialogs.forDeposit' : 'rentals.dialogs.fromDeposit')}
            </label>
          </>
        )}
        <Actions onClose={onClose} pending={pending} label={t('rentals.actions.save')} error={failure} />
      </form>
    </Modal>
  );
}

/**
 * The pickup's readings (the first step of the pickup flow, PickupFlow.tsx): odometer and fuel,
 * asked ONCE. When the check-out inspection was recorded first (`known`), its readings are shown
 * and sent, not asked again.
 */
export function PickupReadings({
  rental,
  onClose,
  onDone,
  vehicleOdometer,
  known,
}: {
  rental: RentalApi;
  onClose: () => void;
  onDone: Done;
  vehicleOdometer?: number;
  known?: { odometer: number; fuelLevel: string };
}) {
  const t = useT();
  const fmt = useFormat();
  const [odometer, setOdometer] = useState(
    known ? String(known.odometer) : vehicleOdometer !== undefined ? String(vehicleOdometer) : '',
  );
  const [fuel, setFuel] = useState(known?.fuelLevel ?? 'full');
  const {
    errors,
    saving: pending,
    failure,
    submit: send,
  } = useDialogSubmit(pickupSchema, async (body: object) => {
    // The form's draft: the server checks it against the route's body schema (400 with field errors).
    const updated = await rentalApi.pickup(rental.id, body as BodyOf<'pickupRental'>);
    toast({ variant: 'success', title: t('rentals.toasts.pickedUp') });
    onDone(updated);
  });
  useEffect(() => {
    if (!known && vehicleOdometer !== undefined) setOdometer((o) => o || String(vehicleOdometer));
  }, [vehicleOdometer, known]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send({ odometerStart: num(odometer), fuelLevelStart: fuel });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="pickup-readings">
      {known ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="readings-from-inspection">
          {t('rentals.flow.readingsFromInspection', {
            odometer: fmt.quantity(known.odometer, 'kilometer'),
            fuel: t(`rentals.fuel.${known.fuelLevel}`),
          })}
        </p>
      ) : (
        <>
          <FormField label={t('rentals.dialogs.odometerStart')} error={errors.odometerStart}>
            {(p) => (
              <input
                {...p}
                className={input}
                inputMode="numeric"
                value={odometer}
                onChange={(e) => setOdometer(e.target.value)}
              />
            )}
          </FormField>
          <FuelSelect
            label={t('rentals.dialogs.fuelLevelStart')}
            value={fuel}
            onChange={setFuel}
            error={errors.fuelLevelStart}
          />
        </>
      )}
      {errors.odometerStart && known && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.odometerStart}
        </p>
      )}
      <Actions onClose={onClose} pending={pending} label={t('rentals.actions.pickup')} error={failure} />
    </form>
  );
}

function FuelSelect({
  label,
  value,
  onChange,
  error,
  allowEmpty = false,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  allowEmpty?: boolean;
}) {
  const t = useT();
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <select {...p} className={input} value={value} onChange={(e) => onChange(e.target.value)}>
          {allowEmpty && <option value="">—</option>}
          {FUEL_LEVELS.map((f) => (
            <option key={f} value={f}>
              {t(`rentals.fuel.${f}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * The return's charges (a step of the return flow, PickupFlow.tsx): readings and charges, then
 * the final charges computed by the server, then confirm. When the check-in inspection took the
 * readings (`readings`), they are shown and sent, not asked again.
 */
export function ReturnForm({
  rental,
  onClose,
  onDone,
  readings,
}: {
  rental: RentalApi;
  onClose: () => void;
  onDone: Done;
  readings?: { odometer: number; fuelLevel: string };
}) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const blank = {
    odometerEnd: readings ? String(readings.odometer) : '',
    condition: '',
    fuelLevelEnd: readings?.fuelLevel ?? '',
    returnNotes: '',
    damageFees: '',
    salikCharges: '',
    trafficFines: '',
    extraCharges: '',
    salikNotes: '',
  };
  const [v, setV] = useState<Record<string, string>>(blank);
  const [preview, setPreview] = useState<ReturnPreviewApi | null>(null);
  const {
    errors,
    saving: pending,
    failure,
    submit: send,
  } = useDialogSubmit(returnSchema, async (b: object) => {
    if (!preview) {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      setPreview(await rentalApi.previewReturn(rental.id, b as BodyOf<'previewRentalReturn'>));
    } else {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const updated = await rentalApi.returnVehicle(rental.id, b as BodyOf<'returnRental'>);
      toast({ variant: 'success', title: t('rentals.toasts.returned') });
      onDone(updated);
    }
  });
  const set = (k: string, value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    setPreview(null);
  };

  const body = () => ({
    odometerEnd: num(v.odometerEnd),
    condition: v.condition || undefined,
    fuelLevelEnd: v.fuelLevelEnd || undefined,
    returnNotes: v.returnNotes || undefined,
    damageFees: num(v.damageFees) ?? 0,
    salikCharges: num(v.salikCharges) ?? 0,
    trafficFines: num(v.trafficFines) ?? 0,
    extraCharges: num(v.extraCharges) ?? 0,
    salikNotes: v.salikNotes || undefined,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(body());
  };

  const moneyField = (k: string) => (
    <FormField key={k} label={t(`rentals.dialogs.${k}`)} error={errors[k]}>
      {(p) => (
        <input {...p} className={input} inputMode="decimal" value={v[k]} onChange={(e) => set(k, e.target.value)} />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="return-form">
      {readings && (
        <p className="mb-4 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="readings-from-inspection">
          {t('rentals.flow.readingsFromCheckIn', {
            odometer: fmt.quantity(readings.odometer, 'kilometer'),
            fuel: t(`rentals.fuel.${readings.fuelLevel}`),
          })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {!readings && (
          <FormField label={t('rentals.dialogs.odometerEnd')} error={errors.odometerEnd}>
            {(p) => (
              <input
                {...p}
                className={input}
                inputMode="numeric"
                value={v.odometerEnd}
                onChange={(e) => set('odometerEnd', e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label={t('rentals.dialogs.condition')} error={errors.condition}>
          {(p) => (
            <select {...p} className={input} value={v.condition} onChange={(e) => set('condition', e.target.value)}>
              <option value="">—</option>
              {VEHICLE_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`rentals.condition.${c}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {!readings && (
          <FuelSelect
            label={t('rentals.dialogs.fuelLevelEnd')}
            value={v.fuelLevelEnd}
            onChange={(x) => set('fuelLevelEnd', x)}
            error={errors.fuelLevelEnd}
            allowEmpty
          />
        )}
        {['damageFees', 'salikCharges', 'trafficFines', 'extraCharges'].map(moneyField)}
        <FormField label={t('rentals.dialogs.returnNotes')} error={errors.returnNotes} className="sm:col-span-2">
          {(p) => (
            <textarea
              {...p}
              className={input}
              rows={2}
              value={v.returnNotes}
              onChange={(e) => set('returnNotes', e.target.value)}
            />
          )}
        </FormField>
      </div>
      {preview && (
        <section
          className="mt-5 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800"
          aria-label={t('rentals.dialogs.finalCharges')}
          data-testid="return-preview"
        >
          <p className="mb-2 font-semibold">{t('rentals.dialogs.finalCharges')}</p>
          <dl className="grid grid-cols-2 gap-1">
            {preview.lines.map((l, i) => (
              <div key={`${l.code}-${i}`} className="contents" data-line={l.code}>
                <dt>
                  {t(`rentals.categories.${l.category}`)}
                  {l.quantity !== undefined ? ` × ${l.quantity}` : ''}
                </dt>
                <dd className="text-end tabular-nums">{money(l.amount)}</dd>
              </div>
            ))}
            <dt className="font-semibold">{t('rentals.wizard.total')}</dt>
            <dd className="text-end font-semibold tabular-nums">{money(preview.total)}</dd>
            <dt>{t('rentals.dialogs.alreadyCharged')}</dt>
            <dd className="text-end tabular-nums">{money(preview.alreadyCharged)}</dd>
            <dt>{t('rentals.dialogs.toPost')}</dt>
            <dd className="text-end tabular-nums">{money(preview.toPost)}</dd>
            <dt className="font-semibold">{t('rentals.dialogs.balanceAfter')}</dt>
            <dd className="text-end font-semibold tabular-nums" data-testid="balance-after">
              {money(preview.balanceAfter)}
            </dd>
          </dl>
          {preview.km && (
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t('rentals.dialogs.drivenKm', {
                driven: fmt.quantity(preview.km.driven, 'kilometer'),
                allowance:
                  preview.km.allowance === null || preview.km.allowance === undefined
                    ? '∞'
                    : fmt.quantity(preview.km.allowance, 'kilometer'),
                extra: fmt.quantity(preview.km.extra, 'kilometer'),
              })}
            </p>
          )}
        </section>
      )}
      {readings && errors.odometerEnd && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {errors.odometerEnd}
        </p>
      )}
      <Actions
        onClose={onClose}
        pending={pending}
        label={preview ? t('rentals.dialogs.confirmReturn') : t('rentals.dialogs.calculate')}
        error={failure}
      />
    </form>
  );
}

export function CloseDialog({
  rental,
  open,
  onClose,
  onDone,
}: {
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useT();
  const money = useMoney();
  const [method, setMethod] = useState('cash');
  const {
    saving: pending,
    failure,
    submit: send,
  } = useDialogSubmit(
    closeSchema,
    async (body: BodyOf<'closeRental'>) => {
      const updated = await rentalApi.close(rental.id, body);
      toast({ variant: 'success', title: t('rentals.toasts.closed') });
      onDone(updated);
    },
    { sendParsed: true },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send({ depositRefundMethod: method } as BodyOf<'closeRental'>);
  };
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={t('rentals.dialogs.closeTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('rentals.dialogs.closeBody')}</p>
        {rental.balance > 0 && (
          <p className="text-sm font-medium text-red-800 dark:text-red-300">
            {t('rentals.dialogs.closeBalance', { amount: money(rental.balance) })}
          </p>
        )}
        {rental.depositHeld > 0 && (
          <FormField label={t('rentals.dialogs.depositRefundMethod')}>
            {(p) => (
              <select {...p} className={input} value={method} onChange={(e) => setMethod(e.target.value)}>
                {LEDGER_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`rentals.methods.${m}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <Actions onClose={onClose} pending={pending} label={t('rentals.actions.close')} error={failure} />
      </form>
    </Modal>
  );
}

/**
 * Sign the rental contract (issue 12): the customer and the staff member sign on the shared
 * signature pad; the server stores the signed PDF once and locks the contract. Offered on the
 * rental page and right after the pickup (`afterPickup` shows the hand-over line and "Later").
 */
export function SignContractDialog({
  rental,
  open,
  onClose,
  onDone,
  afterPickup = false,
}: {
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onDone: Done;
  afterPickup?: boolean;
}) {
  const t = useT();
  const [customerName, setCustomerName] = useState('');
  const [customer, setCustomer] = useState<string | null>(null);
  const [staff, setStaff] = useState<string | null>(null);
  const {
    errors,
    setErrors,
    saving: pending,
    failure,
    setFailure,
    submit: send,
  } = useDialogSubmit(
    signContractSchema,
    async (body: BodyOf<'signRentalContract'>) => {
      await rentalApi.signContract(rental.id, body);
      toast({ variant: 'success', title: t('rentals.contract.signedToast') });
      onDone(await rentalApi.get(rental.id));
    },
    { sendParsed: true },
  );
  useEffect(() => {
    if (open) {
      setCustomerName(rental.customerName);
      setErrors({});
      setFailure();
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send({
      customerSignature: customer ?? undefined,
      staffSignature: staff ?? undefined,
      customerName: customerName.trim() || undefined,
      version: rental.version,
    } as BodyOf<'signRentalContract'>);
  };
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={t('rentals.contract.dialogTitle')} wide>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="sign-contract">
        {afterPickup && (
          <p className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            {t('rentals.contract.afterPickup')}
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.contract.intro')}</p>
        <p className="text-sm font-medium">
          {rental.contractNumber} · {rental.customerName} · {rental.vehicleLabel}
        </p>
        <FormField label={t('rentals.contract.customerName')} error={errors.customerName}>
          {(p) => (
            <input {...p} className={input} value={customerName} onChange={(e) => setCustomerName(e.target.value)} />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <SignaturePad
              id="contract-signature-customer"
              label={t('rentals.contract.customer')}
              onChange={setCustomer}
            />
            {errors.customerSignature && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {errors.customerSignature}
              </p>
            )}
          </div>
          <div>
            <SignaturePad id="contract-signature-staff" label={t('rentals.contract.staff')} onChange={setStaff} />
            {errors.staffSignature && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {errors.staffSignature}
              </p>
            )}
          </div>
        </div>
        <DialogError message={failure} />
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
            {afterPickup ? t('rentals.contract.later') : t('rentals.actions.cancelDialog')}
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? t('rentals.contract.signing') : t('rentals.contract.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

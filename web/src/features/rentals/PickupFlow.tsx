/**
 * Pickup and return as ONE guided flow each (issue 27), usable on a phone (390×844):
 *  - pickup: readings once (odometer, fuel) → check-out inspection (photos, marks, checklist;
 *    the readings are not asked again) → signatures (the customer and the staff member sign once
 *    for the contract and the check-out inspection; or the contract goes by email for remote
 *    signing);
 *  - return: check-in inspection (readings, photos, marks; the check-out's marks shown in another
 *    colour) → charges (the readings come from the check-in, not asked again) → signatures of the
 *    check-in.
 * Resumable: the step is derived from the server (rental status, the rental's inspections,
 * the contract status), so closing the dialog and coming back skips what is already done.
 * Roles without inspections (STAFF) skip the inspection steps; a check-in needs a check-out.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SignaturePad } from '../../components/SignaturePad';
import { dismissToast, toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { callApi } from '../../lib/api-client';
import { translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useDateTime } from '../../lib/company-clock';
import { useCan } from '../../lib/use-can';
import { InspectionForm, useRentalInspections, type Inspection } from '../inspections/inspection-kit';
import { Modal } from './components';
import { DialogError, PickupReadings, ReturnForm } from './dialogs';
import { rentalApi, type RentalApi } from './rental-api';

type PickupStep = 'readings' | 'inspection' | 'signature' | 'done';
type ReturnStep = 'inspection' | 'charges' | 'signature' | 'done';

/** Where a rental's pickup stands, from what the server says. */
export function pickupStep(rental: RentalApi, checkOut: Inspection | undefined, canInspect: boolean): PickupStep {
  if (rental.status === 'pending') return 'readings';
  if (canInspect && !checkOut && ['active', 'overdue'].includes(rental.status)) return 'inspection';
  if ((rental.contractStatus ?? 'draft') === 'draft' || checkOut?.status === 'draft') return 'signature';
  return 'done';
}

export function returnStep(
  rental: RentalApi,
  checkOut: Inspection | undefined,
  checkIn: Inspection | undefined,
  canInspect: boolean,
): ReturnStep {
  if (rental.status === 'active' || rental.status === 'overdue')
    return canInspect && checkOut && !checkIn ? 'inspection' : 'charges';
  if (checkIn?.status === 'draft') return 'signature';
  return 'done';
}

/**
 * A step's success toast ("Vehicle picked up", "Inspection saved") would sit on the next step's buttons: the stepper is
 * the feedback.
 */
function useClearToastsOnStep(open: boolean, step: string) {
  useEffect(() => {
    if (open && step !== 'done') dismissToast();
  }, [open, step]);
}

function Stepper({ steps, current }: { steps: { key: string; label: string }[]; current: string }) {
  const at = steps.findIndex((s) => s.key === current);
  return (
    <ol className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="flow-steps" data-current={current}>
      {steps.map((s, i) => {
        const done = current === 'done' || i < at;
        return (
          <li
            key={s.key}
            data-step={s.key}
            data-state={done ? 'done' : i === at ? 'current' : 'todo'}
            aria-current={i === at ? 'step' : undefined}
            className={`flex items-center gap-1 ${i === at ? 'font-semibold text-blue-700 dark:text-blue-300' : done ? 'text-green-700 dark:text-green-300' : 'text-slate-500'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 items-center justify-center rounded-full border text-xs ${i === at ? 'border-blue-600' : done ? 'border-green-600' : 'border-slate-400'}`}
            >
              {done ? '✓' : i + 1}
            </span>
            {s.label}
          </li>
        );
      })}
    </ol>
  );
}

export function PickupFlow({
  rental,
  open,
  onClose,
  onChanged,
  vehicleOdometer,
}: {
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onChanged: (r: RentalApi) => void;
  vehicleOdometer?: number;
}) {
  const t = useT();
  const canInspect = useCan('vehicleInspections');
  const inspections = useRentalInspections(open && canInspect ? rental.id : null);
  const checkOut = inspections.data?.items.find((i) => i.kind === 'check_out');
  const loading = canInspect && open && !inspections.data && !inspections.error;
  const step = pickupStep(rental, checkOut, canInspect);
  useClearToastsOnStep(open, step);
  const steps = [
    { key: 'readings', label: t('rentals.flow.stepReadings') },
    ...(canInspect ? [{ key: 'inspection', label: t('rentals.flow.stepCheckOut') }] : []),
    { key: 'signature', label: t('rentals.flow.stepSignature') },
  ];
  const refresh = async () => {
    await inspections.mutate();
    onChanged(await rentalApi.get(rental.id));
  };
  return (
    <Modal open={open} onClose={onClose} title={t('rentals.dialogs.pickupTitle')} wide="extra">
      {open &&
        (loading ? (
          <p aria-busy="true">…</p>
        ) : (
          <div data-testid="pickup-flow">
            <Stepper steps={steps} current={step} />
            {step === 'readings' && (
              <PickupReadings
                rental={rental}
                onClose={onClose}
                vehicleOdometer={vehicleOdometer}
                known={checkOut ? { odometer: checkOut.odometer, fuelLevel: checkOut.fuelLevel } : undefined}
                onDone={onChanged}
              />
            )}
            {step === 'inspection' && (
              <InspectionForm
                rentalId={rental.id}
                kind="check_out"
                saveLabel={t('rentals.flow.saveContinue')}
                readings={
                  rental.odometerStart !== undefined && rental.fuelLevelStart
                    ? { odometer: rental.odometerStart, fuelLevel: rental.fuelLevelStart }
                    : undefined
                }
                onDone={(id) => (id ? void inspections.mutate() : onClose())}
              />
            )}
            {step === 'signature' && (
              <FlowSignatures rental={rental} inspection={checkOut} onClose={onClose} onSigned={refresh} />
            )}
            {step === 'done' && <FlowDone text={t('rentals.flow.pickupDone')} onClose={onClose} />}
          </div>
        ))}
    </Modal>
  );
}

export function ReturnFlow({
  rental,
  open,
  onClose,
  onChanged,
}: {
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onChanged: (r: RentalApi) => void;
}) {
  const t = useT();
  const canInspect = useCan('vehicleInspections');
  const inspections = useRentalInspections(open && canInspect ? rental.id : null);
  const checkOut = inspections.data?.items.find((i) => i.kind === 'check_out');
  const checkIn = inspections.data?.items.find((i) => i.kind === 'check_in');
  const loading = canInspect && open && !inspections.data && !inspections.error;
  const step = returnStep(rental, checkOut, checkIn, canInspect);
  useClearToastsOnStep(open, step);
  const withInspection = canInspect && !!checkOut;
  const steps = [
    ...(withInspection ? [{ key: 'inspection', label: t('rentals.flow.stepCheckIn') }] : []),
    { key: 'charges', label: t('rentals.flow.stepCharges') },
    ...(withInspection ? [{ key: 'signature', label: t('rentals.flow.stepSignature') }] : []),
  ];
  const returned = async (updated: RentalApi) => {
    onChanged(updated);
    // Nothing left to sign without a check-in: the flow ends with the return.
    if (!checkIn) onClose();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('rentals.dialogs.returnTitle')} wide="extra">
      {open &&
        (loading ? (
          <p aria-busy="true">…</p>
        ) : (
          <div data-testid="return-flow">
            {steps.length > 1 && <Stepper steps={steps} current={step} />}
            {step === 'inspection' && (
              <InspectionForm
                rentalId={rental.id}
                kind="check_in"
                reference={checkOut?.damages}
                saveLabel={t('rentals.flow.saveContinue')}
                onDone={(id) => (id ? void inspections.mutate() : onClose())}
              />
            )}
            {step === 'charges' && (
              <ReturnForm
                rental={rental}
                onClose={onClose}
                onDone={(u) => void returned(u)}
                readings={checkIn ? { odometer: checkIn.odometer, fuelLevel: checkIn.fuelLevel } : undefined}
              />
            )}
            {step === 'signature' && checkIn && (
              <FlowSignatures
                rental={rental}
                inspection={checkIn}
                onClose={onClose}
                onSigned={async () => {
                  await inspections.mutate();
                  onChanged(await rentalApi.get(rental.id));
                }}
              />
            )}
            {step === 'done' && <FlowDone text={t('rentals.flow.returnDone')} onClose={onClose} />}
          </div>
        ))}
    </Modal>
  );
}

function FlowDone({ text, onClose }: { text: string; onClose: () => void }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <p
        role="status"
        className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        data-testid="flow-done"
      >
        {text}
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          {t('rentals.flow.close')}
        </button>
      </div>
    </div>
  );
}

/**
 * One signing moment: the customer and the staff member sign once for what is still unsigned —
 * the rental contract (while draft) and the inspection of this step (while draft). The contract
 * can instead go to the customer by email (remote signing).
 */
function FlowSignatures({
  rental,
  inspection,
  onClose,
  onSigned,
}: {
  rental: RentalApi;
  inspection?: Inspection;
  onClose: () => void;
  onSigned: () => Promise<void>;
}) {
  const t = useT();
  const when = useDateTime();
  const contractDraft = (rental.contractStatus ?? 'draft') === 'draft' && rental.status !== 'completed';
  const inspectionDraft = inspection?.status === 'draft';
  const [customerName, setCustomerName] = useState(rental.customerName);
  const [customer, setCustomer] = useState<string | null>(null);
  const [staff, setStaff] = useState<string | null>(null);
  const [missing, setMissing] = useState<Record<string, boolean>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState<{ expiresAt: string; sentTo: string } | null>(null);
  const form = useFormSubmit(null, async ({ customer, staff }: { customer: string; staff: string }) => {
    setFailure('');
    try {
      if (contractDraft)
        await rentalApi.signContract(rental.id, {
          customerSignature: customer,
          staffSignature: staff,
          customerName: customerName.trim() || undefined,
          version: rental.version,
        });
      if (inspectionDraft && inspection)
        await callApi('signInspection', {
          params: { id: inspection.id },
          body: {
            customerSignature: customer,
            staffSignature: staff,
            customerName: customerName.trim() || undefined,
            version: inspection.version,
          },
        });
      toast({ variant: 'success', title: t('rentals.flow.signedToast') });
      await onSigned();
    } catch (error) {
      setFailure(translateApiError(error, t).message);
      await onSigned().catch(() => undefined);
    }
    return {};
  });
  const pending = form.saving || sending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!customer || !staff) {
      setMissing({ customer: !customer, staff: !staff });
      return;
    }
    void form.submit({ customer, staff });
  };
  // Sending the contract by email is an action beside the form, not its submit.
  const send = async () => {
    setSending(true);
    setFailure('');
    try {
      setSent(await rentalApi.sendContract(rental.id));
    } catch (error) {
      setFailure(translateApiError(error, t).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="flow-signatures">
      <div className="text-sm">
        <p>{t('rentals.flow.signIntro')}</p>
        <ul className="ms-5 mt-1 list-disc">
          {contractDraft && (
            <li data-sign="contract">{t('rentals.flow.signContract', { number: rental.contractNumber })}</li>
          )}
          {inspectionDraft && inspection && (
            <li data-sign="inspection">
              {t(inspection.kind === 'check_out' ? 'rentals.flow.signCheckOut' : 'rentals.flow.signCheckIn')}
            </li>
          )}
        </ul>
      </div>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">{t('rentals.contract.customerName')}</span>
        <input className="field-input" value={customerName} onChange={(e) => setCustomerName(e.target.value)} />
      </label>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <SignaturePad
            id="flow-signature-customer"
            label={t('rentals.contract.customer')}
            onChange={(v) => {
              setCustomer(v);
              setMissing((m) => ({ ...m, customer: false }));
            }}
          />
          {missing.customer && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t('rentals.contract.messages.customerSignatureRequired')}
            </p>
          )}
        </div>
        <div>
          <SignaturePad
            id="flow-signature-staff"
            label={t('rentals.contract.staff')}
            onChange={(v) => {
              setStaff(v);
              setMissing((m) => ({ ...m, staff: false }));
            }}
          />
          {missing.staff && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t('rentals.contract.messages.staffSignatureRequired')}
            </p>
          )}
        </div>
      </div>
      {sent && (
        <p
          role="status"
          className="rounded-md bg-blue-50 p-2 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100"
          data-testid="contract-sent"
        >
          {t('rentals.flow.sent', { email: sent.sentTo, when: when(sent.expiresAt) })}
        </p>
      )}
      <DialogError message={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
          {t('rentals.contract.later')}
        </button>
        {contractDraft && (
          <button type="button" className="btn-secondary" onClick={() => void send()} disabled={pending}>
            {t('rentals.flow.send')}
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('rentals.contract.signing') : t('rentals.contract.confirm')}
        </button>
      </div>
    </form>
  );
}

/** The create/edit form of a maintenance record and the complete-with-invoice form. */
import { useState, type FormEvent } from 'react';
import {
  MAINTENANCE_PAID_FROM,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_TYPES,
  completeMaintenanceSchema,
  createMaintenanceSchema,
  updateMaintenanceSchema,
} from '../../../../shared/schemas/maintenance';
import { DialogActions } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { Toggle } from '../../components/Toggle';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MAINTENANCE_PATH, maintenanceApi, type MaintenanceRecord } from './maintenance-api';
import { type VehicleOption, vehicleName, useToday } from './maintenance-shared';
import { apiArea, type BodyOf } from '../../lib/api-client';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A refusal shown IN the dialog (issue 26: a 400 on completion used to vanish with its toast):
 * the reason, plus the messages of fields this form has no input for (e.g. a journal line's VAT code).
 */
export function refusalText(
  failure: { message: string; fields: Record<string, string> },
  shownFields: readonly string[],
): string {
  const others = Object.entries(failure.fields)
    .filter(([k]) => !shownFields.includes(k))
    .map(([, m]) => m);
  return [...new Set([failure.message, ...others])].filter(Boolean).join(' — ');
}

function Refusal({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="alert"
      data-testid="dialog-refusal"
      className="rounded-ui border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {text}
    </p>
  );
}

const COMPLETE_FIELDS = [
  'actualCost',
  'vatAmount',
  'serviceMileage',
  'completedDate',
  'invoiceId',
  'paidFrom',
  'invoiceFile',
  'invoiceFile.contentType',
] as const;
const RECORD_FIELDS = [
  'vehicleId',
  'type',
  'date',
  'endDate',
  'estimatedCost',
  'priority',
  'status',
  'servicedBy',
  'paidFrom',
  'notes',
] as const;
const numOrUndefined = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Create (blank, or from a prediction) and edit. */
export function RecordForm({
  vehicles,
  record,
  initial,
  onDone,
}: {
  vehicles: VehicleOption[];
  record?: MaintenanceRecord;
  initial?: Record<string, unknown>;
  onDone: () => void;
}) {
  const t = useT();
  const invalidate = useInvalidate();
  const today = useToday();
  const src: Record<string, unknown> = record ? { ...record } : (initial ?? {});
  const [v, setV] = useState<Record<string, string>>(() => ({
    vehicleId: str(src.vehicleId),
    type: str(src.type),
    date: str(src.date ?? (record ? '' : today)),
    endDate: str(src.endDate),
    estimatedCost: str(src.estimatedCost),
    priority: str(src.priority ?? 'medium'),
    status: str(src.status ?? 'scheduled'),
    notes: str(src.notes),
    servicedBy: str(src.servicedBy),
    paidFrom: str(src.paidFrom ?? 'cash'),
  }));
  const [addToFinancials, setAddToFinancials] = useState(record ? record.addToFinancials : true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async (body: Record<string, unknown>) => {
    setRefusal(null);
    try {
      if (record) await maintenanceApi.update(record.id, { ...body, version: record.version });
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      else await maintenanceApi.create(body as BodyOf<'createMaintenance'>);
      toast({
        variant: 'success',
        title: t(
          record
            ? 'maintenance.toast.saved'
            : initial?.predictionId
              ? 'maintenance.toast.scheduled'
              : 'maintenance.toast.created',
        ),
      });
      await invalidate(MAINTENANCE_PATH, 'listVehicles', apiArea('fleetCalendar'));
      onDone();
      return {};
    } catch (error) {
      const failure = toastApiError(t('maintenance.messages.createFailed'), error);
      setRefusal(refusalText(failure, RECORD_FIELDS));
      return failure.fields;
    }
  };
  const form = useFormSubmit<Record<string, unknown>>(record ? updateMaintenanceSchema : createMaintenanceSchema, send);
  const set = (k: string) => (value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    form.clearError(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      type: v.type || undefined,
      date: v.date || undefined,
      endDate: v.endDate || null,
      estimatedCost: numOrUndefined(v.estimatedCost),
      priority: v.priority,
      status: v.status,
      notes: v.notes || null,
      servicedBy: v.servicedBy || null,
      paidFrom: v.paidFrom,
      addToFinancials,
    };
    if (!record) {
      body.vehicleId = v.vehicleId || undefined;
      if (initial?.predictionId) body.predictionId = initial.predictionId;
    }
    void form.submit(body);
  };
  const e = form.errors;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <FormField id="maint-form-vehicle" label={`${t('maintenance.fields.vehicle')} *`} error={e.vehicleId}>
        <select
          className="field-input"
          value={v.vehicleId}
          disabled={!!record || !!initial?.predictionId}
          onChange={(x) => set('vehicleId')(x.target.value)}
        >
          <option value="">—</option>
          {vehicles.map((o) => (
            <option key={o.id} value={o.id}>
              {vehicleName(o)}
            </option>
          ))}
          {record && !vehicles.some((o) => o.id === record.vehicleId) && (
            <option value={record.vehicleId}>{record.vehicleLabel}</option>
          )}
        </select>
      </FormField>
      <FormField id="maint-form-type" label={`${t('maintenance.fields.type')} *`} error={e.type}>
        <select className="field-input" value={v.type} onChange={(x) => set('type')(x.target.value)}>
          <option value="">—</option>
          {MAINTENANCE_TYPES.map((o) => (
            <option key={o} value={o}>
              {t(`maintenance.type.${o}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="maint-form-date" label={`${t('maintenance.fields.date')} *`} error={e.date}>
        <input type="date" className="field-input" value={v.date} onChange={(x) => set('date')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-end" label={t('maintenance.fields.endDate')} error={e.endDate}>
        <input type="date" className="field-input" value={v.endDate} onChange={(x) => set('endDate')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-cost" label={`${t('maintenance.fields.estimatedCost')} *`} error={e.estimatedCost}>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          className="field-input"
          dir="ltr"
          value={v.estimatedCost}
          onChange={(x) => set('estimatedCost')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-form-priority" label={t('maintenance.fields.priority')} error={e.priority}>
        <select className="field-input" value={v.priority} onChange={(x) => set('priority')(x.target.value)}>
          {MAINTENANCE_PRIORITIES.map((o) => (
            <option key={o} value={o}>
              {t(`maintenance.priority.${o}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="maint-form-status" label={t('maintenance.fields.status')} error={e.status}>
        <select
          className="field-input"
          value={v.status}
          disabled={record && record.status === 'in_progress'}
          onChange={(x) => set('status')(x.target.value)}
        >
          {(record?.status === 'in_progress' ? ['in_progress'] : ['pending', 'scheduled']).map((o) => (
            <option key={o} value={o}>
              {t(`maintenance.status.${o}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="maint-form-servicedby" label={t('maintenance.fields.servicedBy')} error={e.servicedBy}>
        <input className="field-input" value={v.servicedBy} onChange={(x) => set('servicedBy')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-paidfrom" label={t('maintenance.fields.paidFrom')} error={e.paidFrom}>
        <select className="field-input" value={v.paidFrom} onChange={(x) => set('paidFrom')(x.target.value)}>
          {MAINTENANCE_PAID_FROM.map((o) => (
            <option key={o} value={o}>
              {t(`maintenance.paidFrom.${o}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="self-end pb-2">
        <Toggle
          name="addToFinancials"
          label={t('maintenance.fields.addToFinancials')}
          hint={t('maintenance.fields.addToFinancialsHint')}
          checked={addToFinancials}
          onChange={setAddToFinancials}
        />
      </div>
      <FormField id="maint-form-notes" label={t('maintenance.fields.notes')} error={e.notes} className="sm:col-span-2">
        <textarea className="field-input" rows={3} value={v.notes} onChange={(x) => set('notes')(x.target.value)} />
      </FormField>
      <Refusal text={refusal} />
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onDone} disabled={form.saving}>
            {t('maintenance.actions.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {t('maintenance.actions.save')}
          </button>
        </DialogActions>
      </div>
    </form>
  );
}

/** Completing: actual cost, VAT, mileage, the invoice file (presigned upload with progress). */
export function CompleteForm({ record, onDone }: { record: MaintenanceRecord; onDone: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const today = useToday();
  const [v, setV] = useState({
    actualCost: str(record.actualCost ?? record.estimatedCost),
    vatAmount: str(record.vatAmount),
    serviceMileage: str(record.serviceMileage),
    completedDate: today,
    invoiceId: str(record.invoiceId),
    paidFrom: record.paidFrom,
  });
  const [addToFinancials, setAddToFinancials] = useState(record.addToFinancials);
  const [invoice, setInvoice] = useState<{ key: string; fileName: string; contentType: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async (body: Record<string, unknown>) => {
    setRefusal(null);
    try {
      await maintenanceApi.complete(record, body);
      toast({ variant: 'success', title: t('maintenance.toast.completed'), description: record.vehicleLabel });
      await invalidate(MAINTENANCE_PATH, 'listVehicles', apiArea('fleetCalendar'), apiArea('listAccounts'));
      onDone();
      return {};
    } catch (error) {
      const failure = toastApiError(t('maintenance.messages.createFailed'), error);
      setRefusal(refusalText(failure, COMPLETE_FIELDS));
      return failure.fields;
    }
  };
  const form = useFormSubmit<Record<string, unknown>>(completeMaintenanceSchema, send);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    form.clearError(k);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type)) {
      form.setErrors((x) => ({ ...x, invoiceFile: t('maintenance.messages.invoiceType') }));
      return;
    }
    setProgress(0);
    try {
      const target = await maintenanceApi.uploadInvoice(file, setProgress);
      setInvoice({ key: target.key, fileName: file.name, contentType: file.type });
      form.clearError('invoiceFile');
    } catch (error) {
      toastApiError(t('maintenance.messages.invoiceType'), error);
    } finally {
      setProgress(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit({
      actualCost: numOrUndefined(v.actualCost),
      vatAmount: v.vatAmount ? Number(v.vatAmount) : null,
      serviceMileage: v.serviceMileage ? Number(v.serviceMileage) : null,
      completedDate: v.completedDate || undefined,
      invoiceId: v.invoiceId || null,
      paidFrom: v.paidFrom,
      addToFinancials,
      ...(invoice ? { invoiceFile: invoice } : {}),
    });
  };
  const e = form.errors;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <p className="sm:col-span-2 text-sm text-slate-700 dark:text-slate-200">
        {record.vehicleLabel} · {t(`maintenance.type.${record.type}`)}
      </p>
      <FormField id="maint-complete-cost" label={`${t('maintenance.fields.actualCost')} *`} error={e.actualCost}>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          dir="ltr"
          className="field-input"
          value={v.actualCost}
          onChange={(x) => set('actualCost')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-complete-vat" label={t('maintenance.fields.vatAmount')} error={e.vatAmount}>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          dir="ltr"
          className="field-input"
          value={v.vatAmount}
          onChange={(x) => set('vatAmount')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-complete-mileage" label={t('maintenance.fields.serviceMileage')} error={e.serviceMileage}>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step="1"
          dir="ltr"
          className="field-input"
          value={v.serviceMileage}
          onChange={(x) => set('serviceMileage')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-complete-date" label={t('maintenance.fields.completedDate')} error={e.completedDate}>
        <input
          type="date"
          className="field-input"
          value={v.completedDate}
          onChange={(x) => set('completedDate')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-complete-invoiceid" label={t('maintenance.fields.invoiceId')} error={e.invoiceId}>
        <input
          className="field-input"
          dir="ltr"
          value={v.invoiceId}
          onChange={(x) => set('invoiceId')(x.target.value)}
        />
      </FormField>
      <FormField id="maint-complete-paidfrom" label={t('maintenance.fields.paidFrom')} error={e.paidFrom}>
        <select className="field-input" value={v.paidFrom} onChange={(x) => set('paidFrom')(x.target.value)}>
          {MAINTENANCE_PAID_FROM.map((o) => (
            <option key={o} value={o}>
              {t(`maintenance.paidFrom.${o}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="maint-complete-invoice"
        label={t('maintenance.fields.invoiceFile')}
        error={e.invoiceFile ?? e['invoiceFile.contentType']}
        className="sm:col-span-2"
      >
        <input
          type="file"
          className="field-input"
          accept="application/pdf,image/jpeg,image/png"
          disabled={progress !== null}
          onChange={(x) => void upload(x.target.files?.[0])}
        />
      </FormField>
      {progress !== null && (
        <progress
          max={100}
          value={progress}
          className="h-2 w-64 sm:col-span-2"
          aria-label={t('maintenance.actions.upload')}
        />
      )}
      {invoice && (
        <p className="text-sm sm:col-span-2" data-testid="invoice-uploaded">
          {invoice.fileName}
        </p>
      )}
      <div className="sm:col-span-2">
        <Toggle
          name="completeAddToFinancials"
          label={t('maintenance.fields.addToFinancials')}
          hint={t('maintenance.fields.addToFinancialsHint')}
          checked={addToFinancials}
          onChange={setAddToFinancials}
        />
      </div>
      <Refusal text={refusal} />
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onDone} disabled={form.saving}>
            {t('maintenance.actions.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={form.saving || progress !== null}>
            {t('maintenance.actions.complete')}
          </button>
        </DialogActions>
      </div>
    </form>
  );
}

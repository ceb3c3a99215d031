/**
 * /maintenance (product-screens §2: records, predictions, alerts; issue 12): the records list with
 * filters (status, priority, vehicle, dates), a calendar of scheduled work, a record's detail,
 * create/edit and complete (invoice upload with progress, cost to the books) dialogs; predictions
 * from each vehicle's odometer history with their evidence, turned into a scheduled record in one
 * click; alerts (past due, due within 7 days, urgent records open). STAFF read; MECHANIC edits.
 */
import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { calendarDateInZone } from '../../../../shared/regions';
import { addDays } from '../../../../shared/maintenance/lifecycle';
import { TRANSITIONS } from '../../../../shared/maintenance/lifecycle';
import {
  MAINTENANCE_PAID_FROM, MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES, MAINTENANCE_TYPES, completeMaintenanceSchema, createMaintenanceSchema, updateMaintenanceSchema,
  type MaintenancePriority, type MaintenanceStatus,
} from '../../../../shared/schemas/maintenance';
import { DirectionArrow } from '../../components/DirectionArrow';
import { ConfirmDialog, DialogActions, Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { Toggle } from '../../components/Toggle';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MAINTENANCE_PATH, PREDICTIONS_PATH, maintenanceApi, type MaintenancePrediction, type MaintenanceRecord } from './maintenance-api';

const STATUS_TONES: Partial<Record<MaintenanceStatus, Tone>> = { pending: 'amber', scheduled: 'blue', in_progress: 'violet', completed: 'green', cancelled: 'muted' };
const PRIORITY_TONES: Partial<Record<MaintenancePriority, Tone>> = { low: 'slate', medium: 'blue', high: 'orange', urgent: 'red' };
const URGENCY_TONES: Record<string, Tone> = { past_due: 'red', very_urgent: 'orange', urgent: 'amber', not_urgent: 'green' };
const TABS = ['records', 'calendar', 'predictions', 'alerts'] as const;
type Tab = (typeof TABS)[number];

interface VehicleOption { id: string; make: string; model: string; licensePlate: string }
const vehicleName = (v: VehicleOption) => `${v.make} ${v.model} (${v.licensePlate})`;

function useToday(): string {
  const fmt = useFormat();
  return calendarDateInZone(new Date(), fmt.timeZone);
}

export default function MaintenancePage() {
  const t = useT();
  const can = useCan();
  const editor = can('maintenanceEdit');
  const invalidate = useInvalidate();
  const [tab, setTab] = useState<Tab>('records');
  const [creating, setCreating] = useState<Record<string, unknown> | null>(null);
  const [generating, setGenerating] = useState(false);
  const vehicles = useSWR<{ items: VehicleOption[] }>('/api/v1/vehicles?limit=100');

  const generate = async () => {
    setGenerating(true);
    try {
      const res = await maintenanceApi.generate();
      if (res.failed && !res.succeeded) toast({ variant: 'destructive', title: t('maintenance.messages.generateFailed') });
      else toast({ variant: res.partial ? 'default' : 'success', title: t('maintenance.toast.generated', { count: res.succeeded }), description: res.partial ? t('maintenance.messages.partialSuccess') : undefined });
      await invalidate(PREDICTIONS_PATH);
      setTab('predictions');
    } catch (error) {
      toastApiError(t('maintenance.messages.generateFailed'), error);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('maintenance.title')}
        subtitle={t('maintenance.subtitle')}
        actions={editor ? (
          <span className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" disabled={generating} onClick={() => void generate()}>{t('maintenance.actions.generate')}</button>
            <button type="button" className="btn-primary" onClick={() => setCreating({})}>{t('maintenance.actions.add')}</button>
          </span>
        ) : undefined}
      />
      <div role="tablist" aria-label={t('maintenance.title')} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" id={`maint-tab-${k}`} aria-selected={tab === k} aria-controls={`maint-panel-${k}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === k ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
            onClick={() => setTab(k)}>
            {t(`maintenance.tabs.${k}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`maint-panel-${tab}`} aria-labelledby={`maint-tab-${tab}`}>
        {tab === 'records' && <RecordsTab vehicles={vehicles.data?.items ?? []} />}
        {tab === 'calendar' && <CalendarTab />}
        {tab === 'predictions' && <PredictionsTab onSchedule={(p) => setCreating(p)} />}
        {tab === 'alerts' && <AlertsTab />}
      </section>
      <Modal open={!!creating} onClose={() => setCreating(null)} title={t('maintenance.actions.add')} wide>
        {creating && <RecordForm vehicles={vehicles.data?.items ?? []} initial={creating} onDone={() => setCreating(null)} />}
      </Modal>
    </>
  );
}

/** The records list with its filters and row actions. */
function RecordsTab({ vehicles }: { vehicles: VehicleOption[] }) {
  const t = useT();
  const fmt = useFormat();
  const editor = useCan('maintenanceEdit');
  const [status, setStatus] = useState('all');
  const [priority, setPriority] = useState('all');
  const [vehicleId, setVehicleId] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [detail, setDetail] = useState<MaintenanceRecord | null>(null);
  const [editing, setEditing] = useState<MaintenanceRecord | null>(null);
  const [completing, setCompleting] = useState<MaintenanceRecord | null>(null);
  const [cancelling, setCancelling] = useState<MaintenanceRecord | null>(null);
  const [pending, setPending] = useState(false);
  const invalidate = useInvalidate();
  const params = { status: status === 'all' ? undefined : status, priority: priority === 'all' ? undefined : priority, vehicleId: vehicleId === 'all' ? undefined : vehicleId, from: from || undefined, to: to || undefined };
  const list = useCursorList<MaintenanceRecord>(MAINTENANCE_PATH, params, { limit: 25 });
  const filtered = Object.values(params).some(Boolean);

  const act = async (r: MaintenanceRecord, action: 'start' | 'cancel') => {
    setPending(true);
    try {
      await (action === 'start' ? maintenanceApi.start(r) : maintenanceApi.cancel(r));
      toast({ variant: 'success', title: t(action === 'start' ? 'maintenance.toast.started' : 'maintenance.toast.cancelled'), description: r.vehicleLabel });
      setCancelling(null);
      await invalidate(MAINTENANCE_PATH, '/api/v1/vehicles', '/api/v1/calendar');
    } catch (error) {
      toastApiError(t('maintenance.messages.invalidTransition'), error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect id="maint-status" label={t('maintenance.fields.status')} value={status} onChange={setStatus}
          options={[['all', t('maintenance.all')], ...MAINTENANCE_STATUSES.map((s) => [s, t(`maintenance.status.${s}`)] as const)]} />
        <FilterSelect id="maint-priority" label={t('maintenance.fields.priority')} value={priority} onChange={setPriority}
          options={[['all', t('maintenance.all')], ...MAINTENANCE_PRIORITIES.map((s) => [s, t(`maintenance.priority.${s}`)] as const)]} />
        <FilterSelect id="maint-vehicle" label={t('maintenance.fields.vehicle')} value={vehicleId} onChange={setVehicleId}
          options={[['all', t('maintenance.all')], ...vehicles.map((v) => [v.id, vehicleName(v)] as const)]} />
        <FormField id="maint-from" label={t('maintenance.fields.from')}><input type="date" className="field-input" value={from} onChange={(e) => setFrom(e.target.value)} /></FormField>
        <FormField id="maint-to" label={t('maintenance.fields.to')}><input type="date" className="field-input" value={to} onChange={(e) => setTo(e.target.value)} /></FormField>
      </div>
      <ListState list={list} errorTitle={t('maintenance.messages.createFailed')} empty={
        <EmptyList area="maintenance" filtered={filtered} onClear={() => { setStatus('all'); setPriority('all'); setVehicleId('all'); setFrom(''); setTo(''); }} />
      }>
        <ListTable columns={[t('maintenance.fields.date'), t('maintenance.fields.vehicle'), t('maintenance.fields.type'), t('maintenance.fields.status'),
          t('maintenance.fields.priority'), t('maintenance.fields.estimatedCost'), t('maintenance.fields.assignedTo'), ...(editor ? [''] : [])]}>
          {list.items.map((r) => {
            const moves = TRANSITIONS[r.status];
            return (
              <tr key={r.id} data-record-id={r.id}>
                <td className="px-3 py-2 whitespace-nowrap">{fmt.date(r.date)}{r.endDate && r.endDate !== r.date ? ` – ${fmt.date(r.endDate)}` : ''}</td>
                <td className="px-3 py-2">{r.vehicleLabel}</td>
                <td className="px-3 py-2"><button type="button" className="link" onClick={() => setDetail(r)}>{t(`maintenance.type.${r.type}`)}</button>
                  {r.isAiGenerated && <div className="text-xs text-slate-600 dark:text-slate-300">{t('maintenance.source.ai_generated')}</div>}</td>
                <td className="px-3 py-2"><StatusPill status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} /></td>
                <td className="px-3 py-2"><StatusPill status={r.priority} labelKey="maintenance.priority" tones={PRIORITY_TONES} dataName="priority" /></td>
                <td className="px-3 py-2 whitespace-nowrap">{fmt.money(r.actualCost ?? r.estimatedCost)}</td>
                <td className="px-3 py-2">{r.assignedToName ?? '—'}</td>
                {editor && (
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-2 text-xs">
                      {moves.start && <button type="button" className="link" disabled={pending} onClick={() => void act(r, 'start')}>{t('maintenance.actions.start')}</button>}
                      {moves.complete && <button type="button" className="link" onClick={() => setCompleting(r)}>{t('maintenance.actions.complete')}</button>}
                      {(r.status === 'pending' || r.status === 'scheduled' || r.status === 'in_progress') && <button type="button" className="link" onClick={() => setEditing(r)}>{t('maintenance.actions.edit')}</button>}
                      {moves.cancel && <button type="button" className="link text-red-700 dark:text-red-300" onClick={() => setCancelling(r)}>{t('maintenance.actions.cancelRecord')}</button>}
                    </span>
                  </td>
                )}
              </tr>
            );
          })}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('maintenance.actions.loadMore')} />

      <Modal open={!!detail} onClose={() => setDetail(null)} title={t('maintenance.detail.title')} wide>
        {detail && <RecordDetail id={detail.id} onClose={() => setDetail(null)} />}
      </Modal>
      <Modal open={!!editing} onClose={() => setEditing(null)} title={t('maintenance.actions.edit')} wide>
        {editing && <RecordForm vehicles={vehicles} record={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal open={!!completing} onClose={() => setCompleting(null)} title={t('maintenance.actions.complete')} wide>
        {completing && <CompleteForm record={completing} onDone={() => setCompleting(null)} />}
      </Modal>
      <ConfirmDialog open={!!cancelling} title={t('maintenance.actions.cancelRecord')} body={t('maintenance.confirmCancel')}
        confirmLabel={t('maintenance.actions.cancelRecord')} cancelLabel={t('maintenance.actions.close')} pending={pending}
        onConfirm={() => cancelling && void act(cancelling, 'cancel')} onClose={() => setCancelling(null)} />
    </>
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numOrUndefined = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Create (blank, or from a prediction) and edit. */
function RecordForm({ vehicles, record, initial, onDone }: { vehicles: VehicleOption[]; record?: MaintenanceRecord; initial?: Record<string, unknown>; onDone: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const today = useToday();
  const src: Record<string, unknown> = record ? { ...record } : initial ?? {};
  const [v, setV] = useState<Record<string, string>>(() => ({
    vehicleId: str(src.vehicleId), type: str(src.type), date: str(src.date ?? (record ? '' : today)), endDate: str(src.endDate),
    estimatedCost: str(src.estimatedCost), priority: str(src.priority ?? 'medium'), status: str(src.status ?? 'scheduled'),
    notes: str(src.notes), servicedBy: str(src.servicedBy), paidFrom: str(src.paidFrom ?? 'cash'),
  }));
  const [addToFinancials, setAddToFinancials] = useState(record ? record.addToFinancials : true);
  const send = async (body: Record<string, unknown>) => {
    try {
      if (record) await maintenanceApi.update(record.id, { ...body, version: record.version });
      else await maintenanceApi.create(body);
      toast({ variant: 'success', title: t(record ? 'maintenance.toast.saved' : initial?.predictionId ? 'maintenance.toast.scheduled' : 'maintenance.toast.created') });
      await invalidate(MAINTENANCE_PATH, '/api/v1/vehicles', '/api/v1/calendar');
      onDone();
      return {};
    } catch (error) {
      return toastApiError(t('maintenance.messages.createFailed'), error).fields;
    }
  };
  const form = useFormSubmit<Record<string, unknown>>(record ? updateMaintenanceSchema : createMaintenanceSchema, send);
  const set = (k: string) => (value: string) => { setV((x) => ({ ...x, [k]: value })); form.clearError(k); };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      type: v.type || undefined, date: v.date || undefined, endDate: v.endDate || null, estimatedCost: numOrUndefined(v.estimatedCost),
      priority: v.priority, status: v.status, notes: v.notes || null, servicedBy: v.servicedBy || null, paidFrom: v.paidFrom, addToFinancials,
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
        <select className="field-input" value={v.vehicleId} disabled={!!record || !!initial?.predictionId} onChange={(x) => set('vehicleId')(x.target.value)}>
          <option value="">—</option>
          {vehicles.map((o) => <option key={o.id} value={o.id}>{vehicleName(o)}</option>)}
          {record && !vehicles.some((o) => o.id === record.vehicleId) && <option value={record.vehicleId}>{record.vehicleLabel}</option>}
        </select>
      </FormField>
      <FormField id="maint-form-type" label={`${t('maintenance.fields.type')} *`} error={e.type}>
        <select className="field-input" value={v.type} onChange={(x) => set('type')(x.target.value)}>
          <option value="">—</option>
          {MAINTENANCE_TYPES.map((o) => <option key={o} value={o}>{t(`maintenance.type.${o}`)}</option>)}
        </select>
      </FormField>
      <FormField id="maint-form-date" label={`${t('maintenance.fields.date')} *`} error={e.date}>
        <input type="date" className="field-input" value={v.date} onChange={(x) => set('date')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-end" label={t('maintenance.fields.endDate')} error={e.endDate}>
        <input type="date" className="field-input" value={v.endDate} onChange={(x) => set('endDate')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-cost" label={`${t('maintenance.fields.estimatedCost')} *`} error={e.estimatedCost}>
        <input type="number" inputMode="decimal" min={0} step="0.01" className="field-input" dir="ltr" value={v.estimatedCost} onChange={(x) => set('estimatedCost')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-priority" label={t('maintenance.fields.priority')} error={e.priority}>
        <select className="field-input" value={v.priority} onChange={(x) => set('priority')(x.target.value)}>
          {MAINTENANCE_PRIORITIES.map((o) => <option key={o} value={o}>{t(`maintenance.priority.${o}`)}</option>)}
        </select>
      </FormField>
      <FormField id="maint-form-status" label={t('maintenance.fields.status')} error={e.status}>
        <select className="field-input" value={v.status} disabled={record && record.status === 'in_progress'} onChange={(x) => set('status')(x.target.value)}>
          {(record?.status === 'in_progress' ? ['in_progress'] : ['pending', 'scheduled']).map((o) => <option key={o} value={o}>{t(`maintenance.status.${o}`)}</option>)}
        </select>
      </FormField>
      <FormField id="maint-form-servicedby" label={t('maintenance.fields.servicedBy')} error={e.servicedBy}>
        <input className="field-input" value={v.servicedBy} onChange={(x) => set('servicedBy')(x.target.value)} />
      </FormField>
      <FormField id="maint-form-paidfrom" label={t('maintenance.fields.paidFrom')} error={e.paidFrom}>
        <select className="field-input" value={v.paidFrom} onChange={(x) => set('paidFrom')(x.target.value)}>
          {MAINTENANCE_PAID_FROM.map((o) => <option key={o} value={o}>{t(`maintenance.paidFrom.${o}`)}</option>)}
        </select>
      </FormField>
      <div className="self-end pb-2">
        <Toggle name="addToFinancials" label={t('maintenance.fields.addToFinancials')} hint={t('maintenance.fields.addToFinancialsHint')} checked={addToFinancials} onChange={setAddToFinancials} />
      </div>
      <FormField id="maint-form-notes" label={t('maintenance.fields.notes')} error={e.notes} className="sm:col-span-2">
        <textarea className="field-input" rows={3} value={v.notes} onChange={(x) => set('notes')(x.target.value)} />
      </FormField>
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onDone} disabled={form.saving}>{t('maintenance.actions.cancel')}</button>
          <button type="submit" className="btn-primary" disabled={form.saving}>{t('maintenance.actions.save')}</button>
        </DialogActions>
      </div>
    </form>
  );
}

/** Completing: actual cost, VAT, mileage, the invoice file (presigned upload with progress). */
function CompleteForm({ record, onDone }: { record: MaintenanceRecord; onDone: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const today = useToday();
  const [v, setV] = useState({ actualCost: str(record.actualCost ?? record.estimatedCost), vatAmount: str(record.vatAmount), serviceMileage: str(record.serviceMileage), completedDate: today, invoiceId: str(record.invoiceId), paidFrom: record.paidFrom });
  const [addToFinancials, setAddToFinancials] = useState(record.addToFinancials);
  const [invoice, setInvoice] = useState<{ key: string; fileName: string; contentType: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (body: Record<string, unknown>) => {
    try {
      await maintenanceApi.complete(record, body);
      toast({ variant: 'success', title: t('maintenance.toast.completed'), description: record.vehicleLabel });
      await invalidate(MAINTENANCE_PATH, '/api/v1/vehicles', '/api/v1/calendar', '/api/v1/accounting');
      onDone();
      return {};
    } catch (error) {
      return toastApiError(t('maintenance.messages.createFailed'), error).fields;
    }
  };
  const form = useFormSubmit<Record<string, unknown>>(completeMaintenanceSchema, send);
  const set = (k: keyof typeof v) => (value: string) => { setV((x) => ({ ...x, [k]: value })); form.clearError(k); };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type)) { form.setErrors((x) => ({ ...x, invoiceFile: t('maintenance.messages.invoiceType') })); return; }
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
      actualCost: numOrUndefined(v.actualCost), vatAmount: v.vatAmount ? Number(v.vatAmount) : null, serviceMileage: v.serviceMileage ? Number(v.serviceMileage) : null,
      completedDate: v.completedDate || undefined, invoiceId: v.invoiceId || null, paidFrom: v.paidFrom, addToFinancials, ...(invoice ? { invoiceFile: invoice } : {}),
    });
  };
  const e = form.errors;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <p className="sm:col-span-2 text-sm text-slate-700 dark:text-slate-200">{record.vehicleLabel} · {t(`maintenance.type.${record.type}`)}</p>
      <FormField id="maint-complete-cost" label={`${t('maintenance.fields.actualCost')} *`} error={e.actualCost}>
        <input type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" className="field-input" value={v.actualCost} onChange={(x) => set('actualCost')(x.target.value)} />
      </FormField>
      <FormField id="maint-complete-vat" label={t('maintenance.fields.vatAmount')} error={e.vatAmount}>
        <input type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" className="field-input" value={v.vatAmount} onChange={(x) => set('vatAmount')(x.target.value)} />
      </FormField>
      <FormField id="maint-complete-mileage" label={t('maintenance.fields.serviceMileage')} error={e.serviceMileage}>
        <input type="number" inputMode="numeric" min={0} step="1" dir="ltr" className="field-input" value={v.serviceMileage} onChange={(x) => set('serviceMileage')(x.target.value)} />
      </FormField>
      <FormField id="maint-complete-date" label={t('maintenance.fields.completedDate')} error={e.completedDate}>
        <input type="date" className="field-input" value={v.completedDate} onChange={(x) => set('completedDate')(x.target.value)} />
      </FormField>
      <FormField id="maint-complete-invoiceid" label={t('maintenance.fields.invoiceId')} error={e.invoiceId}>
        <input className="field-input" dir="ltr" value={v.invoiceId} onChange={(x) => set('invoiceId')(x.target.value)} />
      </FormField>
      <FormField id="maint-complete-paidfrom" label={t('maintenance.fields.paidFrom')} error={e.paidFrom}>
        <select className="field-input" value={v.paidFrom} onChange={(x) => set('paidFrom')(x.target.value)}>
          {MAINTENANCE_PAID_FROM.map((o) => <option key={o} value={o}>{t(`maintenance.paidFrom.${o}`)}</option>)}
        </select>
      </FormField>
      <FormField id="maint-complete-invoice" label={t('maintenance.fields.invoiceFile')} error={e.invoiceFile ?? e['invoiceFile.contentType']} className="sm:col-span-2">
        <input type="file" className="field-input" accept="application/pdf,image/jpeg,image/png" disabled={progress !== null} onChange={(x) => void upload(x.target.files?.[0])} />
      </FormField>
      {progress !== null && <progress max={100} value={progress} className="h-2 w-64 sm:col-span-2" aria-label={t('maintenance.actions.upload')} />}
      {invoice && <p className="text-sm sm:col-span-2" data-testid="invoice-uploaded">{invoice.fileName}</p>}
      <div className="sm:col-span-2">
        <Toggle name="completeAddToFinancials" label={t('maintenance.fields.addToFinancials')} hint={t('maintenance.fields.addToFinancialsHint')} checked={addToFinancials} onChange={setAddToFinancials} />
      </div>
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onDone} disabled={form.saving}>{t('maintenance.actions.cancel')}</button>
          <button type="submit" className="btn-primary" disabled={form.saving || progress !== null}>{t('maintenance.actions.complete')}</button>
        </DialogActions>
      </div>
    </form>
  );
}

function RecordDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const fmt = useFormat();
  const { data: r } = useSWR<MaintenanceRecord>(`${MAINTENANCE_PATH}/${id}`);
  if (!r) return <p aria-busy="true">…</p>;
  const rows: [string, React.ReactNode][] = [
    [t('maintenance.fields.vehicle'), r.vehicleLabel],
    [t('maintenance.fields.type'), t(`maintenance.type.${r.type}`)],
    [t('maintenance.fields.status'), <StatusPill key="s" status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} />],
    [t('maintenance.fields.priority'), t(`maintenance.priority.${r.priority}`)],
    [t('maintenance.fields.date'), `${fmt.date(r.date)}${r.endDate ? ` – ${fmt.date(r.endDate)}` : ''}`],
    [t('maintenance.fields.completedDate'), fmt.date(r.completedDate)],
    [t('maintenance.fields.estimatedCost'), fmt.money(r.estimatedCost)],
    [t('maintenance.fields.actualCost'), fmt.money(r.actualCost)],
    [t('maintenance.fields.vatAmount'), fmt.money(r.vatAmount)],
    [t('maintenance.fields.serviceMileage'), r.serviceMileage === null ? '—' : fmt.quantity(r.serviceMileage, 'kilometer')],
    [t('maintenance.fields.servicedBy'), r.servicedBy ?? '—'],
    [t('maintenance.fields.assignedTo'), r.assignedToName ?? '—'],
    [t('maintenance.fields.source'), `${t(`maintenance.source.${r.source}`)}${r.aiConfidence !== null ? ` · ${Math.round(r.aiConfidence * 100)}%` : ''}`],
    [t('maintenance.fields.paidFrom'), r.addToFinancials ? t(`maintenance.paidFrom.${r.paidFrom}`) : '—'],
    [t('maintenance.detail.journal'), r.journalEntryId ?? '—'],
    [t('maintenance.detail.reversal'), r.reversalEntryId ?? '—'],
    [t('maintenance.fields.notes'), r.notes ?? '—'],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([k, val]) => (
          <div key={k}><dt className="text-xs text-slate-600 dark:text-slate-300">{k}</dt><dd className="text-sm">{val}</dd></div>
        ))}
      </dl>
      {r.invoiceFile?.url && <p className="mt-4"><a className="link" href={r.invoiceFile.url} target="_blank" rel="noreferrer">{t('maintenance.actions.download')}: {r.invoiceFile.fileName}</a></p>}
      <DialogActions><button type="button" className="btn-secondary" onClick={onClose}>{t('maintenance.actions.close')}</button></DialogActions>
    </>
  );
}

/** Scheduled and in-progress work of the next 8 weeks, day by day. */
function CalendarTab() {
  const t = useT();
  const fmt = useFormat();
  const today = useToday();
  const to = addDays(today, 56);
  const res = useSWR<{ items: MaintenanceRecord[] }>(`${MAINTENANCE_PATH}?from=${addDays(today, -14)}&to=${to}&limit=100`);
  const open = (res.data?.items ?? []).filter((r) => r.status === 'scheduled' || r.status === 'in_progress');
  const days = useMemo(() => {
    const by = new Map<string, MaintenanceRecord[]>();
    for (const r of [...open].sort((a, b) => a.date.localeCompare(b.date))) by.set(r.date, [...(by.get(r.date) ?? []), r]);
    return [...by.entries()];
  }, [open]);
  return (
    <ListState list={{ ...itemsState(res), items: open }} errorTitle={t('maintenance.calendar.empty')} empty={<p className="text-sm">{t('maintenance.calendar.empty')}</p>}>
      <ol className="space-y-3" aria-label={t('maintenance.tabs.calendar')}>
        {days.map(([day, rs]) => (
          <li key={day} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800">
            <h3 className="mb-2 text-sm font-semibold">{fmt.date(day)}</h3>
            <ul className="space-y-1">
              {rs.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <StatusPill status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} />
                  <span className="font-medium">{t(`maintenance.type.${r.type}`)}</span>
                  <span>{r.vehicleLabel}</span>
                  {r.endDate && r.endDate !== r.date && <span className="text-slate-600 dark:text-slate-300"><DirectionArrow direction="forward" /> {fmt.date(r.endDate)}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </ListState>
  );
}

function PredictionsTab({ onSchedule }: { onSchedule: (initial: Record<string, unknown>) => void }) {
  const t = useT();
  const fmt = useFormat();
  const editor = useCan('maintenanceEdit');
  const today = useToday();
  const res = useSWR<{ items: MaintenancePrediction[] }>(PREDICTIONS_PATH);
  const items = res.data?.items ?? [];
  return (
    <ListState list={itemsState(res)} errorTitle={t('maintenance.messages.generateFailed')} empty={<p className="text-sm">{t('maintenance.empty.predictions')}</p>}>
      <ListTable columns={[t('maintenance.fields.vehicle'), t('maintenance.fields.type'), t('maintenance.prediction.dueDate'), t('maintenance.prediction.kmLeft'),
        t('maintenance.fields.status'), t('maintenance.fields.aiConfidence'), t('maintenance.prediction.evidence'), ...(editor ? [''] : [])]}>
        {items.map((p) => (
          <tr key={p.id} data-prediction-id={p.id} data-urgency={p.urgency}>
            <td className="px-3 py-2">{p.vehicleLabel}</td>
            <td className="px-3 py-2">{t(`maintenance.type.${p.type}`)}
              <div className="text-xs text-slate-600 dark:text-slate-300">
                {t('maintenance.prediction.every')} {[p.everyKm ? fmt.quantity(p.everyKm, 'kilometer') : null, p.everyMonths ? `${p.everyMonths} ${t('maintenance.prediction.months')}` : null].filter(Boolean).join(' / ')}
              </div></td>
            <td className="px-3 py-2 whitespace-nowrap">{p.dueDate ? fmt.date(p.dueDate) : t('maintenance.prediction.noDate')}
              {p.bookingsAtRisk.length > 0 && <div className="text-xs text-red-700 dark:text-red-300">{t('maintenance.prediction.bookingsAtRisk')}: {p.bookingsAtRisk.map((b) => b.label ?? b.rentalId).join(', ')}</div>}</td>
            <td className="px-3 py-2 whitespace-nowrap">{p.kmLeft === null ? '—' : p.kmLeft < 0 ? t('maintenance.prediction.kmOver', { km: fmt.quantity(-p.kmLeft, 'kilometer') }) : fmt.quantity(p.kmLeft, 'kilometer')}
              {p.kmPerDay !== null && <div className="text-xs text-slate-600 dark:text-slate-300">{fmt.quantity(p.kmPerDay, 'kilometer')} {t('maintenance.prediction.kmPerDay')}</div>}</td>
            <td className="px-3 py-2"><StatusPill status={p.urgency} labelKey="maintenance.urgency" tones={URGENCY_TONES} dataName="urgency" /></td>
            <td className="px-3 py-2">{p.insufficientHistory ? <span className="text-amber-800 dark:text-amber-300">{t('maintenance.prediction.tooLittle')}</span> : `${Math.round(p.confidence * 100)}% · ${t(`maintenance.confidence.${p.confidenceLevel}`)}`}</td>
            <td className="px-3 py-2 text-xs">
              <details>
                <summary className="cursor-pointer">{p.evidence.length}</summary>
                <ul className="mt-1 space-y-0.5">
                  {p.evidence.map((e, i) => <li key={i}>{fmt.date(e.at.slice(0, 10))} · {t(`maintenance.prediction.reading.${e.source}`)} · {fmt.quantity(e.km, 'kilometer')}{e.reference ? ` · ${e.reference}` : ''}</li>)}
                </ul>
              </details>
            </td>
            {editor && (
              <td className="px-3 py-2">
                {p.recordId ? <span className="text-xs">{t('maintenance.prediction.scheduled')}</span> : (
                  <button type="button" className="btn-secondary text-xs" onClick={() => onSchedule({
                    vehicleId: p.vehicleId, type: p.type, date: p.dueDate && p.dueDate > today ? p.dueDate : today, estimatedCost: '', predictionId: p.id,
                    priority: p.urgency === 'past_due' || p.urgency === 'very_urgent' ? 'urgent' : p.urgency === 'urgent' ? 'high' : 'medium',
                  })}>{t('maintenance.actions.schedule')}</button>
                )}
              </td>
            )}
          </tr>
        ))}
      </ListTable>
    </ListState>
  );
}

/** Past due, due within 7 days (from predictions), urgent records open. */
function AlertsTab() {
  const t = useT();
  const fmt = useFormat();
  const today = useToday();
  const preds = useSWR<{ items: MaintenancePrediction[] }>(PREDICTIONS_PATH);
  const urgent = useSWR<{ items: MaintenanceRecord[] }>(`${MAINTENANCE_PATH}?priority=urgent&limit=100`);
  const soon = addDays(today, 7);
  const p = preds.data?.items ?? [];
  const groups: [string, { id: string; text: string; date: string | null }[]][] = [
    ['pastDue', p.filter((x) => x.urgency === 'past_due').map((x) => ({ id: x.id, text: `${x.vehicleLabel} · ${t(`maintenance.type.${x.type}`)}`, date: x.dueDate }))],
    ['dueSoon', p.filter((x) => x.urgency !== 'past_due' && x.dueDate && x.dueDate <= soon).map((x) => ({ id: x.id, text: `${x.vehicleLabel} · ${t(`maintenance.type.${x.type}`)}`, date: x.dueDate }))],
    ['urgentOpen', (urgent.data?.items ?? []).filter((r) => r.status !== 'completed' && r.status !== 'cancelled').map((r) => ({ id: r.id, text: `${r.vehicleLabel} · ${t(`maintenance.type.${r.type}`)}`, date: r.date }))],
  ];
  const any = groups.some(([, xs]) => xs.length);
  if (!preds.data || !urgent.data) return <p aria-busy="true">…</p>;
  if (!any) return <p className="text-sm">{t('maintenance.empty.alerts')}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {groups.map(([k, xs]) => (
        <section key={k} aria-label={t(`maintenance.alerts.${k}`)} data-alert-group={k} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800">
          <h3 className="mb-2 font-semibold">{t(`maintenance.alerts.${k}`)} <span className="text-slate-600 dark:text-slate-300">({xs.length})</span></h3>
          <ul className="space-y-1 text-sm">
            {xs.map((x) => <li key={x.id}>{x.text}{x.date ? ` · ${fmt.date(x.date)}` : ''}</li>)}
          </ul>
        </section>
      ))}
    </div>
  );
}

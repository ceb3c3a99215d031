/**
 * /maintenance (product-screens §2: records, predictions, alerts; issue 12): the records list with
 * filters (status, priority, vehicle, dates), a calendar of scheduled work, a record's detail,
 * create/edit and complete (invoice upload with progress, cost to the books) dialogs; predictions
 * from each vehicle's odometer history with their evidence, turned into a scheduled record in one
 * click; alerts (past due, due within 7 days, urgent records open). STAFF read; MECHANIC edits.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { TRANSITIONS } from '../../../../shared/maintenance/lifecycle';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from '../../../../shared/schemas/maintenance';
import { ConfirmDialog, DialogActions, Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { MAINTENANCE_PATH, PREDICTIONS_PATH, maintenanceApi, type MaintenanceRecord } from './maintenance-api';
import { STATUS_TONES, PRIORITY_TONES, TABS, type VehicleOption, vehicleName, type Tab } from './maintenance-shared';
import { CompleteForm, RecordForm } from './RecordForms';
import { AlertsTab, CalendarTab, PredictionsTab } from './PlanningTabs';
import { apiArea, apiUrl } from '../../lib/api-client';

export default function MaintenancePage() {
  const t = useT();
  const can = useCan();
  const editor = can('maintenanceEdit');
  const invalidate = useInvalidate();
  // ?tab=alerts (the maintenance alerts link here) opens that tab.
  const [tab, setTab] = useState<Tab>(() => {
    const q = new URLSearchParams(window.location.search).get('tab');
    return (TABS as readonly string[]).includes(q ?? '') ? (q as Tab) : 'records';
  });
  const [creating, setCreating] = useState<Record<string, unknown> | null>(null);
  const [generating, setGenerating] = useState(false);
  const vehicles = useSWR<{ items: VehicleOption[] }>(apiUrl('listVehicles', { query: { limit: 100 } }));

  const generate = async () => {
    setGenerating(true);
    try {
      const res = await maintenanceApi.generate();
      if (res.failed && !res.succeeded)
        toast({ variant: 'destructive', title: t('maintenance.messages.generateFailed') });
      else
        toast({
          variant: res.partial ? 'default' : 'success',
          title: t('maintenance.toast.generated', { count: res.succeeded }),
          description: res.partial ? t('maintenance.messages.partialSuccess') : undefined,
        });
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
        actions={
          editor ? (
            <span className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" disabled={generating} onClick={() => void generate()}>
                {t('maintenance.actions.generate')}
              </button>
              <button type="button" className="btn-primary" onClick={() => setCreating({})}>
                {t('maintenance.actions.add')}
              </button>
            </span>
          ) : undefined
        }
      />
      <div
        role="tablist"
        aria-label={t('maintenance.title')}
        className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`maint-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`maint-panel-${k}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === k ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
            onClick={() => setTab(k)}
          >
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
        {creating && (
          <RecordForm vehicles={vehicles.data?.items ?? []} initial={creating} onDone={() => setCreating(null)} />
        )}
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
  const params = {
    status: status === 'all' ? undefined : status,
    priority: priority === 'all' ? undefined : priority,
    vehicleId: vehicleId === 'all' ? undefined : vehicleId,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useCursorList<MaintenanceRecord>('listMaintenance', params, { limit: 25 });
  const filtered = Object.values(params).some(Boolean);

  const act = async (r: MaintenanceRecord, action: 'start' | 'cancel') => {
    setPending(true);
    try {
      await (action === 'start' ? maintenanceApi.start(r) : maintenanceApi.cancel(r));
      toast({
        variant: 'success',
        title: t(action === 'start' ? 'maintenance.toast.started' : 'maintenance.toast.cancelled'),
        description: r.vehicleLabel,
      });
      setCancelling(null);
      await invalidate(MAINTENANCE_PATH, 'listVehicles', apiArea('fleetCalendar'));
    } catch (error) {
      toastApiError(t('maintenance.messages.invalidTransition'), error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="maint-status"
          label={t('maintenance.fields.status')}
          value={status}
          onChange={setStatus}
          options={[
            ['all', t('maintenance.all')],
            ...MAINTENANCE_STATUSES.map((s) => [s, t(`maintenance.status.${s}`)] as const),
          ]}
        />
        <FilterSelect
          id="maint-priority"
          label={t('maintenance.fields.priority')}
          value={priority}
          onChange={setPriority}
          options={[
            ['all', t('maintenance.all')],
            ...MAINTENANCE_PRIORITIES.map((s) => [s, t(`maintenance.priority.${s}`)] as const),
          ]}
        />
        <FilterSelect
          id="maint-vehicle"
          label={t('maintenance.fields.vehicle')}
          value={vehicleId}
          onChange={setVehicleId}
          options={[['all', t('maintenance.all')], ...vehicles.map((v) => [v.id, vehicleName(v)] as const)]}
        />
        <FormField id="maint-from" label={t('maintenance.fields.from')}>
          <input type="date" className="field-input" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField id="maint-to" label={t('maintenance.fields.to')}>
          <input type="date" className="field-input" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>
      <ListState
        list={list}
        errorTitle={t('maintenance.messages.createFailed')}
        empty={
          <EmptyList
            area="maintenance"
            filtered={filtered}
            onClear={() => {
              setStatus('all');
              setPriority('all');
              setVehicleId('all');
              setFrom('');
              setTo('');
            }}
          />
        }
      >
        <ListTable
          columns={[
            t('maintenance.fields.date'),
            t('maintenance.fields.vehicle'),
            t('maintenance.fields.type'),
            t('maintenance.fields.status'),
            t('maintenance.fields.priority'),
            t('maintenance.fields.estimatedCost'),
            t('maintenance.fields.assignedTo'),
            ...(editor ? [''] : []),
          ]}
        >
          {list.items.map((r) => {
            const moves = TRANSITIONS[r.status];
            return (
              <tr key={r.id} data-record-id={r.id}>
                <td className="px-3 py-2 whitespace-nowrap">
                  {fmt.date(r.date)}
                  {r.endDate && r.endDate !== r.date ? ` – ${fmt.date(r.endDate)}` : ''}
                </td>
                <td className="px-3 py-2">{r.vehicleLabel}</td>
                <td className="px-3 py-2">
                  <button type="button" className="link" onClick={() => setDetail(r)}>
                    {t(`maintenance.type.${r.type}`)}
                  </button>
                  {r.isAiGenerated && (
                    <div className="text-xs text-slate-600 dark:text-slate-300">
                      {t('maintenance.source.ai_generated')}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2">
                  <StatusPill status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} />
                </td>
                <td className="px-3 py-2">
                  <StatusPill
                    status={r.priority}
                    labelKey="maintenance.priority"
                    tones={PRIORITY_TONES}
                    dataName="priority"
                  />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{fmt.money(r.actualCost ?? r.estimatedCost)}</td>
                <td className="px-3 py-2">{r.assignedToName ?? '—'}</td>
                {editor && (
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-2 text-xs">
                      {moves.start && (
                        <button type="button" className="link" disabled={pending} onClick={() => void act(r, 'start')}>
                          {t('maintenance.actions.start')}
                        </button>
                      )}
                      {moves.complete && (
                        <button type="button" className="link" onClick={() => setCompleting(r)}>
                          {t('maintenance.actions.complete')}
                        </button>
                      )}
                      {(r.status === 'pending' || r.status === 'scheduled' || r.status === 'in_progress') && (
                        <button type="button" className="link" onClick={() => setEditing(r)}>
                          {t('maintenance.actions.edit')}
                        </button>
                      )}
                      {moves.cancel && (
                        <button
                          type="button"
                          className="link text-red-700 dark:text-red-300"
                          onClick={() => setCancelling(r)}
                        >
                          {t('maintenance.actions.cancelRecord')}
                        </button>
                      )}
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
      <ConfirmDialog
        open={!!cancelling}
        title={t('maintenance.actions.cancelRecord')}
        body={t('maintenance.confirmCancel')}
        confirmLabel={t('maintenance.actions.cancelRecord')}
        cancelLabel={t('maintenance.actions.close')}
        pending={pending}
        onConfirm={() => cancelling && void act(cancelling, 'cancel')}
        onClose={() => setCancelling(null)}
      />
    </>
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
    [
      t('maintenance.fields.status'),
      <StatusPill key="s" status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} />,
    ],
    [t('maintenance.fields.priority'), t(`maintenance.priority.${r.priority}`)],
    [t('maintenance.fields.date'), `${fmt.date(r.date)}${r.endDate ? ` – ${fmt.date(r.endDate)}` : ''}`],
    [t('maintenance.fields.completedDate'), fmt.date(r.completedDate)],
    [t('maintenance.fields.estimatedCost'), fmt.money(r.estimatedCost)],
    [t('maintenance.fields.actualCost'), fmt.money(r.actualCost)],
    [t('maintenance.fields.vatAmount'), fmt.money(r.vatAmount)],
    [
      t('maintenance.fields.serviceMileage'),
      r.serviceMileage === null ? '—' : fmt.quantity(r.serviceMileage, 'kilometer'),
    ],
    [t('maintenance.fields.servicedBy'), r.servicedBy ?? '—'],
    [t('maintenance.fields.assignedTo'), r.assignedToName ?? '—'],
    [
      t('maintenance.fields.source'),
      `${t(`maintenance.source.${r.source}`)}${r.aiConfidence !== null ? ` · ${Math.round(r.aiConfidence * 100)}%` : ''}`,
    ],
    [t('maintenance.fields.paidFrom'), r.addToFinancials ? t(`maintenance.paidFrom.${r.paidFrom}`) : '—'],
    [t('maintenance.detail.journal'), r.journalEntryId ?? '—'],
    [t('maintenance.detail.reversal'), r.reversalEntryId ?? '—'],
    [t('maintenance.fields.notes'), r.notes ?? '—'],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([k, val]) => (
          <div key={k}>
            <dt className="text-xs text-slate-600 dark:text-slate-300">{k}</dt>
            <dd className="text-sm">{val}</dd>
          </div>
        ))}
      </dl>
      {r.invoiceFile?.url && (
        <p className="mt-4">
          <a className="link" href={r.invoiceFile.url} target="_blank" rel="noreferrer">
            {t('maintenance.actions.download')}: {r.invoiceFile.fileName}
          </a>
        </p>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('maintenance.actions.close')}
        </button>
      </DialogActions>
    </>
  );
}

/** Scheduled and in-progress work of the next 8 weeks, day by day. */

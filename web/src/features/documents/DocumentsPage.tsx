/**
 * /documents (issue 11): tabs vehicle, customer and company (each shown to the roles whose
 * ability covers it), smart search (title, type, tags, file name and extracted text), filters,
 * page-size selector (10/25/50/100), overview (validity, type, next 30/60/90 days), selection with
 * bulk actions (analyze all, download all as one ZIP, approve, delete with confirmation), upload
 * with a progress bar, and a detail dialog (analysis proposals to accept, review actions, replace,
 * version history). "Schedule maintenance" (vehicle tab, maintenance editors) creates one scheduled
 * maintenance record per selected document; refused ones are named in the toast.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import {
  DOCUMENT_PAGE_SIZES,
  DOCUMENT_SCOPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  DOCUMENT_VALIDITY,
  type DocumentApi,
  type DocumentScope,
} from '../../../../shared/schemas/documents';
import { ConfirmDialog } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError, translateMessage } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useInvalidate } from '../../lib/invalidate';
import { documentsApi, DOCUMENTS_PATH, type Overview } from './documents-api';
import { DocumentDialog, UploadDialog, useLabels } from './DocumentDialogs';
import { SCOPE_ABILITY, STATUS_TONES, VALIDITY_TONES } from './tones';

const LIVE = { revalidateOnFocus: false, dedupingInterval: 2000 };

export default function DocumentsPage() {
  const t = useT();
  const can = useCan();
  const canSchedule = can('maintenanceEdit');
  const fmt = useFormat();
  const scopes = DOCUMENT_SCOPES.filter((s) => can(SCOPE_ABILITY[s]));
  const initialScope = (new URLSearchParams(window.location.search).get('scope') as DocumentScope | null) ?? scopes[0];
  const [scope, setScope] = useState<DocumentScope>(scopes.includes(initialScope) ? initialScope : scopes[0]);
  const [q, setQ] = useState('');
  const [documentType, setType] = useState('all');
  const [status, setStatus] = useState('all');
  const [validity, setValidity] = useState('all');
  const [awaiting, setAwaiting] = useState(false);
  const [limit, setLimit] = useState(25);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [openId, setOpenId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('id'));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pending, setPending] = useState(false);
  const labels = useLabels(scope);
  // "Run now" (issue 27, like invoicing's): OWNER/ADMIN send the reminders due today for their company.
  const canRunReminders = can('documentsCompany');
  const [runningReminders, setRunningReminders] = useState(false);
  const runReminders = async () => {
    setRunningReminders(true);
    try {
      const run = await documentsApi.runReminders();
      toast({
        variant: 'success',
        title: run.emails.length
          ? t('documents.reminders.runDone', { n: run.emails.length })
          : t('documents.reminders.runNone'),
      });
      await invalidate(DOCUMENTS_PATH);
    } catch (error) {
      toastApiError(t('documents.reminders.runFailed'), error);
    } finally {
      setRunningReminders(false);
    }
  };

  const params = {
    scope,
    q,
    documentType: documentType === 'all' ? undefined : documentType,
    status: status === 'all' ? undefined : status,
    validity: validity === 'all' ? undefined : validity,
    awaitingMyReview: awaiting ? 'true' : undefined,
  };
  const list = useCursorList<DocumentApi>('listDocuments', params, { limit, swr: LIVE });
  const overview = useSWR<Overview>(`${DOCUMENTS_PATH}/overview?scope=${scope}`, LIVE);
  const filtered = !!q || documentType !== 'all' || status !== 'all' || validity !== 'all' || awaiting;
  const ids = useMemo(() => list.items.map((d) => d.id), [list.items]);
  const chosen = ids.filter((id) => selected.has(id));

  const invalidate = useInvalidate();
  // Every cached list (other filters too), the overview and open documents: a change shows everywhere.
  const refresh = () => void invalidate(DOCUMENTS_PATH);
  const clear = () => {
    setQ('');
    setType('all');
    setStatus('all');
    setValidity('all');
    setAwaiting(false);
  };
  const switchScope = (s: DocumentScope) => {
    setScope(s);
    setSelected(new Set());
  };

  const bulk = async (action: 'analyze' | 'download' | 'approve' | 'delete' | 'schedule_maintenance') => {
    setPending(true);
    try {
      const res =
        action === 'schedule_maintenance'
          ? await documentsApi.scheduleMaintenance({ ids: chosen })
          : await documentsApi.bulk({ action, ids: chosen, ...(action === 'delete' ? { confirm: true } : {}) });
      if (action === 'download' && res.downloadUrl) {
        const a = document.createElement('a');
        a.href = res.downloadUrl;
        a.download = 'documents.zip';
        a.dataset.testid = 'zip-link';
        document.body.appendChild(a);
        a.click();
        a.remove();
      } else if (action === 'schedule_maintenance') {
        const failed = (res.results ?? []).filter((r) => !r.ok);
        const titleOf = (id: string) => list.items.find((d) => d.id === id)?.title ?? id;
        // The reason comes from documents or maintenance (archived vehicle…): in the page's language.
        const reason = (m?: string) => (m ? translateMessage(t, m) : '');
        toast({
          variant: failed.length ? 'destructive' : 'success',
          title: failed.length ? t('documents.messages.scheduleFailed') : t('documents.bulk.schedule_maintenance'),
          description: [
            t('documents.bulkDone', { ok: res.succeeded ?? 0, failed: res.failed ?? 0 }),
            ...failed.map((r) => `${titleOf(r.id)}: ${reason(r.detail)}`),
          ].join(' · '),
        });
      } else {
        toast({
          variant: res.failed ? 'destructive' : 'success',
          title: action === 'delete' ? t('documents.deleted') : t(`documents.bulk.${action}`),
          description: t('documents.bulkDone', { ok: res.succeeded ?? 0, failed: res.failed ?? 0 }),
        });
      }
      setConfirmDelete(false);
      if (action !== 'download') setSelected(new Set());
      refresh();
    } catch (error) {
      toastApiError(
        action === 'delete'
          ? t('documents.messages.deleteFailed')
          : action === 'analyze'
            ? t('documents.messages.analyzeFailed')
            : action === 'schedule_maintenance'
              ? t('documents.messages.scheduleFailed')
              : t(`documents.bulk.${action}`),
        error,
      );
    } finally {
      setPending(false);
    }
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const allChosen = ids.length > 0 && chosen.length === ids.length;

  return (
    <>
      <PageHeader
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        actions={
          <>
            {canRunReminders && (
              <button
                type="button"
                className="btn-secondary"
                disabled={runningReminders}
                onClick={() => void runReminders()}
              >
                {runningReminders ? t('documents.reminders.running') : t('documents.reminders.runNow')}
              </button>
            )}
            <button type="button" className="btn-primary" onClick={() => setUploading(true)}>
              {t('documents.upload')}
            </button>
          </>
        }
      />

      <div
        role="tablist"
        aria-label={t('documents.title')}
        className="mb-4 flex gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {scopes.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === scope}
            onClick={() => switchScope(s)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${s === scope ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
          >
            {t(`documents.tabs.${s}`)}
          </button>
        ))}
      </div>

      <section
        aria-label={t('documents.overview')}
        className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7"
        data-testid="documents-overview"
      >
        {overview.data ? (
          ((o) => (
            <>
              {DOCUMENT_VALIDITY.map((v) => (
                <button
                  key={v}
                  type="button"
                  className="card p-3 text-start"
                  onClick={() => setValidity(validity === v ? 'all' : v)}
                  aria-pressed={validity === v}
                >
                  <div className="text-xs text-slate-600 dark:text-slate-300">{t(`documents.validity.${v}`)}</div>
                  <div className="text-xl font-semibold" data-validity-count={v}>
                    {o.byValidity[v] ?? 0}
                  </div>
                </button>
              ))}
              {(['30', '60', '90'] as const).map((n) => (
                <div key={n} className="card p-3">
                  <div className="text-xs text-slate-600 dark:text-slate-300">{t('documents.expiringIn', { n })}</div>
                  <div className="text-xl font-semibold">{o.expiringWithin[n]}</div>
                </div>
              ))}
            </>
          ))(overview.data)
        ) : (
          <div
            className="col-span-full h-16 animate-pulse rounded-ui-lg bg-slate-100 dark:bg-slate-800"
            aria-hidden="true"
          />
        )}
      </section>

      <section aria-label={t('documents.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          id="documents-search"
          className="min-w-64 flex-1"
          label={t('documents.searchLabel')}
          placeholder={t('documents.searchPlaceholder')}
          value={q}
          onSearch={setQ}
        />
        <FilterSelect
          id="documents-type"
          label={t('documents.field.documentType')}
          value={documentType}
          onChange={setType}
          options={[
            ['all', t('documents.allTypes')],
            ...DOCUMENT_TYPES.map((x) => [x, t(`documents.type.${x}`)] as const),
          ]}
        />
        <FilterSelect
          id="documents-status"
          label={t('documents.field.status')}
          value={status}
          onChange={setStatus}
          options={[
            ['all', t('documents.allStatuses')],
            ...DOCUMENT_STATUSES.map((x) => [x, t(`documents.status.${x}`)] as const),
          ]}
        />
        <FilterSelect
          id="documents-validity"
          label={t('documents.field.validity')}
          value={validity}
          onChange={setValidity}
          options={[
            ['all', t('documents.allValidity')],
            ...DOCUMENT_VALIDITY.map((x) => [x, t(`documents.validity.${x}`)] as const),
          ]}
        />
        <FilterSelect
          id="documents-page-size"
          label={t('documents.pageSize')}
          value={String(limit)}
          onChange={(v) => setLimit(Number(v))}
          options={DOCUMENT_PAGE_SIZES.map((n) => [String(n), String(n)] as const)}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={awaiting} onChange={(e) => setAwaiting(e.target.checked)} />
          {t('documents.awaitingMyReview')}
          {overview.data ? (
            <span className="rounded-full bg-blue-100 px-2 text-xs text-blue-900 dark:bg-blue-900 dark:text-blue-100">
              {overview.data.awaitingReview}
            </span>
          ) : null}
        </label>
      </section>

      {chosen.length > 0 && (
        <div
          role="toolbar"
          aria-label={t('documents.selected', { n: chosen.length })}
          className="mb-3 flex flex-wrap items-center gap-2 rounded-ui-lg bg-slate-100 p-2 dark:bg-slate-800"
        >
          <span className="px-2 text-sm font-medium">{t('documents.selected', { n: chosen.length })}</span>
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => void bulk('analyze')}>
            {t('documents.bulk.analyze')}
          </button>
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => void bulk('download')}>
            {t('documents.bulk.download')}
          </button>
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => void bulk('approve')}>
            {t('documents.bulk.approve')}
          </button>
          {scope === 'vehicle' && canSchedule && (
            <button
              type="button"
              className="btn-secondary"
              disabled={pending}
              onClick={() => void bulk('schedule_maintenance')}
            >
              {t('documents.bulk.schedule_maintenance')}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary text-red-700 dark:text-red-300"
            disabled={pending}
            onClick={() => setConfirmDelete(true)}
          >
            {t('documents.bulk.delete')}
          </button>
        </div>
      )}

      <ListState
        list={list}
        errorTitle={t('documents.loadFailed')}
        empty={<EmptyList area="documents" filtered={filtered} onClear={clear} />}
      >
        <ListTable
          columns={[
            <input
              key="all"
              type="checkbox"
              aria-label={t('documents.selectAll')}
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(ids))}
            />,
            t('documents.field.title'),
            ...(scope === 'company' ? [] : [t(`documents.field.${scope}`)]),
            t('documents.field.documentType'),
            t('documents.field.status'),
            t('documents.field.expiryDate'),
            t('documents.field.validity'),
            t('documents.field.version'),
          ]}
        >
          {list.items.map((d) => (
            <tr key={d.id} data-document-id={d.id}>
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t('documents.selectRow', { title: d.title })}
                  checked={selected.has(d.id)}
                  onChange={() => toggle(d.id)}
                />
              </td>
              <td className="px-3 py-2">
                <button type="button" className="link text-start font-medium" onClick={() => setOpenId(d.id)}>
                  {d.title}
                </button>
                {d.isTemplate && (
                  <span
                    className="ms-2 rounded-full bg-violet-100 px-2 text-xs text-violet-900 dark:bg-violet-900 dark:text-violet-100"
                    data-testid="template-badge"
                  >
                    {t('documents.template')}
                  </span>
                )}
                <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
                  {d.fileName}
                </div>
              </td>
              {scope !== 'company' && (
                <td className="px-3 py-2">
                  {labels.get((scope === 'vehicle' ? d.vehicleId : d.customerId) ?? '') ?? '—'}
                </td>
              )}
              <td className="px-3 py-2">{t(`documents.type.${d.documentType}`)}</td>
              <td className="px-3 py-2">
                <StatusPill status={d.status} labelKey="documents.status" tones={STATUS_TONES} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{d.expiryDate ? fmt.date(d.expiryDate) : '—'}</td>
              <td className="px-3 py-2">
                <StatusPill
                  status={d.validity}
                  labelKey="documents.validity"
                  tones={VALIDITY_TONES}
                  dataName="validity"
                />
                {d.daysLeft !== null && (
                  <div className="text-xs text-slate-600 dark:text-slate-300">
                    {d.daysLeft >= 0
                      ? t('documents.daysLeft', { n: d.daysLeft })
                      : t('documents.daysAgo', { n: -d.daysLeft })}
                  </div>
                )}
              </td>
              <td className="px-3 py-2">v{d.version}</td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('documents.loadMore')} />

      {uploading && (
        <UploadDialog
          scope={scope}
          onClose={() => setUploading(false)}
          onDone={(id) => {
            setUploading(false);
            refresh();
            setOpenId(id);
          }}
        />
      )}
      {openId && (
        <DocumentDialog
          id={openId}
          onClose={() => setOpenId(null)}
          onChanged={refresh}
          onCreated={(doc) => {
            switchScope(doc.scope);
            setOpenId(doc.id);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('documents.confirmDeleteTitle', { n: chosen.length })}
        body={t('documents.confirmDeleteBody')}
        confirmLabel={t('documents.bulk.delete')}
        pending={pending}
        onConfirm={() => void bulk('delete')}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}

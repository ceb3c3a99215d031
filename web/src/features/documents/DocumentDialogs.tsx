/**
 * The documents page's dialogs: upload (with a progress bar) and one document (analysis
 * proposals with "accept" per field, review actions, replace the file, version history).
 */
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import {
  DOCUMENT_SCOPES,
  DOCUMENT_TYPES,
  documentCreateSchema,
  documentUseTemplateSchema,
  type DocumentApi,
  type DocumentScope,
} from '../../../../shared/schemas/documents';
import { Modal, DialogActions } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useFormSubmit } from '../../lib/use-form-submit';
import {
  documentsApi,
  DOCUMENTS_PATH,
  uploadDocumentFile,
  type DocumentDetail,
  type ReminderHistoryEntry,
  remindersPath,
} from './documents-api';
import { SCOPE_ABILITY, STATUS_TONES, VALIDITY_TONES } from './tones';
import { useCan } from '../../lib/use-can';
import { Toggle } from '../../components/Toggle';
import { apiUrl, type BodyOf } from '../../lib/api-client';

const LIVE = { revalidateOnFocus: false };
const ACCEPTABLE = new Set(['expiryDate', 'documentType']);

/** Names of the vehicles or customers a tab's documents belong to (first 100, one read). */
export function useLabels(scope: DocumentScope) {
  const path =
    scope === 'vehicle'
      ? apiUrl('listVehicles', { query: { limit: 100 } })
      : scope === 'customer'
        ? apiUrl('listCustomers', { query: { limit: 100 } })
        : null;
  const res = useSWR<{ items: Record<string, unknown>[] }>(path, LIVE);
  const map = new Map<string, string>();
  for (const it of res.data?.items ?? [])
    map.set(
      String(it.id),
      it.licensePlate
        ? `${String(it.make)} ${String(it.model)} · ${String(it.licensePlate)}`
        : String(it.fullNameEnglish),
    );
  return map;
}

function Progress({ pct }: { pct: number }) {
  const t = useT();
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('documents.uploading', { pct })}
        className="h-2 w-full rounded bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-2 rounded bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs">{t('documents.uploading', { pct })}</p>
    </div>
  );
}

/** Upload a document of a scope; `owner` fixes the vehicle or customer (their pages), else it is chosen here. */
export function UploadDialog({
  scope,
  owner,
  onClose,
  onDone,
}: {
  scope: DocumentScope;
  owner?: string;
  onClose: () => void;
  onDone: (id: string) => void;
}) {
  const t = useT();
  const labels = useLabels(owner ? 'company' : scope);
  const [values, setValues] = useState<Record<string, string>>({
    title: '',
    documentType: scope === 'vehicle' ? 'registration' : 'license',
    expiryDate: '',
    owner: owner ?? '',
  });
  const [isTemplate, setIsTemplate] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [pct, setPct] = useState<number | null>(null);
  const {
    errors,
    saving,
    submit: send,
    clearError,
    setErrors,
  } = useFormSubmit(documentCreateSchema, async (body: Record<string, unknown>) => {
    if (!file) return { key: t('documents.chooseFile') };
    try {
      const key = await uploadDocumentFile(scope, file, setPct);
      // useFormSubmit checked the body with documentCreateSchema before calling this.
      const doc = await documentsApi.create({ ...body, key, fileName: file.name } as BodyOf<'createDocument'>);
      toast({ variant: 'success', title: t('documents.uploaded'), description: doc.title });
      onDone(doc.id);
      return {};
    } catch (error) {
      setPct(null);
      return toastApiError(t('documents.messages.uploadFailed'), error).fields;
    }
  });
  const set = (k: string, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    clearError(k === 'owner' ? (scope === 'vehicle' ? 'vehicleId' : 'customerId') : k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setErrors({ key: t('documents.chooseFile') });
      return;
    }
    void send({
      scope,
      title: values.title,
      documentType: values.documentType,
      key: 'pending',
      ...(scope === 'company' && isTemplate ? { isTemplate: true, tags: ['template'] } : {}),
      ...(values.expiryDate ? { expiryDate: values.expiryDate } : {}),
      ...(scope === 'vehicle' ? { vehicleId: values.owner || undefined } : {}),
      ...(scope === 'customer' ? { customerId: values.owner || undefined } : {}),
    });
  };
  return (
    <Modal
      open
      onClose={saving ? () => {} : onClose}
      title={`${t('documents.upload')} · ${t(`documents.tabs.${scope}`)}`}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        {scope !== 'company' && !owner && (
          <FormField
            id="doc-owner"
            label={`${t(`documents.field.${scope}`)} *`}
            error={errors[scope === 'vehicle' ? 'vehicleId' : 'customerId'] || undefined}
          >
            <select className="field-input" value={values.owner} onChange={(e) => set('owner', e.target.value)}>
              <option value="">—</option>
              {[...labels.entries()].map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id="doc-title" label={`${t('documents.field.title')} *`} error={errors.title || undefined}>
          <input className="field-input" value={values.title} onChange={(e) => set('title', e.target.value)} />
        </FormField>
        <FormField id="doc-type" label={t('documents.field.documentType')} error={errors.documentType || undefined}>
          <select
            className="field-input"
            value={values.documentType}
            onChange={(e) => set('documentType', e.target.value)}
          >
            {DOCUMENT_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`documents.type.${x}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="doc-expiry" label={t('documents.field.expiryDate')} error={errors.expiryDate || undefined}>
          <input
            className="field-input"
            type="date"
            value={values.expiryDate}
            onChange={(e) => set('expiryDate', e.target.value)}
          />
        </FormField>
        <FormField
          id="doc-file"
          label={`${t('documents.chooseFile')} *`}
          error={errors.key || errors.contentType || undefined}
        >
          <input
            className="field-input"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              clearError('key');
            }}
          />
        </FormField>
        {scope === 'company' && (
          <Toggle name="isTemplate" label={t('documents.markTemplate')} checked={isTemplate} onChange={setIsTemplate} />
        )}
        {pct !== null && <Progress pct={pct} />}
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={saving}>
            {t('documents.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {t('documents.upload')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

/**
 * "Use template": a new draft document from a company template's file (copied in storage), in a
 * scope the user may write, for a vehicle or customer chosen here; type and title prefilled.
 */
function UseTemplateForm({ template, onDone }: { template: DocumentApi; onDone: (doc: DocumentApi) => void }) {
  const t = useT();
  const can = useCan();
  const scopes = DOCUMENT_SCOPES.filter((s) => can(SCOPE_ABILITY[s]));
  const [scope, setScope] = useState<DocumentScope>(scopes.includes('customer') ? 'customer' : scopes[0]);
  const [owner, setOwner] = useState('');
  const [title, setTitle] = useState(template.title);
  const labels = useLabels(scope);
  const ownerField = scope === 'vehicle' ? 'vehicleId' : 'customerId';
  const { errors, saving, submit, clearError } = useFormSubmit(
    documentUseTemplateSchema,
    async (body: Record<string, unknown>) => {
      try {
        // useFormSubmit checked the body with documentUseTemplateSchema before calling this.
        const doc = await documentsApi.createFromTemplate(template.id, body as BodyOf<'useDocumentTemplate'>);
        toast({ variant: 'success', title: t('documents.createdFromTemplate'), description: doc.title });
        onDone(doc);
        return {};
      } catch (error) {
        return toastApiError(t('documents.useTemplate'), error).fields;
      }
    },
  );
  const send = (e: FormEvent) => {
    e.preventDefault();
    void submit({ scope, title, ...(scope === 'company' ? {} : { [ownerField]: owner || undefined }) });
  };
  return (
    <form
      onSubmit={send}
      noValidate
      className="space-y-3 rounded-ui-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-label={t('documents.useTemplateTitle', { title: template.title })}
      data-testid="use-template-form"
    >
      <h3 className="font-semibold">{t('documents.useTemplateTitle', { title: template.title })}</h3>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('documents.useTemplateHelp')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="tpl-scope" label={t('documents.field.scope')}>
          <select
            className="field-input"
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as DocumentScope);
              setOwner('');
            }}
          >
            {scopes.map((s) => (
              <option key={s} value={s}>
                {t(`documents.scope.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        {scope !== 'company' && (
          <FormField
            id="tpl-owner"
            label={`${t(`documents.field.${scope}`)} *`}
            error={errors[ownerField] || undefined}
          >
            <select
              className="field-input"
              value={owner}
              onChange={(e) => {
                setOwner(e.target.value);
                clearError(ownerField);
              }}
            >
              <option value="">—</option>
              {[...labels.entries()].map(([oid, label]) => (
                <option key={oid} value={oid}>
                  {label}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField
          id="tpl-title"
          className="sm:col-span-2"
          label={`${t('documents.field.title')} *`}
          error={errors.title || undefined}
        >
          <input
            className="field-input"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              clearError('title');
            }}
          />
        </FormField>
      </div>
      <button type="submit" className="btn-primary" disabled={saving}>
        {t('documents.useTemplate')}
      </button>
    </form>
  );
}

export function DocumentDialog({
  id: openedId,
  onClose,
  onChanged,
  onCreated,
}: {
  id: string;
  onClose: () => void;
  onChanged: () => void;
  onCreated?: (doc: DocumentApi) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  // The version shown: after "Replace file" (or an action answering a newer version) the dialog
  // follows the new version, so Analyze, review and the state shown act on the current file.
  // A new `id` from the parent (another document opened, a template's copy) wins over the followed one.
  const [followed, setFollowed] = useState<{ from: string; to: string } | null>(null);
  const id = followed?.from === openedId ? followed.to : openedId;
  const setId = (to: string) => setFollowed({ from: openedId, to });
  const doc = useSWR<DocumentDetail>(`${DOCUMENTS_PATH}/${id}`, LIVE);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [usingTemplate, setUsingTemplate] = useState(false);
  const [pct, setPct] = useState<number | null>(null);
  const d = doc.data;

  const run = async (label: string, failTitle: string, fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      const answer = await fn();
      toast({ variant: 'success', title: label });
      const answeredId = (answer as { id?: unknown } | undefined)?.id;
      if (typeof answeredId === 'string' && answeredId !== id) setId(answeredId);
      else await doc.mutate();
      onChanged();
    } catch (error) {
      toastApiError(failTitle, error);
    } finally {
      setBusy(false);
      setPct(null);
    }
  };
  const accept = (field: string, value: string) =>
    d &&
    run(t('documents.accepted'), t('documents.messages.versionMismatch'), () =>
      documentsApi.update(d.id, { [field]: value, version: d.itemVersion }),
    );
  const download = async (versionId: string) => {
    try {
      const { downloadUrl } = await documentsApi.download(versionId);
      window.open(downloadUrl, '_blank', 'noopener');
    } catch (error) {
      toastApiError(t('documents.download'), error);
    }
  };
  const replace = (file: File | undefined) =>
    d &&
    file &&
    run(t('documents.replaced'), t('documents.messages.replaceFailed'), async () => {
      const key = await uploadDocumentFile(d.scope, file, setPct);
      return documentsApi.addVersion(d.id, { key, fileName: file.name });
    });

  return (
    <Modal open onClose={busy ? () => {} : onClose} title={d?.title ?? t('documents.title')} wide>
      {doc.error ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {t('documents.loadFailed')}
        </p>
      ) : !d ? (
        <div className="h-40 animate-pulse rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
      ) : (
        <div className="space-y-4" data-testid="document-dialog">
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">{t('documents.field.documentType')}</dt>
            <dd>{t(`documents.type.${d.documentType}`)}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{t('documents.field.status')}</dt>
            <dd>
              <StatusPill status={d.status} labelKey="documents.status" tones={STATUS_TONES} />
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">{t('documents.field.expiryDate')}</dt>
            <dd data-testid="doc-expiry">{d.expiryDate ? fmt.date(d.expiryDate) : '—'}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{t('documents.field.validity')}</dt>
            <dd>
              <StatusPill
                status={d.validity}
                labelKey="documents.validity"
                tones={VALIDITY_TONES}
                dataName="validity"
              />
            </dd>
            {d.rejectionReason && (
              <>
                <dt className="text-slate-600 dark:text-slate-300">{t('documents.field.rejectionReason')}</dt>
                <dd>{d.rejectionReason}</dd>
              </>
            )}
          </dl>

          <div className="flex flex-wrap gap-2">
            {(d.status === 'draft' || d.status === 'rejected') && (
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() =>
                  void run(t('documents.submitted'), t('documents.submit'), () => documentsApi.action(d.id, 'submit'))
                }
              >
                {t('documents.submit')}
              </button>
            )}
            {d.status === 'under_review' && (
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={() =>
                  void run(t('documents.approved'), t('documents.approve'), () => documentsApi.action(d.id, 'approve'))
                }
              >
                {t('documents.approve')}
              </button>
            )}
            {d.status === 'under_review' && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => setRejecting(true)}>
                {t('documents.reject')}
              </button>
            )}
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() =>
                void run(t('documents.analyzed'), t('documents.messages.analyzeFailed'), () =>
                  documentsApi.action(d.id, 'analyze'),
                )
              }
            >
              {t('documents.analyze')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => void download(d.id)}>
              {t('documents.download')}
            </button>
            {d.isTemplate && d.isLatest && (
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={() => setUsingTemplate((x) => !x)}
                aria-expanded={usingTemplate}
              >
                {t('documents.useTemplate')}
              </button>
            )}
            <label className="btn-secondary cursor-pointer">
              {t('documents.replace')}
              <input
                type="file"
                className="sr-only"
                accept="application/pdf,image/jpeg,image/png"
                disabled={busy}
                onChange={(e) => void replace(e.target.files?.[0])}
              />
            </label>
          </div>
          {pct !== null && <Progress pct={pct} />}
          {usingTemplate && (
            <UseTemplateForm
              template={d}
              onDone={(created) => {
                setUsingTemplate(false);
                onChanged();
                if (onCreated) onCreated(created);
                else onClose();
              }}
            />
          )}
          {rejecting && (
            <div className="space-y-2">
              <FormField id="doc-reject-reason" label={`${t('documents.field.rejectionReason')} *`}>
                <textarea className="field-input" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
              </FormField>
              <button
                type="button"
                className="btn-primary bg-red-700"
                disabled={busy || !reason.trim()}
                onClick={() =>
                  void run(t('documents.rejected'), t('documents.reject'), () =>
                    documentsApi.reject(d.id, reason),
                  ).then(() => setRejecting(false))
                }
              >
                {t('documents.reject')}
              </button>
            </div>
          )}

          <section aria-label={t('documents.proposals')}>
            <h3 className="font-semibold">
              {t('documents.proposals')}
              {d.analysisStatus && (
                <span className="ms-2 text-sm font-normal" data-testid="analysis-status">
                  · {t(`documents.analysis.${d.analysisStatus}`)}
                </span>
              )}
            </h3>
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('documents.proposalsHelp')}</p>
            {d.analysisError && (
              <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
                {d.analysisError}
              </p>
            )}
            {d.analysisProposals.length === 0 ? (
              <p className="mt-2 text-sm">{t('documents.noProposals')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
                {d.analysisProposals.map((p) => (
                  <li
                    key={p.field}
                    className="flex flex-wrap items-center justify-between gap-2 py-1"
                    data-proposal={p.field}
                  >
                    <span>
                      <span className="font-medium">{t(`documents.field.${p.field}`)}</span>:{' '}
                      <span dir="ltr">{p.field === 'documentType' ? t(`documents.type.${p.value}`) : p.value}</span>
                      <span className="ms-2 text-xs text-slate-600 dark:text-slate-300">
                        {t('documents.confidence', { pct: Math.round(p.confidence * 100) })}
                      </span>
                      <div className="text-xs text-slate-500 dark:text-slate-400" dir="ltr">
                        {p.evidence}
                      </div>
                    </span>
                    {ACCEPTABLE.has(p.field) && (
                      <button
                        type="button"
                        className="btn-secondary text-xs"
                        disabled={busy}
                        onClick={() => void accept(p.field, p.value)}
                      >
                        {t('documents.accept')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-label={t('documents.versions')}>
            <h3 className="font-semibold">{t('documents.versions')}</h3>
            <ul className="mt-2 text-sm">
              {d.versions.map((v) => (
                <li key={v.id} className="flex items-center justify-between py-1" data-version={v.version}>
                  <span>
                    v{v.version} · <span dir="ltr">{v.fileName}</span> · {fmt.dateTime(v.createdAt)}
                    {v.uploadedBy ? ` · ${v.uploadedBy}` : ''}
                  </span>
                  <button type="button" className="link text-xs" onClick={() => void download(v.id)}>
                    {t('documents.download')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <ReminderHistory id={d.id} />
          <DialogActions>
            <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
              {t('documents.close')}
            </button>
          </DialogActions>
        </div>
      )}
    </Modal>
  );
}

/** The expiry reminders emailed for this document (every version of it), newest first (issue 27). */
function ReminderHistory({ id }: { id: string }) {
  const t = useT();
  const fmt = useFormat();
  const history = useSWR<{ items: ReminderHistoryEntry[] }>(remindersPath(id), LIVE);
  const stage = (s: string) => {
    const week = /^expired_w(\d+)$/.exec(s);
    return week
      ? t('documents.reminders.stage.expired_w', { n: Number(week[1]) + 1 })
      : t(`documents.reminders.stage.${s}`);
  };
  return (
    <section aria-label={t('documents.reminders.history')} data-testid="reminder-history">
      <h3 className="font-semibold">{t('documents.reminders.history')}</h3>
      {history.error ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('documents.loadFailed')}
        </p>
      ) : !history.data ? null : history.data.items.length === 0 ? (
        <p className="mt-1 text-sm">{t('documents.reminders.historyEmpty')}</p>
      ) : (
        <ul className="mt-2 text-sm">
          {history.data.items.map((r) => (
            <li key={`${r.documentId}-${r.expiryDate}-${r.stage}`} className="py-1" data-reminder={r.stage}>
              <span className="font-medium">{stage(r.stage)}</span>
              {' · '}
              {r.sentAt ? fmt.dateTime(r.sentAt) : t('documents.reminders.pending')}
              {' · '}
              {t(`documents.reminders.trigger.${r.trigger}`)}
              {' · '}
              {t('documents.reminders.sentTo')} <bdi dir="ltr">{r.recipients.join(', ')}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

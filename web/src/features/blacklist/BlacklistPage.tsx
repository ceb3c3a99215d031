/**
 * /blacklist: entries newest first, search (name, licence, phone), status filter, add (STAFF may
 * add), and — for managers only — edit and status changes (reviewed, removed, reactivate; removing
 * asks first). There is no delete: "removed" keeps the history.
 * Uses the customers feature's API module (same domain, same Lambda, one catalog registration).
 */
import { useState, type FormEvent } from 'react';
import { BLACKLIST_STATUSES, type BlacklistStatus } from '../../../../shared/customers/blacklist-match';
import { blacklistCreateSchema, blacklistUpdateSchema } from '../../../../shared/schemas/blacklist';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { BlacklistStatusBadge, ConfirmDialog, Modal } from '../customers/components';
import { blacklistApi, BLACKLIST_PATH, LIVE, useDate, type BlacklistEntry } from '../customers/customer-api';
import { type BodyOf } from '../../lib/api-client';

const PAGE_SIZE = 25;
const FIELDS = ['fullName', 'licenseNumber', 'phoneNumber', 'reason'] as const;

export default function BlacklistPage() {
  const t = useT();
  const can = useCan();
  const date = useDate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'all' | BlacklistStatus>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<BlacklistEntry | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const [pending, setPending] = useState(false);
  const managers = can('blacklistEdit');

  const list = useCursorList<BlacklistEntry>('listBlacklist', { q, status }, { limit: PAGE_SIZE, swr: LIVE });
  const entries = list.items;
  const filtered = !!q || status !== 'all';

  const changeStatus = async (entry: BlacklistEntry, next: BlacklistStatus) => {
    setPending(true);
    try {
      await blacklistApi.update(entry.id, { status: next, version: entry.version });
      toast({
        variant: 'success',
        title: t('blacklist.updated'),
        description: `${entry.fullName} · ${t(`blacklist.status.${next}`)}`,
      });
      setRemoving(null);
      void list.revalidate();
    } catch (error) {
      toastApiError(t('blacklist.updateFailed'), error);
    } finally {
      setPending(false);
    }
  };

  const create = async (body: Record<string, unknown>) => {
    try {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const entry = await blacklistApi.create(body as BodyOf<'createBlacklistEntry'>);
      toast({ variant: 'success', title: t('blacklist.added'), description: entry.fullName });
      setAdding(false);
      void list.revalidate();
      return {};
    } catch (error) {
      return toastApiError(t('blacklist.addFailed'), error).fields;
    }
  };

  const save = async (body: Record<string, unknown>) => {
    if (!editing) return {};
    try {
      await blacklistApi.update(editing.id, { ...body, version: editing.version });
      toast({
        variant: 'success',
        title: t('blacklist.updated'),
        description: String(body.fullName ?? editing.fullName),
      });
      setEditing(null);
      void list.revalidate();
      return {};
    } catch (error) {
      return toastApiError(t('blacklist.updateFailed'), error).fields;
    }
  };

  return (
    <>
      <PageHeader
        title={t('blacklist.title')}
        subtitle={t('blacklist.subtitle')}
        actions={
          can('blacklistAdd') ? (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('blacklist.addEntry')}
            </button>
          ) : undefined
        }
      />
      {!managers && <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('blacklist.managersOnly')}</p>}

      <section aria-label={t('blacklist.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          id="blacklist-search"
          className="min-w-64 flex-1"
          label={t('blacklist.searchLabel')}
          placeholder={t('blacklist.searchPlaceholder')}
          value={q}
          onSearch={setQ}
        />
        <FilterSelect
          id="blacklist-status"
          label={t('blacklist.filterStatus')}
          value={status}
          onChange={(v) => setStatus(v as typeof status)}
          options={[
            ['all', t('blacklist.allStatuses')],
            ...BLACKLIST_STATUSES.map((s) => [s, t(`blacklist.status.${s}`)] as const),
          ]}
        />
      </section>

      <ListState
        list={list}
        errorTitle={t('blacklist.loadFailed')}
        empty={
          <EmptyList
            area="blacklist"
            filtered={filtered}
            onClear={() => {
              setQ('');
              setStatus('all');
            }}
          />
        }
      >
        <ListTable
          columns={[
            ...(['fullName', 'licenseNumber', 'phoneNumber', 'reason', 'status', 'createdAt'] as const).map((c) =>
              t(`blacklist.field.${c}`),
            ),
            ...(managers ? [t('blacklist.actions')] : []),
          ]}
        >
          {entries.map((e) => (
            <tr key={e.id} data-entry-id={e.id}>
              <td className="px-3 py-2 font-medium">{e.fullName}</td>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {e.licenseNumber ?? '—'}
              </td>
              <td className="px-3 py-2" dir="ltr">
                {e.phoneNumber ?? '—'}
              </td>
              <td className="max-w-xs px-3 py-2">{e.reason}</td>
              <td className="px-3 py-2" title={t(`blacklist.statusHelp.${e.status}`)}>
                <BlacklistStatusBadge status={e.status} />
              </td>
              <td className="px-3 py-2">
                {date(e.createdAt)}
                {e.addedByName && <div className="text-xs text-slate-600 dark:text-slate-300">{e.addedByName}</div>}
              </td>
              {managers && (
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-2">
                    <button type="button" className="link text-xs" onClick={() => setEditing(e)}>
                      {t('blacklist.edit')}
                    </button>
                    {e.status === 'active' && (
                      <button
                        type="button"
                        className="link text-xs"
                        disabled={pending}
                        onClick={() => void changeStatus(e, 'reviewed')}
                      >
                        {t('blacklist.markReviewed')}
                      </button>
                    )}
                    {e.status !== 'removed' ? (
                      <button
                        type="button"
                        className="link text-xs text-red-700 dark:text-red-300"
                        onClick={() => setRemoving(e)}
                      >
                        {t('blacklist.markRemoved')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="link text-xs"
                        disabled={pending}
                        onClick={() => void changeStatus(e, 'active')}
                      >
                        {t('blacklist.reactivate')}
                      </button>
                    )}
                  </span>
                </td>
              )}
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('blacklist.loadMore')} />

      <Modal open={adding} onClose={() => setAdding(false)} title={t('blacklist.addEntry')}>
        {adding && <EntryForm onSubmit={create} onCancel={() => setAdding(false)} />}
      </Modal>
      <Modal open={!!editing} onClose={() => setEditing(null)} title={t('blacklist.editEntry')}>
        {editing && <EntryForm entry={editing} onSubmit={save} onCancel={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={!!removing}
        title={t('blacklist.confirmRemoveTitle')}
        body={t('blacklist.confirmRemoveBody', { name: removing?.fullName ?? '' })}
        confirmLabel={t('blacklist.markRemoved')}
        pending={pending}
        onConfirm={() => removing && void changeStatus(removing, 'removed')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

function EntryForm({
  entry,
  onSubmit,
  onCancel,
}: {
  entry?: BlacklistEntry;
  onSubmit: (body: Record<string, unknown>) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f, entry?.[f] ?? ''])),
  );
  const {
    errors,
    saving,
    submit: send,
    clearError,
  } = useFormSubmit(entry ? blacklistUpdateSchema : blacklistCreateSchema, onSubmit);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(values);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {FIELDS.map((f) => {
        const change = (value: string) => {
          setValues((v) => ({ ...v, [f]: value }));
          clearError(f);
        };
        return (
          <FormField
            key={f}
            id={`blacklist-${f}`}
            label={`${t(`blacklist.field.${f}`)}${f === 'fullName' || f === 'reason' ? ' *' : ''}`}
            error={errors[f] || undefined}
          >
            {f === 'reason' ? (
              <textarea className="field-input" rows={3} value={values[f]} onChange={(e) => change(e.target.value)} />
            ) : (
              <input
                className="field-input"
                value={values[f]}
                dir={f === 'phoneNumber' || f === 'licenseNumber' ? 'ltr' : undefined}
                type={f === 'phoneNumber' ? 'tel' : 'text'}
                onChange={(e) => change(e.target.value)}
              />
            )}
          </FormField>
        );
      })}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t('blacklist.saving') : t('blacklist.save')}
        </button>
      </div>
    </form>
  );
}

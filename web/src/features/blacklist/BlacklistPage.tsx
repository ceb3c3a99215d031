/**
 * /blacklist: entries newest first, search (name, licence, phone), status filter, add (STAFF may
 * add), and — for managers only — edit and status changes (reviewed, removed, reactivate; removing
 * asks first). There is no delete: "removed" keeps the history.
 * Uses the customers feature's API module (same domain, same Lambda, one catalog registration).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWRInfinite from 'swr/infinite';
import { BLACKLIST_STATUSES, type BlacklistStatus } from '../../../../shared/customers/blacklist-match';
import { blacklistCreateSchema, blacklistUpdateSchema } from '../../../../shared/schemas/blacklist';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { BlacklistStatusBadge, ConfirmDialog, ErrorPanel, FilterSelect, Modal } from '../customers/components';
import {
  blacklistApi, BLACKLIST_PATH, failureDescription, issuesToErrors, serverFieldErrors, useCan, useDate, LIVE,
  type BlacklistEntry, type Page,
} from '../customers/customer-api';

const PAGE_SIZE = 25;
const FIELDS = ['fullName', 'licenseNumber', 'phoneNumber', 'reason'] as const;

export default function BlacklistPage() {
  const t = useT();
  const can = useCan();
  const date = useDate();
  const [searchDraft, setSearchDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | BlacklistStatus>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<BlacklistEntry | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const [pending, setPending] = useState(false);
  const managers = can('blacklistEdit');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchDraft.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  const query = useMemo(() => {
    const p = new URLSearchParams({ limit: String(PAGE_SIZE), status });
    if (search) p.set('search', search);
    return p.toString();
  }, [search, status]);

  const getKey = (index: number, previous: Page<BlacklistEntry> | null) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return `${BLACKLIST_PATH}?${query}${index > 0 ? `&cursor=${encodeURIComponent(previous!.nextCursor!)}` : ''}`;
  };
  const list = useSWRInfinite<Page<BlacklistEntry> | null>(getKey, LIVE);
  const pages = list.data ?? [];
  const entries = pages.flatMap((p) => p?.items ?? []);
  const nextCursor = pages.length ? pages[pages.length - 1]?.nextCursor ?? null : null;
  const filtered = !!search || status !== 'all';

  const changeStatus = async (entry: BlacklistEntry, next: BlacklistStatus) => {
    setPending(true);
    try {
      await blacklistApi.update(entry.id, { status: next, version: entry.version });
      toast({ variant: 'success', title: t('blacklist.updated'), description: `${entry.fullName} · ${t(`blacklist.status.${next}`)}` });
      setRemoving(null);
      void list.mutate();
    } catch (error) {
      toast({ variant: 'destructive', title: t('blacklist.updateFailed'), description: failureDescription(t, error) });
    } finally {
      setPending(false);
    }
  };

  const create = async (body: Record<string, unknown>) => {
    try {
      const entry = await blacklistApi.create(body);
      toast({ variant: 'success', title: t('blacklist.added'), description: entry.fullName });
      setAdding(false);
      void list.mutate();
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('blacklist.addFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  const save = async (body: Record<string, unknown>) => {
    if (!editing) return {};
    try {
      await blacklistApi.update(editing.id, { ...body, version: editing.version });
      toast({ variant: 'success', title: t('blacklist.updated'), description: String(body.fullName ?? editing.fullName) });
      setEditing(null);
      void list.mutate();
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('blacklist.updateFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('blacklist.title')}
        subtitle={t('blacklist.subtitle')}
        actions={can('blacklistAdd') ? <button type="button" className="btn-primary" onClick={() => setAdding(true)}>{t('blacklist.addEntry')}</button> : undefined}
      />
      {!managers && <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('blacklist.managersOnly')}</p>}

      <section aria-label={t('blacklist.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="blacklist-search" className="field-label">{t('blacklist.searchLabel')}</label>
          <input id="blacklist-search" type="search" className="field-input" placeholder={t('blacklist.searchPlaceholder')} value={searchDraft} onChange={(e) => setSearchDraft(e.target.value)} />
        </div>
        <FilterSelect id="blacklist-status" label={t('blacklist.filterStatus')} value={status} onChange={(v) => setStatus(v as typeof status)}
          options={[['all', t('blacklist.allStatuses')], ...BLACKLIST_STATUSES.map((s) => [s, t(`blacklist.status.${s}`)] as [string, string])]} />
      </section>

      {!list.data && !list.error ? (
        <TableSkeleton rows={8} columns={5} />
      ) : list.error && !entries.length ? (
        <ErrorPanel title={t('blacklist.loadFailed')} onRetry={() => void list.mutate()} />
      ) : entries.length === 0 && !nextCursor ? (
        <div className="card text-center">
          <p className="font-medium">{filtered ? t('blacklist.noMatchesTitle') : t('blacklist.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{filtered ? t('blacklist.noMatchesBody') : t('blacklist.emptyBody')}</p>
          {filtered && (
            <button type="button" className="btn-secondary mt-4" onClick={() => { setSearchDraft(''); setSearch(''); setStatus('all'); }}>{t('blacklist.clearFilters')}</button>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                {(['fullName', 'licenseNumber', 'phoneNumber', 'reason', 'status', 'createdAt'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-semibold">{t(`blacklist.field.${c}`)}</th>
                ))}
                {managers && <th scope="col" className="px-3 py-2 text-start font-semibold">{t('blacklist.actions')}</th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((e) => (
                <tr key={e.id} data-entry-id={e.id}>
                  <td className="px-3 py-2 font-medium">{e.fullName}</td>
                  <td className="px-3 py-2 font-mono" dir="ltr">{e.licenseNumber ?? '—'}</td>
                  <td className="px-3 py-2" dir="ltr">{e.phoneNumber ?? '—'}</td>
                  <td className="max-w-xs px-3 py-2">{e.reason}</td>
                  <td className="px-3 py-2" title={t(`blacklist.statusHelp.${e.status}`)}><BlacklistStatusBadge status={e.status} /></td>
                  <td className="px-3 py-2">
                    {date(e.createdAt)}
                    {e.addedByName && <div className="text-xs text-slate-600 dark:text-slate-300">{e.addedByName}</div>}
                  </td>
                  {managers && (
                    <td className="px-3 py-2">
                      <span className="flex flex-wrap gap-2">
                        <button type="button" className="link text-xs" onClick={() => setEditing(e)}>{t('blacklist.edit')}</button>
                        {e.status === 'active' && (
                          <button type="button" className="link text-xs" disabled={pending} onClick={() => void changeStatus(e, 'reviewed')}>{t('blacklist.markReviewed')}</button>
                        )}
                        {e.status !== 'removed' ? (
                          <button type="button" className="link text-xs text-red-700 dark:text-red-300" onClick={() => setRemoving(e)}>{t('blacklist.markRemoved')}</button>
                        ) : (
                          <button type="button" className="link text-xs" disabled={pending} onClick={() => void changeStatus(e, 'active')}>{t('blacklist.reactivate')}</button>
                        )}
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <div className="mt-4 text-center">
          <button type="button" className="btn-secondary" onClick={() => void list.setSize(list.size + 1)}>{t('blacklist.loadMore')}</button>
        </div>
      )}

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

function EntryForm({ entry, onSubmit, onCancel }: { entry?: BlacklistEntry; onSubmit: (body: Record<string, unknown>) => Promise<Record<string, string>>; onCancel: () => void }) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, entry?.[f] ?? ''])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = (entry ? blacklistUpdateSchema : blacklistCreateSchema).safeParse(values);
    if (!parsed.success) return setErrors(issuesToErrors(t, parsed.error.issues));
    setSaving(true);
    try {
      setErrors(await onSubmit(values));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {FIELDS.map((f) => {
        const id = `blacklist-${f}`;
        return (
          <div key={f}>
            <label htmlFor={id} className="field-label">{t(`blacklist.field.${f}`)}{(f === 'fullName' || f === 'reason') && ' *'}</label>
            {f === 'reason' ? (
              <textarea id={id} className="field-input" rows={3} value={values[f]} aria-invalid={errors[f] ? true : undefined} aria-describedby={errors[f] ? `${id}-error` : undefined}
                onChange={(e) => { setValues((v) => ({ ...v, [f]: e.target.value })); setErrors((x) => ({ ...x, [f]: '' })); }} />
            ) : (
              <input id={id} className="field-input" value={values[f]} dir={f === 'phoneNumber' || f === 'licenseNumber' ? 'ltr' : undefined} type={f === 'phoneNumber' ? 'tel' : 'text'}
                aria-invalid={errors[f] ? true : undefined} aria-describedby={errors[f] ? `${id}-error` : undefined}
                onChange={(e) => { setValues((v) => ({ ...v, [f]: e.target.value })); setErrors((x) => ({ ...x, [f]: '' })); }} />
            )}
            {errors[f] && <p id={`${id}-error`} className="field-error">{errors[f]}</p>}
          </div>
        );
      })}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>{t('common.cancel')}</button>
        <button type="submit" className="btn-primary" disabled={saving}>{saving ? t('blacklist.saving') : t('blacklist.save')}</button>
      </div>
    </form>
  );
}

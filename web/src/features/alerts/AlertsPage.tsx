/**
 * /alerts (issue 13): the inbox with filters all, unread, read, resolved; mark read, resolve
 * with a note, both in bulk; each alert links to its record (actionUrl); "Generate alerts" runs
 * the generator now (once per condition).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_CATEGORIES, ALERT_STATUSES, type AlertStatus } from '../../../../shared/alerts';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { useCursorList } from '../../lib/use-cursor-list';
import { useDateTime } from '../../lib/company-clock';
import { ALERTS_PATH, alertsApi, useAlertText, type Alert } from './alerts-api';

const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;
const SEVERITY_TONES = { high: 'red', medium: 'amber', low: 'slate' } as const;
const STATUS_TONES = { unread: 'blue', read: 'muted', resolved: 'green' } as const;

export default function AlertsPage() {
  const t = useT();
  const when = useDateTime();
  const text = useAlertText();
  const invalidate = useInvalidate();
  const [filter, setFilter] = useState<'all' | AlertStatus>('unread');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [resolving, setResolving] = useState<Alert[] | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [category, setCategory] = useState('');
  const list = useCursorList<Alert>(
    'listAlerts',
    { status: filter === 'all' ? undefined : filter, category: category || undefined },
    { limit: 50, swr: LIVE },
  );
  const refresh = () => {
    setSelected(new Set());
    void invalidate(ALERTS_PATH);
  };

  const run = async (ids: string[], action: (id: string) => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      for (const id of ids) await action(id);
      toast({ variant: 'success', title: done });
      refresh();
    } catch (error) {
      toastApiError(t('alerts.updateFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  const generate = async () => {
    setBusy(true);
    try {
      const res = await alertsApi.generate();
      toast({ variant: 'success', title: t('alerts.generated', { count: res.created }) });
      refresh();
    } catch (error) {
      toastApiError(t('alerts.generateFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const chosen = list.items.filter((a) => selected.has(a.id));
  const open = list.items.filter((a) => a.status !== 'resolved');

  return (
    <>
      <PageHeader
        title={t('alerts.title')}
        subtitle={t('alerts.subtitle')}
        actions={
          <button type="button" className="btn-primary" onClick={() => void generate()} disabled={busy}>
            {busy ? t('alerts.generating') : t('alerts.generate')}
          </button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label={t('alerts.filterLabel')} className="flex flex-wrap gap-2">
          {(['all', ...ALERT_STATUSES] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={filter === f}
              className={filter === f ? 'btn-primary' : 'btn-secondary'}
              onClick={() => {
                setFilter(f);
                setSelected(new Set());
              }}
            >
              {t(`alerts.filter.${f}`)}
            </button>
          ))}
        </div>
        <select
          className="input ms-auto w-auto"
          aria-label={t('alerts.categoryLabel')}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setSelected(new Set());
          }}
        >
          <option value="">{t('alerts.allCategories')}</option>
          {ALERT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`alerts.category.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {open.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={open.length > 0 && open.every((a) => selected.has(a.id))}
              onChange={(e) => setSelected(e.target.checked ? new Set(open.map((a) => a.id)) : new Set())}
            />
            {t('alerts.selectAll')}
          </label>
          {chosen.length > 0 && (
            <>
              <span>{t('alerts.selected', { count: chosen.length })}</span>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() =>
                  void run(
                    chosen.filter((a) => a.status === 'unread').map((a) => a.id),
                    alertsApi.read,
                    t('alerts.markedRead'),
                  )
                }
              >
                {t('alerts.markSelectedRead')}
              </button>
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => setResolving(chosen)}>
                {t('alerts.resolveSelected')}
              </button>
            </>
          )}
        </div>
      )}
      <ListState
        list={list}
        errorTitle={t('alerts.loadFailed')}
        empty={<EmptyList area="alerts" filtered={filter !== 'all'} onClear={() => setFilter('all')} />}
      >
        <ul className="space-y-2">
          {list.items.map((a) => (
            <li
              key={a.id}
              data-alert-id={a.id}
              data-alert-type={a.type}
              data-status={a.status}
              className="card flex flex-wrap items-start gap-3"
            >
              {a.status !== 'resolved' && (
                <input
                  type="checkbox"
                  className="mt-1"
                  aria-label={t('alerts.select', { title: text(a).title })}
                  checked={selected.has(a.id)}
                  onChange={() => toggle(a.id)}
                />
              )}
              <div className="min-w-0 flex-1">
                <p className={a.status === 'unread' ? 'font-semibold' : 'font-medium'}>{text(a).title}</p>
                {text(a).description && (
                  <p className="text-sm text-slate-700 dark:text-slate-200">{text(a).description}</p>
                )}
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                  <StatusPill
                    status={a.severity}
                    labelKey="alerts.severity"
                    tones={SEVERITY_TONES}
                    dataName="severity"
                  />
                  <StatusPill status={a.status} labelKey="alerts.status" tones={STATUS_TONES} />
                  <span>{t('alerts.detected', { when: when(a.dateDetected) })}</span>
                  {a.resolvedAt && (
                    <span>
                      {t('alerts.resolvedAt', { when: when(a.resolvedAt) })}
                      {a.resolutionNote ? ` · ${a.resolutionNote}` : ''}
                    </span>
                  )}
                </p>
              </div>
              <span className="flex flex-wrap gap-2">
                {a.actionUrl && (
                  <Link className="btn-secondary" to={a.actionUrl}>
                    {t('alerts.open')}
                  </Link>
                )}
                {a.status === 'unread' && (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={busy}
                    onClick={() => void run([a.id], alertsApi.read, t('alerts.markedRead'))}
                  >
                    {t('alerts.markRead')}
                  </button>
                )}
                {a.status !== 'resolved' && (
                  <button type="button" className="btn-secondary" disabled={busy} onClick={() => setResolving([a])}>
                    {t('alerts.resolve')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
      <LoadMoreButton list={list} label={t('alerts.loadMore')} />
      <Modal open={!!resolving} onClose={() => setResolving(null)} title={t('alerts.resolveTitle')}>
        <FormField id="alert-note" label={t('alerts.resolveNote')}>
          <textarea className="field-input" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={() => setResolving(null)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => {
              const ids = (resolving ?? []).map((a) => a.id);
              void run(ids, (id) => alertsApi.resolve(id, note || undefined), t('alerts.resolved')).then(() => {
                setResolving(null);
                setNote('');
              });
            }}
          >
            {t('alerts.resolve')}
          </button>
        </DialogActions>
      </Modal>
    </>
  );
}

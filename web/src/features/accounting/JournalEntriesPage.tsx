/**
 * /dashboard/accounting/journal-entries: the journal, newest first, filtered by source, date
 * range, account and text; `?entry=<id>` opens an entry's detail (lines, VAT codes, link to its
 * source, reversal links, reverse action).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { JOURNAL_SOURCES } from '../../../../shared/accounting/journal';
import { Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyList, ListState, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCursorList } from '../../lib/use-cursor-list';
import { ACCOUNTING_PATH, accountingApi, entryPath, sourceLink, type JournalEntryApi } from './accounting-api';
import {
  AccountSelect,
  Amount,
  Cell,
  DateField,
  ReportLinks,
  ReportState,
  ReportTable,
  useAccountName,
  useAccounts,
} from './ReportKit';

export default function JournalEntriesPage() {
  const t = useT();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = {
    source: params.get('source') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    accountId: params.get('accountId') ?? '',
    q: params.get('q') ?? '',
  };
  const entryId = params.get('entry');
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch))
          if (v) n.set(k, v);
          else n.delete(k);
        return n;
      },
      { replace: true },
    );
  const accounts = useAccounts();
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const list = useCursorList<JournalEntryApi>('listJournalEntries', query, { limit: 25 });
  const filtered = Object.keys(query).length > 0;
  const j = (k: string) => t(`accounting.ui.journal.${k}`);

  return (
    <div>
      <PageHeader
        title={t('shell.pages.journalEntries')}
        actions={
          <Link className="btn-primary" to="/dashboard/accounting/journal-entries/new">
            {j('newEntry')}
          </Link>
        }
      />
      <ReportLinks current="journalEntries" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchField
          id="je-q"
          label={t('accounting.ui.searchLabel')}
          placeholder={t('accounting.ui.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => set({ q })}
        />
        <FilterSelect
          id="je-source"
          label={t('accounting.ui.sourceLabel')}
          value={filters.source}
          onChange={(source) => set({ source })}
          allLabel={t('accounting.ui.allSources')}
          options={JOURNAL_SOURCES.map((s) => ({ value: s, label: t(`accounting.ui.source.${s}`) }))}
        />
        <AccountSelect
          id="je-account"
          label={t('accounting.ui.accountLabel')}
          allLabel={t('accounting.ui.allAccounts')}
          accounts={accounts.data?.items ?? []}
          value={filters.accountId}
          onChange={(accountId) => set({ accountId })}
        />
        <DateField
          id="je-from"
          label={t('accounting.ui.fromLabel')}
          value={filters.from}
          onChange={(from) => set({ from })}
        />
        <DateField id="je-to" label={t('accounting.ui.toLabel')} value={filters.to} onChange={(to) => set({ to })} />
      </div>
      <ListState
        list={list}
        errorTitle={t('accounting.ui.loadFailed')}
        empty={<EmptyList area="accounting.ui" filtered={filtered} onClear={() => setParams({}, { replace: true })} />}
      >
        <ReportTable
          label={t('shell.pages.journalEntries')}
          columns={[j('number'), j('date'), j('description'), j('source'), j('status'), j('amount')]}
          amountColumns={1}
        >
          {list.items.map((e) => (
            <tr key={e.id} data-entry={e.entryNumber}>
              <Cell>
                <button type="button" className="link" onClick={() => set({ entry: e.id })}>
                  {e.entryNumber}
                </button>
              </Cell>
              <Cell className="whitespace-nowrap">{f.date(e.date)}</Cell>
              <Cell>{e.description}</Cell>
              <Cell>{t(`accounting.ui.source.${e.source}`)}</Cell>
              <Cell>
                <EntryStatus entry={e} />
              </Cell>
              <Amount value={e.totalAmount} />
            </tr>
          ))}
        </ReportTable>
        <LoadMoreButton list={list} label={j('loadMore')} />
      </ListState>
      <EntryDetail id={entryId} onClose={() => set({ entry: null })} onOpen={(id) => set({ entry: id })} />
    </div>
  );
}

function EntryStatus({ entry }: { entry: JournalEntryApi }) {
  const t = useT();
  if (entry.reversedById)
    return <StatusPill status="reversed" label={t('accounting.ui.journal.reversed')} tone="amber" />;
  if (entry.reversalOfId)
    return <StatusPill status="reversal" label={t('accounting.ui.journal.reversal')} tone="violet" />;
  return <StatusPill status="posted" label={t('accounting.ui.journal.posted')} tone="green" />;
}

function EntryDetail({
  id,
  onClose,
  onOpen,
}: {
  id: string | null;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const t = useT();
  const f = useFormat();
  const name = useAccountName();
  const invalidate = useInvalidate();
  const entry = useSWR<JournalEntryApi>(id ? entryPath(id) : null);
  const [busy, setBusy] = useState(false);
  const j = (k: string, p?: Record<string, string>) => t(`accounting.ui.journal.${k}`, p);
  const reverse = async (e: JournalEntryApi) => {
    setBusy(true);
    try {
      const reversal = await accountingApi.reverseEntry(e.id);
      toast({ variant: 'success', title: j('reversedToast'), description: reversal.entryNumber });
      await invalidate(ACCOUNTING_PATH);
      onOpen(reversal.id);
    } catch (error) {
      toastApiError(j('reverseFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  const e = entry.data;
  const src = e ? sourceLink(e.source, e.sourceId) : null;
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      wide
      title={e ? j('detailTitle', { number: e.entryNumber }) : t('common.loading')}
    >
      <ReportState report={entry}>
        {(d) => (
          <div className="space-y-4" data-testid="entry-detail">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">{j('date')}</dt>
              <dd>{f.date(d.date)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{j('description')}</dt>
              <dd>{d.description}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{j('source')}</dt>
              <dd>
                {t(`accounting.ui.source.${d.source}`)}
                {src && (
                  <>
                    {' '}
                    ·{' '}
                    <Link className="link" to={src}>
                      {j('openSource')}
                    </Link>
                  </>
                )}
              </dd>
              <dt className="text-slate-600 dark:text-slate-300">{j('status')}</dt>
              <dd>
                <EntryStatus entry={d} />
              </dd>
              {d.reversalOfId && (
                <>
                  <dt className="text-slate-600 dark:text-slate-300">{j('reversalOf')}</dt>
                  <dd>
                    <button type="button" className="link" onClick={() => onOpen(d.reversalOfId!)}>
                      {j('reversalOf')}
                    </button>
                  </dd>
                </>
              )}
              {d.reversedById && (
                <>
                  <dt className="text-slate-600 dark:text-slate-300">{j('reversedBy')}</dt>
                  <dd>
                    <button type="button" className="link" onClick={() => onOpen(d.reversedById!)}>
                      {j('reversedBy')}
                    </button>
                  </dd>
                </>
              )}
              {d.attachments.length > 0 && (
                <>
                  <dt className="text-slate-600 dark:text-slate-300">{t('accounting.ui.newEntry.attachments')}</dt>
                  <dd>
                    <ul data-testid="entry-attachments">
                      {d.attachments.map((a) => (
                        <li key={a.key}>
                          <a className="link" href={a.url} target="_blank" rel="noreferrer" download={a.name}>
                            {a.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              )}
            </dl>
            <ReportTable
              label={j('detailTitle', { number: d.entryNumber })}
              columns={[
                t('accounting.reports.account'),
                j('vatCode'),
                t('accounting.reports.debit'),
                t('accounting.reports.credit'),
              ]}
              amountColumns={2}
            >
              {d.lines.map((l) => (
                <tr key={l.lineNo}>
                  <Cell>
                    {l.accountCode} · {name({ name: l.accountName, nameAr: l.accountNameAr })}
                  </Cell>
                  <Cell>{l.vatCode ?? '—'}</Cell>
                  <Amount value={l.debit || null} />
                  <Amount value={l.credit || null} />
                </tr>
              ))}
            </ReportTable>
            <div className="flex justify-end gap-2">
              {!d.reversedById && !d.reversalOfId && (
                <button type="button" className="btn-secondary" disabled={busy} onClick={() => void reverse(d)}>
                  {j('reverse')}
                </button>
              )}
              <button type="button" className="btn-primary" onClick={onClose}>
                {j('close')}
              </button>
            </div>
          </div>
        )}
      </ReportState>
    </Modal>
  );
}

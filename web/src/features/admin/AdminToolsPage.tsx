/**
 * /admin-tools (issue 16; SUPERADMIN only, `adminTools` ability): the platform's tenant
 * directory with each company's region, status, creation date and true usage figures (users,
 * vehicles, rentals, last activity), searchable; suspend and reactivate a company with a reason
 * (recorded in the company's audit log and the operator's own).
 */
import { useState } from 'react';
import type { TenantRow } from '../../../../shared/schemas/security';
import { ConfirmDialog } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import { useCursorList } from '../../lib/use-cursor-list';
import useSWR from 'swr';
import type { JobRunView } from '../../../../shared/schemas/security';
import { PLATFORM_JOBS_PATH, TENANTS_PATH, securityApi } from '../security/security-api';
import { JobRunRows } from '../security/MonitoringTabs';
import { DeadLetters } from './DeadLetters';

type Pending = { tenant: TenantRow; action: 'suspend' | 'reactivate' } | null;

export default function AdminToolsPage() {
  const t = useT();
  const fmt = useFormat();
  const [q, setQ] = useState('');
  const list = useCursorList<TenantRow>('listTenants', q ? { q } : {}, { limit: 25 });
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    if (!reason.trim()) {
      setReasonError(t('security.msg.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await securityApi.tenantAction(pending.tenant.id, pending.action, reason.trim());
      toast({
        variant: 'success',
        title: t(pending.action === 'suspend' ? 'admin.suspended' : 'admin.reactivated'),
        description: pending.tenant.name,
      });
      setPending(null);
      setReason('');
      await list.revalidate();
    } catch (error) {
      toastApiError(t('admin.actionFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <div className="mb-4 flex">
        <SearchField
          id="tenant-search"
          label={t('admin.search')}
          placeholder={t('admin.searchPlaceholder')}
          value={q}
          onSearch={setQ}
        />
      </div>
      <ListState
        list={list}
        errorTitle={t('admin.loadFailed')}
        empty={<EmptyList area="admin" filtered={!!q} onClear={() => setQ('')} />}
      >
        <ListTable
          columns={(
            [
              'company',
              'region',
              'status',
              'created',
              'users',
              'vehicles',
              'rentals',
              'lastActivity',
              'actions',
            ] as const
          ).map((c) => t(`admin.column.${c}`))}
        >
          {list.items.map((c) => (
            <tr key={c.id} data-tenant-slug={c.slug}>
              <td className="px-3 py-2">
                <div className="font-medium">{c.name}</div>
                <div className="font-mono text-xs text-slate-600 dark:text-slate-300" dir="ltr">
                  {c.slug}
                </div>
              </td>
              <td className="px-3 py-2">{c.region ?? '—'}</td>
              <td className="px-3 py-2">
                <StatusPill status={c.status} labelKey="admin.status" tones={{ active: 'green', suspended: 'red' }} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{fmt.date(c.createdAt)}</td>
              <td className="px-3 py-2 tabular-nums">{c.users}</td>
              <td className="px-3 py-2 tabular-nums">{c.vehicles}</td>
              <td className="px-3 py-2 tabular-nums">{c.rentals}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {c.lastActivityAt ? fmt.dateTime(c.lastActivityAt) : t('admin.never')}
              </td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  className={`link text-xs ${c.status === 'active' ? 'text-red-700 dark:text-red-300' : ''}`}
                  onClick={() => {
                    setReason('');
                    setReasonError(undefined);
                    setPending({ tenant: c, action: c.status === 'active' ? 'suspend' : 'reactivate' });
                  }}
                >
                  {t(c.status === 'active' ? 'admin.suspend' : 'admin.reactivate')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={t('admin.loadMore')} />
      </ListState>
      <ConfirmDialog
        open={!!pending}
        title={
          pending
            ? t(pending.action === 'suspend' ? 'admin.confirmSuspend' : 'admin.confirmReactivate', {
                name: pending.tenant.name,
              })
            : ''
        }
        body={pending ? t(pending.action === 'suspend' ? 'admin.suspendBody' : 'admin.reactivateBody') : ''}
        confirmLabel={pending ? t(pending.action === 'suspend' ? 'admin.suspend' : 'admin.reactivate') : ''}
        pending={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        <div className="mt-4">
          <FormField label={t('admin.reason')} name="reason" error={reasonError} required>
            <input
              className="field-input w-full"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(undefined);
              }}
            />
          </FormField>
        </div>
      </ConfirmDialog>
      <PlatformJobs />
      <DeadLetters />
    </>
  );
}

type PlatformJobs = {
  jobs: { job: string; runs: number; errors: number; lastRunAt: string | null; lastStatus: string | null }[];
  items: JobRunView[];
};

/** Every scheduled job's latest runs across the platform, with error counts (G#JOBRUN#{JOB}). */
function PlatformJobs() {
  const t = useT();
  const fmt = useFormat();
  const jobs = useSWR<PlatformJobs>(PLATFORM_JOBS_PATH);
  return (
    <section aria-labelledby="platform-jobs" className="mt-8">
      <h2 id="platform-jobs" className="mb-1 text-lg font-semibold">
        {t('admin.jobsTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('admin.jobsIntro')}</p>
      <ListState
        list={itemsState({
          data: jobs.data ? { items: jobs.data.jobs } : undefined,
          error: jobs.error,
          mutate: jobs.mutate,
        })}
        errorTitle={t('admin.loadFailed')}
        empty={<EmptyList area="security.jobs" />}
        skeleton={{ rows: 4, columns: 4 }}
      >
        <ListTable columns={[t('security.jobs.job'), t('admin.jobRuns'), t('admin.jobErrors'), t('admin.lastRun')]}>
          {(jobs.data?.jobs ?? []).map((j) => (
            <tr key={j.job} data-platform-job={j.job} data-errors={j.errors}>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {j.job}
              </td>
              <td className="px-3 py-2 tabular-nums">{j.runs}</td>
              <td
                className={`px-3 py-2 tabular-nums ${j.errors ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
              >
                {j.errors}
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                {j.lastRunAt ? fmt.dateTime(j.lastRunAt) : t('admin.notRun')}
              </td>
            </tr>
          ))}
        </ListTable>
        {(jobs.data?.items.length ?? 0) > 0 && (
          <div className="mt-4">
            <JobRunRows runs={jobs.data!.items} withCompany />
          </div>
        )}
      </ListState>
    </section>
  );
}

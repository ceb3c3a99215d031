/**
 * The dead letters of the jobs that fan out (issue 30; /admin-tools, SUPERADMIN only): per job, the units
 * parked in its dead-letter queue after 3 failed attempts — the company, the unit, the stored reason of the
 * last failure, the attempts and when — and a Retry (after a confirmation) that sends the unit back to the
 * job's queue; the unit is idempotent, so it never does its work twice.
 */
import { useState } from 'react';
import useSWR from 'swr';
import type { DeadLetterView } from '../../../../shared/routes/admin';
import { ConfirmDialog } from '../../components/Dialogs';
import { EmptyList, ListState, ListTable, itemsState } from '../../components/ListKit';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { apiPath, callApi } from '../../lib/api-client';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';

export const DEAD_LETTERS_PATH = apiPath('listDeadLetters');
type Row = DeadLetterView & { job: string };
type Answer = { jobs: { job: string; items: DeadLetterView[] }[] };

/** What a unit stands for, in words: its rentals when it lists them, else nothing more than its company. */
function unitText(t: ReturnType<typeof useT>, unit: Record<string, unknown>): string {
  const rentals = Array.isArray(unit.rentalIds) ? unit.rentalIds.length : undefined;
  return rentals !== undefined ? t('admin.deadLetters.rentals', { count: rentals }) : '—';
}

export function DeadLetters() {
  const t = useT();
  const fmt = useFormat();
  const answer = useSWR<Answer>(DEAD_LETTERS_PATH);
  const [pending, setPending] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const rows: Row[] = (answer.data?.jobs ?? []).flatMap((j) => j.items.map((i) => ({ ...i, job: j.job })));

  const retry = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await callApi('retryDeadLetter', { params: { job: pending.job, messageId: pending.messageId } });
      toast({ variant: 'success', title: t('admin.deadLetters.retried'), description: pending.companyName ?? '' });
      setPending(null);
      await answer.mutate();
    } catch (error) {
      toastApiError(t('admin.deadLetters.retryFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="dead-letters" className="mt-8" data-testid="dead-letters">
      <h2 id="dead-letters" className="mb-1 text-lg font-semibold">
        {t('admin.deadLetters.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('admin.deadLetters.intro')}</p>
      <ListState
        list={itemsState({
          data: answer.data ? { items: rows } : undefined,
          error: answer.error,
          mutate: answer.mutate,
        })}
        errorTitle={t('admin.deadLetters.loadFailed')}
        empty={<EmptyList area="admin.deadLetters" />}
        skeleton={{ rows: 3, columns: 6 }}
      >
        <ListTable
          columns={[
            t('admin.deadLetters.job'),
            t('admin.deadLetters.company'),
            t('admin.deadLetters.unit'),
            t('admin.deadLetters.reason'),
            { label: t('admin.deadLetters.receives'), end: true },
            t('admin.deadLetters.failedAt'),
            '',
          ]}
        >
          {rows.map((r) => (
            <tr key={r.messageId} data-dead-letter={r.messageId}>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {r.job}
              </td>
              <td className="px-3 py-2">{r.companyName ?? r.tenantId}</td>
              <td className="px-3 py-2">{unitText(t, r.unit)}</td>
              <td className="max-w-md px-3 py-2 text-sm text-red-700 dark:text-red-300" dir="auto">
                {r.reason ?? t('admin.deadLetters.noReason')}
              </td>
              <td className="px-3 py-2 text-end tabular-nums">{r.receiveCount}</td>
              <td className="whitespace-nowrap px-3 py-2">{r.failedAt ? fmt.dateTime(r.failedAt) : '—'}</td>
              <td className="px-3 py-2 text-end">
                <button type="button" className="btn-secondary" onClick={() => setPending(r)}>
                  {t('admin.deadLetters.retry')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <ConfirmDialog
        open={!!pending}
        title={pending ? t('admin.deadLetters.confirmTitle', { job: pending.job }) : ''}
        body={t('admin.deadLetters.confirmBody')}
        confirmLabel={t('admin.deadLetters.retry')}
        pending={busy}
        onConfirm={() => void retry()}
        onClose={() => setPending(null)}
      />
    </section>
  );
}

/**
 * /dashboard/test-accounts: the accounting self-check on the company's live data: trial balance
 * zero, each rental's sub-ledger = GL, customer counters, VAT accounts = VAT report, every payment method
 * mapped, nothing posted in a locked period. Pass/fail per check; offending rows link to their records.
 * The check reads the whole history, so it runs in the background (issue 30): the button starts a run,
 * its progress shows while it runs (the page polls every second), and the page shows the last finished
 * run's result with its time — also while a new run is on its way, and when the latest run failed.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { callApi, useApi, type ResponseOf } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { ReportLinks, ReportState } from './ReportKit';
import { finished, TaskStatus } from './AccountingTasks';

type SelfCheck = NonNullable<ResponseOf<'accountingSelfCheck'>>;

/** The record an offending row points at, when it has a page. */
function rowLink(d: Record<string, unknown>): { to: string; label: string } | null {
  if (typeof d.rentalId === 'string')
    return { to: `/rentals/${encodeURIComponent(d.rentalId)}`, label: String(d.referenceNumber ?? d.rentalId) };
  if (typeof d.entryId === 'string')
    return {
      to: `/dashboard/accounting/journal-entries?entry=${encodeURIComponent(d.entryId)}`,
      label: String(d.entryNumber ?? d.entryId),
    };
  if (typeof d.method === 'string') return { to: '/dashboard/accounting/chart-of-accounts', label: d.method };
  return null;
}

export default function TestAccountsPage() {
  const t = useT();
  const f = useFormat();
  const [starting, setStarting] = useState(false);
  const report = useApi(
    'accountingSelfCheck',
    {},
    {
      // While a run is on its way, every second (the app's dedupe would swallow the polls otherwise).
      refreshInterval: (sc) => (sc?.latestRun && !finished(sc.latestRun) ? 1000 : 0),
      dedupingInterval: 500,
    },
  );
  const sc = report.data;
  const inProgress = !!sc?.latestRun && !finished(sc.latestRun);
  const run = async () => {
    setStarting(true);
    try {
      await callApi('runAccountingSelfCheck');
      await report.mutate();
    } catch (error) {
      toastApiError(t('accounting.ui.tasks.startFailed'), error);
    } finally {
      setStarting(false);
    }
  };
  return (
    <div>
      <PageHeader
        title={t('accounting.ui.selfCheck.title')}
        subtitle={t('accounting.ui.selfCheck.subtitle')}
        actions={
          <button
            type="button"
            className="btn-secondary"
            data-testid="self-check-run"
            onClick={() => void run()}
            disabled={!sc || starting || inProgress}
          >
            {t(sc?.checkedAt ? 'accounting.ui.selfCheck.rerun' : 'accounting.ui.selfCheck.run')}
          </button>
        }
      />
      <ReportLinks current="testAccounts" />
      <ReportState report={{ data: sc ?? undefined, error: report.error, mutate: report.mutate }}>
        {(sc) => (
          <>
            {sc.latestRun && sc.latestRun.status !== 'done' ? (
              <div className="card mb-4" data-testid="self-check-run-status">
                <TaskStatus task={sc.latestRun} unit="records" />
              </div>
            ) : null}
            {sc.checkedAt ? (
              <>
                <p className="mb-1 font-medium" data-testid="self-check-summary" data-failed={failedOf(sc)}>
                  {failedOf(sc) === 0
                    ? t('accounting.ui.selfCheck.allPassed')
                    : t('accounting.ui.selfCheck.someFailed', { n: failedOf(sc) })}
                </p>
                <p className="mb-4 text-sm text-slate-600 dark:text-slate-300" data-testid="self-check-checked-at">
                  {t('accounting.ui.selfCheck.checkedAt', { when: f.dateTime(sc.checkedAt) })}
                </p>
              </>
            ) : (
              <p className="card mb-4 text-sm" data-testid="self-check-never">
                {t('accounting.ui.selfCheck.never')}
              </p>
            )}
            <ul className="space-y-3">
              {sc.checks.map((c) => (
                <li key={c.name} className="card" data-check={c.name} data-passed={c.passed}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{t(`accounting.checks.${c.name}`)}</span>
                    <StatusPill
                      status={c.passed ? 'passed' : 'failed'}
                      label={t(c.passed ? 'accounting.ui.selfCheck.passed' : 'accounting.ui.selfCheck.failed')}
                      tone={c.passed ? 'green' : 'red'}
                    />
                  </div>
                  {!c.passed && c.details.length > 0 && (
                    <div className="mt-3">
                      <p className="mb-1 text-sm font-medium">{t('accounting.ui.selfCheck.offending')}</p>
                      <ul className="space-y-1 text-sm">
                        {c.details.map((d, i) => {
                          const link = rowLink(d);
                          const rest = Object.entries(d)
                            .filter(([k]) => !['rentalId', 'entryId'].includes(k))
                            .map(([k, v]) => `${k}: ${typeof v === 'number' ? f.money(v) : String(v)}`)
                            .join(' · ');
                          return (
                            <li key={i}>
                              {link && (
                                <Link className="link me-2" to={link.to}>
                                  {link.label}
                                </Link>
                              )}
                              <span className="text-slate-600 dark:text-slate-300">{rest}</span>
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </ReportState>
    </div>
  );
}

const failedOf = (sc: SelfCheck) => sc.checks.filter((c) => !c.passed).length;

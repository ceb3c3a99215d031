/**
 * /dashboard/test-accounts: the accounting self-check on the company's live data: trial balance
 * zero, each rental's sub-ledger = GL, VAT accounts = VAT report, every payment method mapped,
 * nothing posted in a locked period. Pass/fail per check; offending rows link to their records.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { ReportLinks, ReportState, useReport } from './ReportKit';
import { apiPath } from '../../lib/api-client';

interface SelfCheck {
  checks: { name: string; passed: boolean; details: Record<string, unknown>[] }[];
}

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
  const report = useReport<SelfCheck>(apiPath('accountingSelfCheck'));
  const failed = report.data?.checks.filter((c) => !c.passed).length ?? 0;
  return (
    <div>
      <PageHeader
        title={t('accounting.ui.selfCheck.title')}
        subtitle={t('accounting.ui.selfCheck.subtitle')}
        actions={
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void report.mutate()}
            disabled={report.isValidating}
          >
            {t('accounting.ui.selfCheck.rerun')}
          </button>
        }
      />
      <ReportLinks current="testAccounts" />
      <ReportState report={report}>
        {(sc) => (
          <>
            <p className="mb-4 font-medium" data-testid="self-check-summary" data-failed={failed}>
              {failed === 0
                ? t('accounting.ui.selfCheck.allPassed')
                : t('accounting.ui.selfCheck.someFailed', { n: failed })}
            </p>
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

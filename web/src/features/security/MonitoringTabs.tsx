/**
 * /dashboard/security, the monitoring tabs of issue 16 beyond the audit log: the risk feed
 * (sign-ins and risky business actions with their level and signals), the company's devices
 * (trust or block), the weekly security reports and the scheduler job logs.
 */
import { useState } from 'react';
import type { DeviceView, JobRunView, RiskView, SecurityReportView } from '../../../../shared/schemas/security';
import { RISK_LEVELS } from '../../../../shared/security/risk';
import { notableText } from '../../../../shared/security-report-text';
import { auditNoteText } from '../../../../shared/audit-text';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import { useCursorList } from '../../lib/use-cursor-list';
import { securityApi } from './security-api';

export const LEVEL_TONES: Record<string, Tone> = { low: 'green', medium: 'amber', high: 'orange', critical: 'red' };
export const DEVICE_TONES: Record<string, Tone> = {
  unknown: 'muted',
  trusted: 'green',
  suspicious: 'orange',
  blocked: 'red',
};
/** The report's figures in reading order (sign-ins first, then risk, then admin actions). */
const REPORT_COUNTS = [
  'signins',
  'failedSignins',
  'lockouts',
  'mfaChallenges',
  'geoBlocked',
  'geoAlerts',
  'riskMedium',
  'riskHigh',
  'riskCritical',
  'riskyActions',
  'devicesBlocked',
  'devicesTrusted',
  'sessionsRevoked',
];
const RUN_TONES: Record<string, Tone> = { ok: 'green', partial: 'amber', failed: 'red', running: 'blue' };

export function RiskFeed() {
  const t = useT();
  const fmt = useFormat();
  const [level, setLevel] = useState('');
  const list = useCursorList<RiskView>('riskFeed', level ? { level } : {}, { limit: 50 });
  return (
    <section aria-label={t('security.tabs.risk')}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('security.risk.intro')}</p>
      <label className="mb-4 flex items-center gap-2 text-sm">
        <span>{t('security.risk.minLevel')}</span>
        <select
          className="field-input w-auto"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          data-testid="risk-level"
        >
          <option value="">{t('security.risk.allLevels')}</option>
          {RISK_LEVELS.slice(1).map((l) => (
            <option key={l} value={l}>
              {t(`security.risk.levelAtLeast.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <ListState
        list={list}
        errorTitle={t('security.loadFailed')}
        empty={<EmptyList area="security.risk" filtered={!!level} onClear={() => setLevel('')} />}
      >
        <ListTable
          columns={(['at', 'level', 'user', 'what', 'signals', 'outcome'] as const).map((c) =>
            t(`security.risk.column.${c}`),
          )}
        >
          {list.items.map((r) => (
            <tr key={r.id} data-risk-level={r.level} data-risk-kind={r.kind}>
              <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(r.at)}</td>
              <td className="px-3 py-2">
                <StatusPill status={r.level} labelKey="security.risk.level" tones={LEVEL_TONES} />{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">{r.score}</span>
              </td>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {r.username ?? '—'}
              </td>
              <td className="px-3 py-2 text-sm">
                {r.kind === 'signin' ? (
                  <span>
                    {t('security.risk.signin')} ·{' '}
                    <span dir="ltr">{[r.country, r.ip, r.deviceLabel].filter(Boolean).join(' · ')}</span>
                  </span>
                ) : (
                  <span dir="ltr" className="text-xs">
                    {auditNoteText(r.summary ?? '', fmt)}
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-xs">
                {r.signals.length ? r.signals.map((s) => t(`security.risk.signal.${s}`)).join(' · ') : '—'}
              </td>
              <td className="px-3 py-2 text-xs">{r.outcome ? t(`security.risk.outcome.${r.outcome}`) : '—'}</td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

export function Devices({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const list = useCursorList<DeviceView>('listDevices', { all: 'true' }, { limit: 50 });
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (d: DeviceView, action: 'trust' | 'block') => {
    setBusy(d.id);
    try {
      await securityApi.deviceAction(d.id, action);
      toast({
        variant: 'success',
        title: t(`security.devices.${action === 'trust' ? 'trusted' : 'blocked'}`),
        description: `${d.label} · ${d.username}`,
      });
      await list.revalidate();
    } catch (error) {
      toastApiError(t('security.devices.actionFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-label={t('security.tabs.devices')}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('security.devices.intro')}</p>
      <ListState list={list} errorTitle={t('security.loadFailed')} empty={<EmptyList area="security.devices" />}>
        <DeviceTable
          devices={list.items}
          withUser
          actions={
            canEdit
              ? (d) => (
                  <span className="flex gap-3">
                    {d.status !== 'trusted' && (
                      <button
                        type="button"
                        className="link text-xs"
                        disabled={busy === d.id}
                        onClick={() => void act(d, 'trust')}
                      >
                        {t('security.devices.trust')}
                      </button>
                    )}
                    {d.status !== 'blocked' && (
                      <button
                        type="button"
                        className="link text-xs text-red-700 dark:text-red-300"
                        disabled={busy === d.id}
                        onClick={() => void act(d, 'block')}
                      >
                        {t('security.devices.block')}
                      </button>
                    )}
                  </span>
                )
              : undefined
          }
          fmt={fmt}
        />
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

/** The devices table, shared with the account page (own devices, no actions). */
export function DeviceTable({
  devices,
  withUser,
  actions,
  fmt,
}: {
  devices: DeviceView[];
  withUser?: boolean;
  actions?: (d: DeviceView) => React.ReactNode;
  fmt: ReturnType<typeof useFormat>;
}) {
  const t = useT();
  const columns = [
    t('security.account.device'),
    ...(withUser ? [t('security.column.user')] : []),
    t('security.devices.status'),
    t('security.devices.lastSeen'),
    t('security.column.country'),
    t('security.column.ip'),
    t('security.devices.signins'),
    ...(actions ? [''] : []),
  ];
  return (
    <ListTable columns={columns}>
      {devices.map((d) => (
        <tr key={d.id} data-device-status={d.status} data-device-id={d.id}>
          <td className="px-3 py-2" dir="ltr" title={d.userAgent ?? ''}>
            {d.label}
          </td>
          {withUser && (
            <td className="px-3 py-2 font-mono" dir="ltr">
              {d.username}
            </td>
          )}
          <td className="px-3 py-2">
            <StatusPill status={d.status} labelKey="security.devices.statuses" tones={DEVICE_TONES} />
          </td>
          <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(d.lastSeenAt)}</td>
          <td className="px-3 py-2">{d.lastCountry ?? '—'}</td>
          <td className="px-3 py-2 font-mono text-xs" dir="ltr">
            {d.lastIp ?? '—'}
          </td>
          <td className="px-3 py-2">{d.signins}</td>
          {actions && <td className="px-3 py-2">{actions(d)}</td>}
        </tr>
      ))}
    </ListTable>
  );
}

export function Reports() {
  const t = useT();
  const { language } = useLanguage();
  const fmt = useFormat();
  const list = useCursorList<SecurityReportView>('securityReports', {}, { limit: 10 });
  return (
    <section aria-label={t('security.tabs.reports')} className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('security.reports.intro')}</p>
      <ListState list={list} errorTitle={t('security.loadFailed')} empty={<EmptyList area="security.reports" />}>
        {list.items.map((r) => (
          <article key={r.week} className="card" data-report-week={r.week}>
            <h3 className="mb-1 font-semibold">{t('security.reports.week', { week: `\u2066${r.week}\u2069` })}</h3>
            <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">
              {fmt.date(r.from.slice(0, 10))} –{' '}
              {fmt.date(new Date(Date.parse(r.to) - 86_400_000).toISOString().slice(0, 10))} ·{' '}
              {r.emailedTo.length
                ? t('security.reports.emailed', { to: r.emailedTo.join(', ') })
                : t('security.reports.notEmailed')}
            </p>
            <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {REPORT_COUNTS.filter((k) => k in r.counts)
                .map((k) => [k, r.counts[k]!] as const)
                .map(([k, v]) => (
                  <div key={k} className="rounded-ui bg-slate-50 p-2 dark:bg-slate-800" data-count={k}>
                    <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`security.reports.count.${k}`)}</dt>
                    <dd className="text-lg font-semibold">{v}</dd>
                  </div>
                ))}
            </dl>
            {r.notable.length > 0 ? (
              <ul className="space-y-1 text-sm">
                {r.notable.map((n, i) => (
                  <li key={i} className="flex gap-2">
                    <StatusPill status={n.level} labelKey="security.risk.level" tones={LEVEL_TONES} />
                    <span className="text-xs text-slate-600 dark:text-slate-300">{fmt.dateTime(n.at)}</span>
                    <span className="text-xs" data-testid="notable-text">
                      {notableText(language, n)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('security.reports.nothingNotable')}</p>
            )}
          </article>
        ))}
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

/** Job runs (the company's here; the operator's platform-wide view on /admin-tools uses the same rows). */
export function JobRunRows({ runs, withCompany }: { runs: JobRunView[]; withCompany?: boolean }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <ListTable
      columns={[
        t('security.jobs.job'),
        t('security.jobs.started'),
        t('security.jobs.status'),
        t('security.jobs.counts'),
        t('security.jobs.errors'),
        ...(withCompany ? [t('security.jobs.company')] : []),
      ]}
    >
      {runs.map((r) => (
        <tr key={`${r.job}-${r.startedAt}`} data-job={r.job} data-run-status={r.status}>
          <td className="px-3 py-2 font-mono text-xs" dir="ltr">
            {r.job}
          </td>
          <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(r.startedAt)}</td>
          <td className="px-3 py-2">
            <StatusPill status={r.status} labelKey="security.jobs.statuses" tones={RUN_TONES} />
          </td>
          <td className="px-3 py-2 font-mono text-xs" dir="ltr">
            {Object.entries(r.counts)
              .map(([k, v]) => `${k} ${v}`)
              .join(' · ') || '—'}
          </td>
          <td className="px-3 py-2" title={r.errorSamples.join('\n')}>
            {r.errors}
          </td>
          {withCompany && (
            <td className="px-3 py-2 font-mono text-xs" dir="ltr">
              {r.tenantId ?? '—'}
            </td>
          )}
        </tr>
      ))}
    </ListTable>
  );
}

export function JobRuns() {
  const t = useT();
  const list = useCursorList<JobRunView>('jobRuns', {}, { limit: 50 });
  return (
    <section aria-label={t('security.tabs.jobs')}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('security.jobs.intro')}</p>
      <ListState list={list} errorTitle={t('security.loadFailed')} empty={<EmptyList area="security.jobs" />}>
        <JobRunRows runs={list.items} />
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

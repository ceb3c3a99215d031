/**
 * /fleet-analytics (issue 14; /fleet-health redirects here): tabs Fleet Health — a score out of
 * 100 per vehicle with its grade and every factor's contribution (−points of its weight, and the
 * facts behind it) — and System Alerts — trackers offline or on low battery, GPS events and
 * health changes (the alerts inbox, categories gps and fleet). OWNER, ADMIN, MECHANIC.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { HEALTH_GRADE_THRESHOLDS, type HealthGrade } from '../../../../shared/vehicles/vehicle-rules';
import { EmptyList, ListState, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { FilterSelect } from '../../components/FilterSelect';
import { useT, type TFunction } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useAlertText, type Alert } from '../alerts/alerts-api';
import { FLEET_HEALTH_PATH, fleetHealthApi, type FleetHealth, type VehicleHealth } from './fleet-health-api';
import { apiUrl } from '../../lib/api-client';

const TABS = ['health', 'alerts'] as const;
type Tab = (typeof TABS)[number];
export const GRADE_TONES = {
  excellent: 'green',
  good: 'blue',
  fair: 'yellow',
  poor: 'orange',
  critical: 'red',
} as const;
const BAR = {
  excellent: 'bg-green-600',
  good: 'bg-blue-600',
  fair: 'bg-yellow-500',
  poor: 'bg-orange-500',
  critical: 'bg-red-600',
} as const;

export default function FleetAnalyticsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'alerts' ? 'alerts' : 'health';
  const health = useSWR<FleetHealth>(FLEET_HEALTH_PATH);
  const [busy, setBusy] = useState(false);
  const recompute = async () => {
    setBusy(true);
    try {
      await health.mutate(await fleetHealthApi.recompute(), { revalidate: false });
    } catch (error) {
      toastApiError(t('fleetHealth.recomputeFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader
        title={t('fleetHealth.title')}
        subtitle={t('fleetHealth.subtitle')}
        actions={
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void recompute()}>
            {busy ? t('fleetHealth.recomputing') : t('fleetHealth.recompute')}
          </button>
        }
      />
      <div
        role="tablist"
        aria-label={t('fleetHealth.title')}
        className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`fh-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`fh-panel-${k}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === k ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
            onClick={() => setParams(k === 'health' ? {} : { tab: k }, { replace: true })}
          >
            {t(`fleetHealth.tabs.${k}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`fh-panel-${tab}`} aria-labelledby={`fh-tab-${tab}`}>
        {tab === 'health' ? <HealthTab health={health} /> : <SystemAlertsTab data={health.data} />}
      </section>
    </>
  );
}

function HealthTab({ health }: { health: ReturnType<typeof useSWR<FleetHealth>> }) {
  const t = useT();
  const fmt = useFormat();
  const [grade, setGrade] = useState('');
  const data = health.data;
  const rows = (data?.vehicles ?? []).filter((v) => !grade || v.grade === grade);
  const list = itemsState({ data: data ? { items: rows } : undefined, error: health.error, mutate: health.mutate });
  return (
    <>
      {data && (
        <div className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="grade-summary">
          <div className="card">
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('fleetHealth.average')}</p>
            <p className="text-2xl font-semibold">{data.averageScore ?? '—'}</p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {data.computedAt
                ? t('fleetHealth.computedAt', { when: fmt.dateTime(data.computedAt) })
                : t('fleetHealth.notComputed')}
            </p>
          </div>
          {HEALTH_GRADE_THRESHOLDS.map(({ grade: g }) => (
            <button
              key={g}
              type="button"
              data-grade-count={g}
              aria-pressed={grade === g}
              onClick={() => setGrade(grade === g ? '' : g)}
              className={`card text-start ${grade === g ? 'ring-2 ring-brand-600' : ''}`}
            >
              <StatusPill status={g} labelKey="fleetHealth.grade" tones={GRADE_TONES} dataName="grade" />
              <p className="mt-1 text-2xl font-semibold">{data.grades[g] ?? 0}</p>
            </button>
          ))}
        </div>
      )}
      <div className="mb-3 max-w-xs">
        <FilterSelect
          id="fh-grade"
          label={t('fleetHealth.gradeFilter')}
          value={grade}
          onChange={setGrade}
          allLabel={t('fleetHealth.allGrades')}
          options={HEALTH_GRADE_THRESHOLDS.map(({ grade: g }) => [g, t(`fleetHealth.grade.${g}`)] as [string, string])}
        />
      </div>
      <ListState
        list={list}
        errorTitle={t('fleetHealth.loadFailed')}
        empty={<EmptyList area="fleetHealth" filtered={!!grade} onClear={() => setGrade('')} />}
      >
        <ul className="space-y-3">
          {rows.map((v) => (
            <VehicleRow key={v.vehicleId} v={v} />
          ))}
        </ul>
      </ListState>
    </>
  );
}

function factorDetail(
  t: TFunction,
  fmtKm: (n: number) => string,
  key: string,
  d: Record<string, string | number>,
): string {
  if (key === 'documents')
    return t('fleetHealth.detail.documents', {
      registration: t(`fleetHealth.docState.${d.registration}`),
      insurance: t(`fleetHealth.docState.${d.insurance}`),
    });
  if (key === 'mileage') return fmtKm(Number(d.km));
  return t(`fleetHealth.detail.${key}`, Object.fromEntries(Object.entries(d).map(([k, x]) => [k, String(x)])));
}

function VehicleRow({ v }: { v: VehicleHealth }) {
  const t = useT();
  const fmt = useFormat();
  const km = (n: number) => fmt.quantity(n, 'kilometer');
  const g = v.grade as HealthGrade;
  return (
    <li className="card" data-vehicle-id={v.vehicleId} data-grade={v.grade} data-score={v.score}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <Link to={`/vehicles/${v.vehicleId}`} className="font-semibold hover:underline">
            {v.label}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300" dir="ltr">
            {v.licensePlate}
          </p>
        </div>
        <div className="text-end">
          <p className="text-2xl font-semibold" data-testid="score" dir="ltr">
            {t('fleetHealth.scoreOf', { score: v.score })}
          </p>
          <p className="flex items-center justify-end gap-2 text-xs text-slate-600 dark:text-slate-300">
            <StatusPill status={g} labelKey="fleetHealth.grade" tones={GRADE_TONES} dataName="grade" />
            {v.previousScore !== null && v.previousScore !== v.score && (
              <span>{t('fleetHealth.previous', { score: v.previousScore })}</span>
            )}
          </p>
        </div>
      </div>
      <div className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" aria-hidden="true">
        <div className={`h-2 ${BAR[g]}`} style={{ width: `${v.score}%` }} />
      </div>
      <ul
        className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('fleetHealth.factorsOf', { vehicle: v.label })}
      >
        {v.factors.map((f) => (
          <li
            key={f.key}
            data-factor={f.key}
            data-penalty={f.penalty}
            className={`rounded-ui border p-2 text-sm ${f.penalty > 0 ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950' : 'border-slate-200 dark:border-slate-800'}`}
          >
            <p className="flex justify-between gap-2 font-medium">
              <span>{t(`fleetHealth.factors.${f.key}`)}</span>
              <span
                className={f.penalty > 0 ? 'text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}
              >
                {t(f.penalty > 0 ? 'fleetHealth.penalty' : 'fleetHealth.noPenalty', {
                  points: f.penalty,
                  weight: f.weight,
                })}
              </span>
            </p>
            <p className="text-xs text-slate-700 dark:text-slate-200">{factorDetail(t, km, f.key, f.detail)}</p>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SystemAlertsTab({ data }: { data: FleetHealth | undefined }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section className="card" aria-label={t('fleetHealth.trackers')} data-section="trackers">
        <h2 className="mb-1 font-semibold">{t('fleetHealth.trackers')}</h2>
        {data && (
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">
            {t('fleetHealth.trackersRule', { hours: data.rules.offlineHours, percent: data.rules.batteryLowPercent })}
          </p>
        )}
        {!data ? (
          <p aria-busy="true">…</p>
        ) : data.trackers.length === 0 ? (
          <p className="text-sm">{t('fleetHealth.trackersOk')}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {data.trackers.map((c) => (
              <li
                key={`${c.kind}:${c.vehicleId}`}
                data-tracker={c.kind}
                className="rounded-ui border border-slate-200 p-2 dark:border-slate-800"
              >
                <p className="flex items-center gap-2 font-medium">
                  <StatusPill
                    status={c.kind}
                    labelKey="fleetHealth.trackerKind"
                    tones={{ offline: 'red', battery_low: 'amber' }}
                  />
                  <span>{c.label}</span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {c.lastPositionAt
                    ? t('fleetHealth.lastPosition', { when: fmt.dateTime(c.lastPositionAt) })
                    : t('fleetHealth.neverReported')}
                  {c.batteryPercent !== null ? ` · ${t('fleetHealth.battery', { percent: c.batteryPercent })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AlertSection category="gps" title={t('fleetHealth.gpsEvents')} />
      <AlertSection category="fleet" title={t('fleetHealth.healthChanges')} />
    </div>
  );
}

function AlertSection({ category, title }: { category: 'gps' | 'fleet'; title: string }) {
  const t = useT();
  const fmt = useFormat();
  const text = useAlertText();
  const res = useSWR<{ items: Alert[] }>(apiUrl('listAlerts', { query: { category, limit: 20 } }));
  return (
    <section className="card" aria-label={title} data-section={category}>
      <h2 className="mb-2 flex items-center justify-between font-semibold">
        <span>{title}</span>
        <Link className="text-xs font-normal underline" to={`/alerts`}>
          {t('fleetHealth.allAlerts')}
        </Link>
      </h2>
      {!res.data ? (
        <p aria-busy="true">…</p>
      ) : res.data.items.length === 0 ? (
        <p className="text-sm">{t('fleetHealth.noAlerts')}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {res.data.items.map((a) => (
            <li
              key={a.id}
              data-alert-type={a.type}
              className="rounded-ui border border-slate-200 p-2 dark:border-slate-800"
            >
              <p className={a.status === 'unread' ? 'font-semibold' : ''}>{text(a).title}</p>
              <p className="text-xs text-slate-600 dark:text-slate-300">{fmt.dateTime(a.dateDetected)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

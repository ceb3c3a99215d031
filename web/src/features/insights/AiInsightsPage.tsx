/**
 * /ai-insights (issue 15): tabs Overview, Finance, Marketing, Strategy (STAFF sees Overview and
 * Marketing). Each insight: its title and plain explanation in the reader's language, estimated
 * impact in the company's currency, confidence, priority and status; "Details" shows the figures,
 * the rows it came from (links) and its history. Managers move the status (acknowledge, plan, done
 * with the actual impact, dismiss) and run "Refresh insights"; the runs are on /ai-insights-logs.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import {
  INSIGHT_CATEGORIES,
  INSIGHT_TRANSITIONS,
  type InsightCategory,
  type InsightStatus,
} from '../../../../shared/schemas/insights';
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
import { useCan } from '../../lib/use-can';
import { useFormat } from '../../lib/format';
import {
  INSIGHTS_PATH,
  PRIORITY_TONES,
  STATUS_TONES,
  insightPath,
  insightsApi,
  useInsightText,
  type Insight,
  type InsightDetail,
} from './insights-api';

const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;
type Action = Exclude<InsightStatus, 'new'>;

export default function AiInsightsPage() {
  const t = useT();
  const can = useCan();
  const manager = can('reportsAll');
  const tabs = INSIGHT_CATEGORIES.filter((c) => manager || c === 'overview' || c === 'marketing');
  const [params, setParams] = useSearchParams();
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as InsightCategory)
    : tabs[0];
  const [showClosed, setShowClosed] = useState(false);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  const list = useCursorList<Insight>(
    'listInsights',
    { category: tab, status: showClosed ? undefined : 'open' },
    { limit: 50, swr: LIVE },
  );

  const refresh = async () => {
    setBusy(true);
    try {
      const job = await insightsApi.refresh();
      toast({
        variant: 'success',
        title: t('insights.refreshed', { found: job.counts.found, created: job.counts.created }),
      });
      await invalidate(INSIGHTS_PATH, 'listAiJobs');
    } catch (error) {
      toastApiError(t('insights.refreshFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('insights.title')}
        subtitle={t('insights.subtitle')}
        actions={
          manager ? (
            <span className="flex flex-wrap gap-2">
              <Link className="btn-secondary" to="/ai-insights-logs">
                {t('insights.logs')}
              </Link>
              <button type="button" className="btn-primary" onClick={() => void refresh()} disabled={busy}>
                {busy ? t('insights.refreshing') : t('insights.refresh')}
              </button>
            </span>
          ) : undefined
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div role="tablist" aria-label={t('insights.title')} className="flex flex-wrap gap-2">
          {tabs.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={tab === c}
              className={tab === c ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setParams({ tab: c }, { replace: true })}
            >
              {t(`insights.tabs.${c}`)}
            </button>
          ))}
        </div>
        <label className="ms-auto flex items-center gap-2 text-sm">
          <input type="checkbox" checked={showClosed} onChange={(e) => setShowClosed(e.target.checked)} />
          {t('insights.showClosed')}
        </label>
      </div>
      <ListState
        list={list}
        errorTitle={t('insights.loadFailed')}
        skeleton={{ rows: 4, columns: 3 }}
        empty={<EmptyList area="insights" />}
      >
        <div role="tabpanel" aria-label={t(`insights.tabs.${tab}`)}>
          <ul className="space-y-3">
            {list.items.map((i) => (
              <InsightCard key={i.id} insight={i} manager={manager} onChanged={() => invalidate(INSIGHTS_PATH)} />
            ))}
          </ul>
        </div>
      </ListState>
      <LoadMoreButton list={list} label={t('insights.loadMore')} />
    </>
  );
}

/** One insight: text, impact, confidence, status; details (figures, evidence, history); the status actions. */
export function InsightCard({
  insight: i,
  manager,
  onChanged,
}: {
  insight: Insight;
  manager: boolean;
  onChanged: () => unknown;
}) {
  const t = useT();
  const f = useFormat();
  const text = useInsightText()(i);
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const detail = useSWR<InsightDetail>(open ? insightPath(i.id) : null, LIVE);
  const figure = (kind: string, value: number | string) =>
    kind === 'money'
      ? f.money(Number(value))
      : kind === 'percent'
        ? `${value}%`
        : kind === 'date'
          ? f.date(String(value))
          : String(value);
  // Weekday and vehicle-category rows are words of the catalog; the others are labels as stored (plates, INV-…, names).
  const evidenceLabel = (label: string) =>
    i.rule === 'slow_weekday'
      ? t(`insights.weekdays.${label}`)
      : i.params.category === label
        ? t(`insights.vehicleCategory.${label}`)
        : label;
  const actions = (INSIGHT_TRANSITIONS[i.status] as readonly InsightStatus[]).filter((s): s is Action => s !== 'new');
  return (
    <li className="card" data-insight-id={i.id} data-rule={i.rule} data-status={i.status}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{text.title}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{text.explanation}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
            <StatusPill status={i.priority} labelKey="insights.priority" tones={PRIORITY_TONES} dataName="priority" />
            <StatusPill status={i.status} labelKey="insights.status" tones={STATUS_TONES} />
            <span>{t('insights.confidence', { pct: String(Math.round(i.confidence * 100)) })}</span>
            {!i.current && <span>{t('insights.noLongerCurrent')}</span>}
            {i.campaignId && <span>{t('insights.campaign', { count: String(i.evidence.length) })}</span>}
          </p>
        </div>
        <div className="text-end">
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('insights.impact')}</p>
          {/* 0: the rule could not put a figure on it (e.g. no daily fixed cost set): shown as unknown, not as */}
          {/* nothing. */}
          <p className="text-lg font-semibold" data-testid="impact">
            {i.estimatedImpact === 0 ? '—' : f.money(i.estimatedImpact)}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('insights.hideDetails') : t('insights.details')}
        </button>
        {manager &&
          actions.map((s) => (
            <button key={s} type="button" className="btn-secondary" onClick={() => setAction(s)}>
              {t(`insights.actions.${s}`)}
            </button>
          ))}
      </div>
      {open && (
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          <section>
            <h3 className="text-sm font-semibold">{t('insights.figuresTitle')}</h3>
            <dl className="mt-1 space-y-1 text-sm">
              {i.figures.map((x) => (
                <div key={x.label} className="flex justify-between gap-3">
                  <dt>{t(`insights.figures.${x.label}`)}</dt>
                  <dd className="font-medium tabular-nums">{figure(x.kind, x.value)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section>
            <h3 className="text-sm font-semibold">{t('insights.evidenceTitle')}</h3>
            <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto text-sm">
              {i.evidence.map((e, n) => (
                <li key={`${e.href}-${n}`}>
                  <Link className="link" to={e.href}>
                    {evidenceLabel(e.label)}
                  </Link>
                  {e.detail ? <span className="text-slate-600 dark:text-slate-300"> · {e.detail}</span> : null}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="text-sm font-semibold">{t('insights.historyTitle')}</h3>
            <ul className="mt-1 space-y-1 text-sm" data-testid="history">
              {detail.data && detail.data.history.length === 0 && <li>{t('insights.historyEmpty')}</li>}
              {detail.data?.history.map((h) => (
                <li key={h.id}>
                  {t('insights.historyRow', {
                    from: h.from ? t(`insights.status.${h.from}`) : '—',
                    to: t(`insights.status.${h.to}`),
                    by: h.by,
                  })}{' '}
                  · {f.dateTime(h.at)}
                  {h.note ? <span className="block text-slate-600 dark:text-slate-300">{h.note}</span> : null}
                  {h.actualImpact != null ? (
                    <span className="block">
                      {t('insights.actualImpactLabel')}: {f.money(h.actualImpact)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {action && (
        <StatusDialog
          insight={i}
          title={text.title}
          action={action}
          onClose={() => setAction(null)}
          onDone={async () => {
            setAction(null);
            await detail.mutate();
            await onChanged();
          }}
        />
      )}
    </li>
  );
}

function StatusDialog({
  insight,
  title,
  action,
  onClose,
  onDone,
}: {
  insight: Insight;
  title: string;
  action: Action;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  const [impact, setImpact] = useState('');
  const [busy, setBusy] = useState(false);
  const [impactError, setImpactError] = useState<string | undefined>();
  const save = async () => {
    setBusy(true);
    try {
      const actualImpact = action === 'done' && impact.trim() ? Number(impact) : undefined;
      await insightsApi.setStatus(insight.id, {
        status: action,
        note: note.trim() || undefined,
        actualImpact,
        version: insight.version,
      });
      toast({ variant: 'success', title: t(`insights.changed.${action}`) });
      await onDone();
    } catch (error) {
      const e = toastApiError(t('insights.updateFailed'), error);
      setImpactError(e.fields.actualImpact);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={t('insights.changeTitle', { action: t(`insights.actions.${action}`), title })}>
      <FormField id="insight-note" label={t('insights.noteLabel')}>
        <textarea className="field-input" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      {action === 'done' && (
        <FormField id="insight-impact" label={t('insights.actualImpactLabel')} error={impactError}>
          <input
            className="field-input"
            inputMode="decimal"
            value={impact}
            onChange={(e) => setImpact(e.target.value)}
          />
        </FormField>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void save()}>
          {t(`insights.actions.${action}`)}
        </button>
      </DialogActions>
    </Modal>
  );
}

/**
 * /ai-insights-logs (issue 15): every run of the insights engine (ai_jobs: when, what started it,
 * result, duration, counts, failures) and every status change of the company's insights.
 */
import { Link } from 'react-router';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { DirectionArrow } from '../../components/DirectionArrow';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { STATUS_TONES, useInsightText, type AiJob, type InsightStatusChange } from './insights-api';

const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;
const RUN_TONES = { succeeded: 'green', partial: 'amber', failed: 'red' } as const;

export default function AiInsightsLogsPage() {
  const t = useT();
  const f = useFormat();
  const text = useInsightText();
  const runs = useCursorList<AiJob>('listAiJobs', {}, { limit: 25, swr: LIVE });
  const changes = useCursorList<InsightStatusChange>('listInsightHistory', {}, { limit: 25, swr: LIVE });
  return (
    <>
      <PageHeader
        title={t('insights.log.title')}
        subtitle={t('insights.log.subtitle')}
        actions={
          <Link className="btn-secondary" to="/ai-insights">
            {t('insights.log.back')}
          </Link>
        }
      />
      <section aria-labelledby="runs-title" className="mb-8">
        <h2 id="runs-title" className="mb-2 text-lg font-semibold">
          {t('insights.logs')}
        </h2>
        <ListState
          list={runs}
          errorTitle={t('insights.log.loadFailed')}
          skeleton={{ rows: 5, columns: 6 }}
          empty={<EmptyList area="insights.log" />}
        >
          <ListTable
            columns={[
              t('insights.log.started'),
              t('insights.log.trigger'),
              t('insights.log.status'),
              t('insights.log.duration'),
              t('insights.log.found'),
              t('insights.log.created'),
              t('insights.log.updated'),
              t('insights.log.expired'),
              t('insights.log.failures'),
            ]}
          >
            {runs.items.map((j) => (
              <tr key={j.id} data-job-id={j.id} data-trigger={j.trigger}>
                <td className="px-3 py-2 whitespace-nowrap">{f.dateTime(j.startedAt)}</td>
                <td className="px-3 py-2">
                  {t(`insights.log.triggers.${j.trigger}`)}
                  {j.by && j.by !== 'system' ? ` · ${j.by}` : ''}
                </td>
                <td className="px-3 py-2">
                  <StatusPill status={j.status} labelKey="insights.log.statuses" tones={RUN_TONES} />
                </td>
                <td className="px-3 py-2 tabular-nums">{t('insights.log.ms', { ms: String(j.durationMs) })}</td>
                <td className="px-3 py-2 tabular-nums">{j.counts.found}</td>
                <td className="px-3 py-2 tabular-nums">{j.counts.created}</td>
                <td className="px-3 py-2 tabular-nums">{j.counts.updated}</td>
                <td className="px-3 py-2 tabular-nums">{j.counts.expired}</td>
                <td className="px-3 py-2 text-xs">
                  {j.failures.length
                    ? j.failures.map((x) => `${x.step}: ${x.message}`).join('; ')
                    : t('insights.log.none')}
                </td>
              </tr>
            ))}
          </ListTable>
        </ListState>
        <LoadMoreButton list={runs} label={t('insights.loadMore')} />
      </section>
      <section aria-labelledby="changes-title">
        <h2 id="changes-title" className="mb-2 text-lg font-semibold">
          {t('insights.historyTitle')}
        </h2>
        <ListState
          list={changes}
          errorTitle={t('insights.log.loadFailed')}
          skeleton={{ rows: 5, columns: 3 }}
          empty={<p className="card text-sm">{t('insights.historyEmpty')}</p>}
        >
          <ul className="space-y-2" data-testid="status-log">
            {changes.items.map((h) => (
              <li key={h.id} className="card text-sm" data-insight-id={h.insightId} data-to={h.to}>
                <p className="font-medium">{text(h).title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2">
                  {h.from && <StatusPill status={h.from} labelKey="insights.status" tones={STATUS_TONES} />}
                  <DirectionArrow direction="forward" />
                  <StatusPill status={h.to} labelKey="insights.status" tones={STATUS_TONES} />
                  <span>
                    {h.by} · {f.dateTime(h.at)}
                  </span>
                </p>
                {h.note && <p className="mt-1 text-slate-600 dark:text-slate-300">{h.note}</p>}
              </li>
            ))}
          </ul>
        </ListState>
        <LoadMoreButton list={changes} label={t('insights.loadMore')} />
      </section>
    </>
  );
}

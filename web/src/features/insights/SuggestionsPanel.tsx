/**
 * The dashboard's "AI suggestions" (issue 15): the top open insights the reader may see (priority,
 * then estimated impact), each linking to its tab of /ai-insights.
 */
import { Link } from 'react-router';
import useSWR from 'swr';
import { TableSkeleton } from '../../components/Skeletons';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { INSIGHTS_PATH, PRIORITY_TONES, useInsightText, type Insight } from './insights-api';

export default function SuggestionsPanel({ limit = 5 }: { limit?: number }) {
  const t = useT();
  const f = useFormat();
  const text = useInsightText();
  const { data, error } = useSWR<{ items: Insight[] }>(`${INSIGHTS_PATH}?status=open&limit=${limit}`);
  return (
    <section className="card" aria-labelledby="suggestions-title" data-testid="suggestions">
      <h2 id="suggestions-title" className="mb-2 font-semibold">
        {t('insights.suggestionsTitle')}
      </h2>
      {!data && !error && <TableSkeleton rows={3} columns={2} />}
      {error && <p className="text-sm">{t('insights.loadFailed')}</p>}
      {data && data.items.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('insights.suggestionsEmpty')}</p>
      )}
      <ul className="space-y-2">
        {data?.items.map((i) => (
          <li key={i.id} className="flex items-start gap-2 text-sm" data-insight-id={i.id}>
            <StatusPill status={i.priority} labelKey="insights.priority" tones={PRIORITY_TONES} dataName="priority" />
            <Link className="link min-w-0 flex-1" to={`/ai-insights?tab=${i.category}`}>
              {text(i).title}
            </Link>
            <span className="tabular-nums">{i.estimatedImpact === 0 ? '—' : f.money(i.estimatedImpact)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

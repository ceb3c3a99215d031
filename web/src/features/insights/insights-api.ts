/** Insights feature API (issue 15): the AI insights page, its log and the dashboard's suggestions. */
import { useCallback } from 'react';
import { addArea } from '../../../../shared/i18n';
import { insights as insightsCatalog } from '../../../../shared/i18n/insights';
import { insightText } from '../../../../shared/insights/text';
import type { AiJob, Insight, InsightStatusBody, InsightStatusChange } from '../../../../shared/schemas/insights';
import { apiPath, apiStem, callApi } from '../../lib/api-client';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';

addArea('insights', insightsCatalog);

export type { AiJob, Insight, InsightStatusChange };
export type InsightDetail = Insight & { history: InsightStatusChange[] };
export const INSIGHTS_PATH = apiStem('listInsights');
export const AI_JOBS_PATH = apiPath('listAiJobs');
export const INSIGHT_HISTORY_PATH = apiPath('listInsightHistory');
export const insightPath = (id: string) => apiPath('getInsight', { id });

export const insightsApi = {
  setStatus: (id: string, body: InsightStatusBody) =>
    callApi<'setInsightStatus', InsightDetail>('setInsightStatus', { params: { id }, body }),
  refresh: () => callApi<'refreshInsights', AiJob>('refreshInsights', { body: {} }),
};

/**
 * An insight's (or a history row's) title and explanation in the reader's language, amounts in the company's currency.
 */
export function useInsightText() {
  const t = useT();
  const money = useMoney();
  return useCallback(
    (i: Pick<Insight, 'rule' | 'params'>) => insightText((key, params) => t(key, params), i.rule, i.params, money),
    [t, money],
  );
}

export const PRIORITY_TONES = { high: 'red', medium: 'amber', low: 'slate' } as const;
export const STATUS_TONES = {
  new: 'blue',
  acknowledged: 'indigo',
  planned: 'violet',
  done: 'green',
  dismissed: 'muted',
} as const;

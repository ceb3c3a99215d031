/** Insights feature API (issue 15): the AI insights page, its log and the dashboard's suggestions. */
import { useCallback } from 'react';
import { addArea } from '../../../../shared/i18n';
import { insights as insightsCatalog } from '../../../../shared/i18n/insights';
import { insightText } from '../../../../shared/insights/text';
import type { AiJob, Insight, InsightStatusBody, InsightStatusChange } from '../../../../shared/schemas/insights';
import { api } from '../../lib/api';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';

addArea('insights', insightsCatalog);

export type { AiJob, Insight, InsightStatusChange };
export type InsightDetail = Insight & { history: InsightStatusChange[] };
export const INSIGHTS_PATH = '/api/v1/ai/insights';
export const AI_JOBS_PATH = '/api/v1/ai/jobs';
export const INSIGHT_HISTORY_PATH = `${INSIGHTS_PATH}/history`;
export const insightPath = (id: string) => `${INSIGHTS_PATH}/${encodeURIComponent(id)}`;

export const insightsApi = {
  setStatus: (id: string, body: InsightStatusBody) => api.post<InsightDetail>(`${insightPath(id)}/status`, body),
  refresh: () => api.post<AiJob>(`${INSIGHTS_PATH}/refresh`, {}),
};

/** An insight's (or a history row's) title and explanation in the reader's language, amounts in the company's currency. */
export function useInsightText() {
  const t = useT();
  const money = useMoney();
  return useCallback((i: Pick<Insight, 'rule' | 'params'>) => insightText((key, params) => t(key, params), i.rule, i.params, money), [t, money]);
}

export const PRIORITY_TONES = { high: 'red', medium: 'amber', low: 'slate' } as const;
export const STATUS_TONES = { new: 'blue', acknowledged: 'indigo', planned: 'violet', done: 'green', dismissed: 'muted' } as const;

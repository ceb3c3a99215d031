/**
 * Insights items (issue 15; business-data §3 ai_insights, ai_recommendation_statuses and impacts,
 * marketing_campaigns, ai_jobs). fleet_recommendations are the strategy insights (sell, add,
 * re-price a category): one item type with the others, so they share statuses and history.
 *
 * - insight:  pk T#{t}#AI_INSIGHT, sk {id}
 *             gsi1 T#{t}#AI_INSIGHT_CAT#{category}, {createdAt}#{id}      (a tab, newest first)
 *             gsi2 T#{t}#AI_INSIGHT_OPEN, {priority rank}#{impact desc}#{id} — only while open and
 *             current (sparse: the dashboard's top suggestions are its first rows)
 * - key:      pk T#{t}#AI_INSIGHT_KEY, sk {rule key} → insightId — claimed with the insight in one
 *             transaction, so a condition makes one insight per month however often the engine runs
 * - status:   pk T#{t}#AI_INSIGHT_STATUS, sk {at}#{id} (the company's log, newest last)
 *             gsi1 T#{t}#AI_INSIGHT_HIST#{insightId}, {at}#{id} (one insight's history)
 *             — ai_recommendation_statuses; `actualImpactMinor` on a "done" change is the impact
 * - campaign: pk T#{t}#MKT_CAMPAIGN, sk {id} — a win-back audience saved when the inactive-customers
 *             insight is planned (marketing_campaigns)
 * - job:      pk T#{t}#AI_JOB, sk {startedAt}#{id} — one per engine run (ai_jobs)
 * - job day:  pk T#{t}#AI_JOB_DAY, sk {YYYY-MM-DD} — the scheduled run's once-a-day claim
 */
import { ulid } from 'ulid';
import {
  OPEN_INSIGHT_STATUSES,
  type AiJob,
  type Insight,
  type InsightCategory,
  type InsightStatus,
  type InsightStatusChange,
} from '../../shared/schemas/insights';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';
import type { InsightDraft } from './rules';
import { categoryOf } from './rules';

export const insightKey = (t: string, id: string): Key => entityKey(t, 'AI_INSIGHT', id);
export const insightPk = (t: string) => tenantPk(t, 'AI_INSIGHT');
export const ruleKey = (t: string, key: string): Key => ({
  pk: tenantPk(t, 'AI_INSIGHT_KEY'),
  sk: sortKey(key.replace(/#/g, ':')),
});
export const categoryPk = (t: string, c: InsightCategory) => tenantPk(t, 'AI_INSIGHT_CAT', c);
export const openPk = (t: string) => tenantPk(t, 'AI_INSIGHT_OPEN');
export const statusLogPk = (t: string) => tenantPk(t, 'AI_INSIGHT_STATUS');
export const historyPk = (t: string, insightId: string) => tenantPk(t, 'AI_INSIGHT_HIST', insightId);
export const jobPk = (t: string) => tenantPk(t, 'AI_JOB');
export const jobDayKey = (t: string, day: string): Key => ({ pk: tenantPk(t, 'AI_JOB_DAY'), sk: sortKey(day) });
export const campaignKey = (t: string, id: string): Key => entityKey(t, 'MKT_CAMPAIGN', id);

const PRIORITY_RANK = { high: 1, medium: 2, low: 3 } as const;

export interface InsightItem extends Item, Omit<Insight, 'estimatedImpact' | 'actualImpact'> {
  ruleKey: string;
  impactMinor: number;
  actualImpactMinor: number | null;
}

/** The sparse "open suggestions" index: set while the insight is open and current, absent otherwise. */
export function openIndex(
  t: string,
  i: Pick<InsightItem, 'status' | 'current' | 'priority' | 'impactMinor' | 'id'>,
): { gsi2pk?: string; gsi2sk?: string } {
  if (!i.current || !OPEN_INSIGHT_STATUSES.includes(i.status)) return {};
  // Larger impact first within a priority: 10^13 − |impact| sorts ascending.
  const inv = String(10 ** 13 - Math.min(Math.abs(i.impactMinor), 10 ** 13 - 1)).padStart(14, '0');
  return { gsi2pk: openPk(t), gsi2sk: sortKey(PRIORITY_RANK[i.priority], inv, i.id) };
}

/** The fields a run sets from its draft (new insights and refreshed ones alike). */
export function draftFields(d: InsightDraft, text: { title: string; explanation: string }) {
  return {
    rule: d.rule,
    category: categoryOf(d.rule),
    priority: d.priority,
    title: text.title,
    explanation: text.explanation,
    params: d.params,
    figures: d.figures,
    evidence: d.evidence,
    impactMinor: d.impactMinor,
    confidence: d.confidence,
    current: true,
  };
}

export function newInsightItem(
  t: string,
  d: InsightDraft,
  text: { title: string; explanation: string },
  currency: string,
  now: string,
): InsightItem {
  const id = ulid();
  const fields = draftFields(d, text);
  const base = {
    ...insightKey(t, id),
    entityType: 'AI_INSIGHT',
    id,
    ruleKey: d.key,
    ...fields,
    status: 'new' as InsightStatus,
    currency,
    actualImpactMinor: null,
    campaignId: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
    gsi1pk: categoryPk(t, fields.category),
    gsi1sk: sortKey(now, id),
  };
  return { ...base, ...openIndex(t, base) } as InsightItem;
}

export function insightToApi(i: InsightItem): Insight {
  return {
    id: i.id,
    rule: i.rule,
    category: i.category,
    priority: i.priority,
    status: i.status,
    title: i.title,
    explanation: i.explanation,
    params: i.params ?? {},
    figures: i.figures ?? [],
    evidence: i.evidence ?? [],
    estimatedImpact: i.impactMinor / 100,
    currency: i.currency,
    confidence: i.confidence,
    current: i.current,
    actualImpact: i.actualImpactMinor == null ? null : i.actualImpactMinor / 100,
    campaignId: i.campaignId ?? null,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    version: i.version,
  };
}

export interface StatusItem extends Item {
  id: string;
  insightId: string;
  rule: InsightItem['rule'];
  title: string;
  params: Record<string, string>;
  from: InsightStatus | null;
  to: InsightStatus;
  note: string | null;
  actualImpactMinor: number | null;
  by: string;
  at: string;
}

export function statusItem(
  t: string,
  insight: Pick<InsightItem, 'id' | 'rule' | 'title' | 'params'>,
  from: InsightStatus | null,
  to: InsightStatus,
  by: string,
  at: string,
  note: string | null,
  actualImpactMinor: number | null,
): StatusItem {
  const id = ulid();
  return {
    pk: statusLogPk(t),
    sk: sortKey(at, id),
    gsi1pk: historyPk(t, insight.id),
    gsi1sk: sortKey(at, id),
    entityType: 'AI_INSIGHT_STATUS',
    id,
    insightId: insight.id,
    rule: insight.rule,
    title: insight.title,
    params: insight.params,
    from,
    to,
    note,
    actualImpactMinor,
    by,
    at,
  };
}

export const statusToApi = (s: StatusItem): InsightStatusChange => ({
  id: s.id,
  insightId: s.insightId,
  rule: s.rule,
  title: s.title,
  params: s.params ?? {},
  from: s.from,
  to: s.to,
  note: s.note ?? null,
  actualImpact: s.actualImpactMinor == null ? null : s.actualImpactMinor / 100,
  by: s.by,
  at: s.at,
});

export type AiJobItem = Item & AiJob;
export const aiJobItem = (t: string, job: AiJob): AiJobItem => ({
  pk: jobPk(t),
  sk: sortKey(job.startedAt, job.id),
  entityType: 'AI_JOB',
  ...job,
});
export const aiJobToApi = ({
  id,
  kind,
  trigger,
  status,
  startedAt,
  finishedAt,
  durationMs,
  counts,
  failures,
  by,
}: AiJobItem): AiJob => ({ id, kind, trigger, status, startedAt, finishedAt, durationMs, counts, failures, by });

import * as z from 'zod';
import { cursor, entityId, longText } from './fields';
import { signedMoneyAmount } from '../money';
import { pageOf } from './page';

/**
 * Insights (the spec's "AI insights", business-data §3 ai_insights, ai_recommendation_statuses and
 * impacts, fleet_recommendations, marketing_campaigns, ai_jobs; issue 15; DESIGN.md §16).
 *
 * Each insight comes from a deterministic rule over the company's own figures: a title and a plain
 * explanation (catalog texts filled with `params`), the figures and the rows it came from (links),
 * an estimated impact in the company's currency and a confidence (0–1). Its status moves along
 * INSIGHT_TRANSITIONS and every change is kept (the history).
 */
export const INSIGHT_CATEGORIES = ['overview', 'finance', 'marketing', 'strategy'] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

export const INSIGHT_STATUSES = ['new', 'acknowledged', 'planned', 'done', 'dismissed'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];
/** Statuses that still ask for attention (the dashboard's suggestions are the top open insights). */
export const OPEN_INSIGHT_STATUSES: readonly InsightStatus[] = ['new', 'acknowledged', 'planned'];

/**
 * Allowed moves. Done and dismissed may be reopened (acknowledged) — a dismissal made by mistake
 * should not need support; nothing goes back to "new" (new means nobody has looked yet).
 */
export const INSIGHT_TRANSITIONS: Record<InsightStatus, readonly InsightStatus[]> = {
  new: ['acknowledged', 'planned', 'done', 'dismissed'],
  acknowledged: ['planned', 'done', 'dismissed'],
  planned: ['done', 'dismissed', 'acknowledged'],
  done: ['acknowledged'],
  dismissed: ['acknowledged'],
};

/** The rules, each in one category (texts: shared/i18n/insights.ts rules.{rule}). */
export const INSIGHT_RULES = {
  utilisation_change: 'overview',
  revenue_change: 'overview',
  receivables_aging: 'finance',
  deposits_held_long: 'finance',
  revenue_leakage: 'finance',
  vat_due: 'finance',
  repeat_customers: 'marketing',
  tier_close: 'marketing',
  slow_weekday: 'marketing',
  inactive_customers: 'marketing',
  sell_vehicles: 'strategy',
  add_vehicles: 'strategy',
  raise_prices: 'strategy',
} as const satisfies Record<string, InsightCategory>;
export type InsightRule = keyof typeof INSIGHT_RULES;
export const INSIGHT_RULE_IDS = Object.keys(INSIGHT_RULES) as InsightRule[];

export const FIGURE_KINDS = ['money', 'percent', 'count', 'days', 'date'] as const;
export const insightFigureSchema = z.object({
  /** Catalog key under insights.figures */
  label: z.string(),
  kind: z.enum(FIGURE_KINDS),
  /** money: decimal amount; percent: 0–100 with one decimal; count/days: integers; date: YYYY-MM-DD */
  value: z.union([z.number(), z.string()]),
});
export type InsightFigure = z.infer<typeof insightFigureSchema>;

/** A row the insight came from: what it is (a label as stored, e.g. a plate or INV-1004) and where to open it. */
export const insightEvidenceSchema = z.object({ label: z.string(), href: z.string(), detail: z.string().nullable() });
export type InsightEvidence = z.infer<typeof insightEvidenceSchema>;

export const insightSchema = z.object({
  id: z.string(),
  rule: z.enum(INSIGHT_RULE_IDS as [InsightRule, ...InsightRule[]]),
  category: z.enum(INSIGHT_CATEGORIES),
  priority: z.enum(['high', 'medium', 'low']),
  status: z.enum(INSIGHT_STATUSES),
  /** English title and explanation as stored (the web shows the catalog text in the reader's language from params). */
  title: z.string(),
  explanation: z.string(),
  params: z.record(z.string(), z.string()),
  figures: z.array(insightFigureSchema),
  evidence: z.array(insightEvidenceSchema),
  /** Estimated impact over the insight's horizon, decimal, in `currency`. */
  estimatedImpact: z.number(),
  currency: z.string(),
  confidence: z.number(),
  /** false once the latest run no longer finds the condition (kept for its history). */
  current: z.boolean(),
  actualImpact: z.number().nullable(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Insight = z.infer<typeof insightSchema>;

export const insightStatusChangeSchema = z.object({
  id: z.string(),
  insightId: z.string(),
  rule: z.enum(INSIGHT_RULE_IDS as [InsightRule, ...InsightRule[]]),
  title: z.string(),
  params: z.record(z.string(), z.string()),
  from: z.enum(INSIGHT_STATUSES).nullable(),
  to: z.enum(INSIGHT_STATUSES),
  note: z.string().nullable(),
  actualImpact: z.number().nullable(),
  by: z.string(),
  at: z.string(),
});
export type InsightStatusChange = z.infer<typeof insightStatusChangeSchema>;
export const insightStatusChangePageSchema = pageOf(insightStatusChangeSchema);

export const listInsightsQuery = z.object({
  category: z.enum(INSIGHT_CATEGORIES).optional(),
  /** open = new, acknowledged, planned (the dashboard's suggestions) */
  status: z.enum(['open', ...INSIGHT_STATUSES]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursor().optional(),
});
export const insightIdParams = z.object({ id: entityId() });
export const insightStatusBody = z.object({
  status: z.enum(['acknowledged', 'planned', 'done', 'dismissed']),
  note: longText().optional(),
  /** What doing it actually brought (ai impacts), decimal in the company's currency; only with done. */
  actualImpact: signedMoneyAmount.optional(),
  /** The version the person saw (409 when someone changed it meanwhile). */
  version: z.number().int().min(1).optional(),
});
export type InsightStatusBody = z.infer<typeof insightStatusBody>;

export const insightDetailSchema = insightSchema.extend({ history: z.array(insightStatusChangeSchema) });
export const insightsPageSchema = pageOf(insightSchema);

export const AI_JOB_TRIGGERS = ['schedule', 'manual', 'demo'] as const;
export const aiJobSchema = z.object({
  id: z.string(),
  kind: z.literal('insights'),
  trigger: z.enum(AI_JOB_TRIGGERS),
  status: z.enum(['succeeded', 'partial', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  /** rules run, insights found, new ones, updated ones, no longer current */
  counts: z.object({
    rules: z.number(),
    found: z.number(),
    created: z.number(),
    updated: z.number(),
    expired: z.number(),
  }),
  failures: z.array(z.object({ step: z.string(), message: z.string() })),
  by: z.string(),
});
export type AiJob = z.infer<typeof aiJobSchema>;
export const listAiJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursor().optional(),
});
export const aiJobsPageSchema = pageOf(aiJobSchema);

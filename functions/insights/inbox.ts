/**
 * Reading insights and moving their status (issue 15). A role reads the tabs it may
 * (visibleCategories); an insight of another tab — or another company — is a 404. Every status
 * change is one transaction: the insight (versioned), its history row (ai_recommendation_statuses,
 * with the actual impact on "done"), the audit item, and — planning the inactive-customers
 * insight — the win-back campaign audience (marketing_campaigns).
 */
import { ulid } from 'ulid';
import {
  INSIGHT_CATEGORIES,
  INSIGHT_TRANSITIONS,
  type InsightCategory,
  type InsightStatusBody,
} from '../../shared/schemas/insights';
import { hasAbility, type Role } from '../../shared/permissions';
import { toMinor } from '../../shared/money';
import { auditItem } from '../lib/data/audit';
import { getItem, queryAll, queryPage, transact, tx } from '../lib/data/repo';
import { conflict, forbidden, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  aiJobToApi,
  campaignKey,
  categoryPk,
  historyPk,
  insightKey,
  insightPk,
  insightToApi,
  jobPk,
  openIndex,
  openPk,
  statusItem,
  statusLogPk,
  statusToApi,
  type AiJobItem,
  type InsightItem,
  type StatusItem,
} from './model';

/** STAFF reads the operational tabs only (DESIGN.md §6: operational KPIs only). */
export function visibleCategories(role: Role): InsightCategory[] {
  if (hasAbility(role, 'reportsAll')) return [...INSIGHT_CATEGORIES];
  return hasAbility(role, 'reportsOperational') ? ['overview', 'marketing'] : [];
}

type ListQuery = {
  category?: InsightCategory;
  status?: 'open' | InsightItem['status'];
  limit?: number;
  cursor?: string;
};

export async function listInsights(tenantId: string, role: Role, q: ListQuery) {
  const cats = visibleCategories(role);
  if (q.category && !cats.includes(q.category)) throw forbidden('You do not have permission to view this tab');
  // Open and current: the sparse suggestions index, top priority and impact first.
  if (q.status === 'open' && !q.category && cats.length === INSIGHT_CATEGORIES.length) {
    const page = await queryPage<InsightItem>({
      tenantId,
      pk: openPk(tenantId),
      index: 'gsi2',
      limit: q.limit ?? 20,
      cursor: q.cursor,
      signature: ['open'],
    });
    return { items: page.items.map(insightToApi), nextCursor: page.nextCursor };
  }
  const names: Record<string, string> = { '#s': 'status', '#c': 'current' };
  const values: Record<string, unknown> = { ':new': 'new', ':t': true };
  const parts: string[] = [];
  if (!q.status)
    parts.push('(#c = :t OR #s <> :new)'); // what nobody touched and the engine no longer finds is history
  else if (q.status === 'open') {
    parts.push('#s IN (:new, :a, :p) AND (#c = :t OR #s <> :new)');
    values[':a'] = 'acknowledged';
    values[':p'] = 'planned';
  } else {
    parts.push('#s = :st');
    values[':st'] = q.status;
    delete values[':new'];
    delete values[':t'];
    delete names['#c'];
  }
  if (!q.category && cats.length < INSIGHT_CATEGORIES.length) {
    names['#cat'] = 'category';
    parts.push(`#cat IN (${cats.map((_, i) => `:cat${i}`).join(', ')})`);
    cats.forEach((c, i) => {
      values[`:cat${i}`] = c;
    });
  }
  const page = await queryPage<InsightItem>({
    tenantId,
    ...(q.category ? { pk: categoryPk(tenantId, q.category), index: 'gsi1' as const } : { pk: insightPk(tenantId) }),
    forward: false,
    limit: q.limit ?? 50,
    cursor: q.cursor,
    filter: { expression: parts.join(' AND '), names, values },
    signature: [role, q.category, q.status],
  });
  return { items: page.items.map(insightToApi), nextCursor: page.nextCursor };
}

async function visibleInsight(tenantId: string, role: Role, id: string): Promise<InsightItem> {
  const item = (await getItem(insightKey(tenantId, id), true)) as InsightItem | undefined;
  if (!item || !visibleCategories(role).includes(item.category)) throw notFound('Insight not found');
  return item;
}

async function historyOf(tenantId: string, id: string) {
  const rows = await queryAll<StatusItem>({ tenantId, pk: historyPk(tenantId, id), index: 'gsi1', max: 200 });
  return rows.map(statusToApi);
}

export async function getInsight(tenantId: string, role: Role, id: string) {
  const item = await visibleInsight(tenantId, role, id);
  return { ...insightToApi(item), history: await historyOf(tenantId, id) };
}

export async function setInsightStatus(actor: Actor, id: string, body: InsightStatusBody) {
  const item = await visibleInsight(actor.tenantId, actor.role, id);
  if (body.version !== undefined && body.version !== item.version)
    throw conflict(
      'This insight was changed by someone else. Reload to see the latest.',
      undefined,
      'VERSION_CONFLICT',
    );
  if (!INSIGHT_TRANSITIONS[item.status].includes(body.status)) {
    throw conflict(
      `An insight that is ${item.status} cannot be moved to ${body.status}`,
      undefined,
      'INVALID_TRANSITION',
    );
  }
  if (body.actualImpact !== undefined && body.status !== 'done')
    throw validationFailed({ actualImpact: 'The actual impact is recorded when the insight is done' });
  const at = new Date().toISOString();
  const actualImpactMinor = body.actualImpact === undefined ? null : toMinor(body.actualImpact);
  const note = body.note?.trim() || null;
  const changes: Record<string, unknown> = { status: body.status };
  if (body.status === 'done') changes.actualImpactMinor = actualImpactMinor;
  const extra = [];
  if (item.rule === 'inactive_customers' && body.status === 'planned' && !item.campaignId) {
    // The win-back audience: the insight's customers as they were when it was planned.
    const campaignId = ulid();
    changes.campaignId = campaignId;
    extra.push(
      tx.putNew({
        ...campaignKey(actor.tenantId, campaignId),
        entityType: 'MKT_CAMPAIGN',
        id: campaignId,
        name: `Win-back ${at.slice(0, 10)}`,
        status: 'draft',
        channel: null,
        audience: item.evidence.map((e) => ({ customerId: e.href.split('/').pop(), name: e.label })),
        fromInsightId: item.id,
        createdBy: actor.username ?? actor.userId,
        createdAt: at,
      }),
    );
  }
  const next = { ...item, ...changes } as InsightItem;
  const idx = openIndex(actor.tenantId, next);
  const history = statusItem(
    actor.tenantId,
    item,
    item.status,
    body.status,
    actor.username ?? actor.userId ?? 'unknown',
    at,
    note,
    actualImpactMinor,
  );
  try {
    await transact([
      tx.raw('Update', {
        Key: insightKey(actor.tenantId, id),
        ConditionExpression: '#v = :v',
        UpdateExpression: `SET ${Object.keys(changes)
          .map((k, i) => `#k${i} = :c${i}`)
          .join(', ')}, #u = :at, #v = :v1${idx.gsi2pk ? ', gsi2pk = :g2p, gsi2sk = :g2s' : ' REMOVE gsi2pk, gsi2sk'}`,
        ExpressionAttributeNames: {
          '#v': 'version',
          '#u': 'updatedAt',
          ...Object.fromEntries(Object.keys(changes).map((k, i) => [`#k${i}`, k])),
        },
        ExpressionAttributeValues: {
          ':v': item.version,
          ':v1': item.version + 1,
          ':at': at,
          ...Object.fromEntries(Object.values(changes).map((v, i) => [`:c${i}`, v])),
          ...(idx.gsi2pk ? { ':g2p': idx.gsi2pk, ':g2s': idx.gsi2sk } : {}),
        },
      }),
      tx.putNew(history),
      tx.putNew(
        auditItem(actor, `insight.${body.status}`, 'ai_insight', id, {
          before: { status: item.status },
          after: { status: body.status },
          note: note ?? undefined,
        }),
      ),
      ...extra,
    ]);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(
        'This insight was changed by someone else. Reload to see the latest.',
        undefined,
        'VERSION_CONFLICT',
      );
    throw err;
  }
  return {
    ...insightToApi({ ...next, updatedAt: at, version: item.version + 1 }),
    history: await historyOf(actor.tenantId, id),
  };
}

/** The company's log of status changes, newest first. */
export async function listInsightHistory(tenantId: string, q: { limit?: number; cursor?: string }) {
  const page = await queryPage<StatusItem>({
    tenantId,
    pk: statusLogPk(tenantId),
    forward: false,
    limit: q.limit ?? 50,
    cursor: q.cursor,
  });
  return { items: page.items.map(statusToApi), nextCursor: page.nextCursor };
}

export async function listAiJobs(tenantId: string, q: { limit?: number; cursor?: string }) {
  const page = await queryPage<AiJobItem>({
    tenantId,
    pk: jobPk(tenantId),
    forward: false,
    limit: q.limit ?? 50,
    cursor: q.cursor,
  });
  return { items: page.items.map(aiJobToApi), nextCursor: page.nextCursor };
}

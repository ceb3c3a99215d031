/**
 * One run of the insights engine (issue 15): load the company's snapshot (load.ts), run the rules
 * (rules.ts), write what they found, record the run as an ai_job.
 *
 * Idempotent: each finding has a key (rule, subject, month) claimed with its insight in one
 * transaction, so a re-run — or two at once — updates the same insight instead of adding one; an
 * insight someone closed (done, dismissed) keeps its status and is not raised again that month.
 * Open insights the run no longer finds become `current: false` (kept for their history, off the
 * suggestions). Every step that fails is a recorded failure; the others still run.
 */
import { ulid } from 'ulid';
import { INSIGHT_RULE_IDS, type AiJob } from '../../shared/schemas/insights';
import { batchGet, putItem, queryAll, transact, tx } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import { rootLogger } from '../lib/logger';
import { loadSnapshot } from './load';
import { englishText } from './text';
import { runRules, type InsightDraft } from './rules';
import {
  aiJobItem,
  draftFields,
  insightKey,
  insightPk,
  newInsightItem,
  openIndex,
  ruleKey,
  type InsightItem,
} from './model';

/** Equal as data: DynamoDB gives maps back with their keys in any order. */
const canon = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canon)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canon(x)]),
        )
      : v;
const same = (a: unknown, b: unknown) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

export async function runInsights(
  tenantId: string,
  opts: { trigger: AiJob['trigger']; by: string; now?: Date },
): Promise<AiJob> {
  const started = Date.now();
  const startedAt = new Date().toISOString();
  const failures: AiJob['failures'] = [];
  const counts = { rules: 0, found: 0, created: 0, updated: 0, expired: 0 };
  try {
    const { snapshot, failures: loadFailures } = await loadSnapshot(tenantId, opts.now ?? new Date());
    failures.push(...loadFailures);
    const { drafts, failures: ruleFailures } = runRules(snapshot);
    failures.push(...ruleFailures);
    counts.rules = INSIGHT_RULE_IDS.length - ruleFailures.length;
    counts.found = drafts.length;
    await write(tenantId, drafts, snapshot.currency, counts, failures);
  } catch (err) {
    failures.push({ step: 'run', message: (err as Error).message.slice(0, 200) });
    rootLogger.warn('insights run failed', { tenantId, error: (err as Error).name });
  }
  const job: AiJob = {
    id: ulid(),
    kind: 'insights',
    trigger: opts.trigger,
    by: opts.by,
    startedAt,
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    status: failures.length === 0 ? 'succeeded' : counts.found > 0 || counts.rules > 0 ? 'partial' : 'failed',
    counts,
    failures: failures.slice(0, 20),
  };
  await putItem(aiJobItem(tenantId, job));
  return job;
}

async function write(
  tenantId: string,
  drafts: InsightDraft[],
  currency: string,
  counts: AiJob['counts'],
  failures: AiJob['failures'],
) {
  const now = new Date().toISOString();
  const claimed = drafts.length
    ? await batchGet(
        drafts.map((d) => ruleKey(tenantId, d.key)),
        true,
      )
    : [];
  const existing = (await batchGet(
    claimed.filter(Boolean).map((k) => insightKey(tenantId, String(k!.insightId))),
    true,
  )) as (InsightItem | undefined)[];
  const byId = new Map(existing.filter(Boolean).map((i) => [i!.id, i!]));
  for (const [j, d] of drafts.entries()) {
    const text = englishText(d, currency);
    try {
      const prior = claimed[j] ? byId.get(String(claimed[j]!.insightId)) : undefined;
      if (!prior) {
        const item = newInsightItem(tenantId, d, text, currency, now);
        try {
          await transact([
            tx.putNew({
              ...ruleKey(tenantId, d.key),
              entityType: 'AI_INSIGHT_KEY',
              insightId: item.id,
              createdAt: now,
            }),
            tx.putNew(item),
          ]);
          counts.created++;
        } catch (err) {
          if (!isConditionFailure(err)) throw err; // another run claimed it a moment ago
        }
        continue;
      }
      if (prior.status === 'done' || prior.status === 'dismissed') continue;
      const fields = draftFields(d, text);
      const changed =
        !prior.current ||
        (['params', 'figures', 'evidence', 'impactMinor', 'confidence', 'priority', 'title'] as const).some(
          (k) => !same(prior[k], fields[k]),
        );
      if (!changed) continue;
      const next = { ...prior, ...fields };
      await transact([
        tx.update(insightKey(tenantId, prior.id), prior.version, { ...fields, ...openIndex(tenantId, next) }, now),
      ]);
      counts.updated++;
    } catch (err) {
      failures.push({ step: `write:${d.rule}`, message: (err as Error).message.slice(0, 200) });
    }
  }
  // Open insights this run did not find any more: no longer current (off the suggestions).
  const found = new Set(drafts.map((d) => d.key));
  const current = await queryAll<InsightItem>({
    tenantId,
    pk: insightPk(tenantId),
    max: 2000,
    consistent: true,
    filter: { expression: '#c = :t', names: { '#c': 'current' }, values: { ':t': true } },
  });
  for (const i of current) {
    if (found.has(i.ruleKey)) continue;
    try {
      await transact([
        tx.raw('Update', {
          Key: insightKey(tenantId, i.id),
          ConditionExpression: '#v = :v',
          UpdateExpression: 'SET #c = :f, #u = :now, #v = :v1 REMOVE gsi2pk, gsi2sk',
          ExpressionAttributeNames: { '#c': 'current', '#u': 'updatedAt', '#v': 'version' },
          ExpressionAttributeValues: { ':f': false, ':now': now, ':v': i.version, ':v1': i.version + 1 },
        }),
      ]);
      counts.expired++;
    } catch (err) {
      if (!isConditionFailure(err))
        failures.push({ step: `expire:${i.rule}`, message: (err as Error).message.slice(0, 200) });
    }
  }
}

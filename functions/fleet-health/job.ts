import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { keys } from '../lib/data/keys';
import { putItem } from '../lib/data/repo';
import { rootLogger } from '../lib/logger';
import { recomputeIfDue } from './compute';
import { FLEET_HEALTH_INDEX_PK } from './model';

/**
 * The daily `fleet-health` job (DESIGN.md §15): pages through the sparse index G#FLEET_HEALTH
 * (one item per company whose fleet health was computed once) and recomputes each company not
 * yet done on its own calendar day. Idempotent: a company done today is skipped, and the
 * computation itself writes the same values and claims alert keys, so two runs at once do
 * nothing twice. `onlyTenants` limits a run (an operator, or a test).
 */
export async function runFleetHealth(now = new Date(), onlyTenants?: string[]) {
  const startedAt = new Date().toISOString();
  const result = { companies: 0, computed: 0, skipped: 0, errors: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({
      TableName: config().tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': FLEET_HEALTH_INDEX_PK }, Limit: 200, ExclusiveStartKey: startKey,
    }));
    startKey = res.LastEvaluatedKey;
    for (const it of res.Items ?? []) {
      const tenantId = String(it.gsi2sk);
      if (onlyTenants && !onlyTenants.includes(tenantId)) continue;
      result.companies++;
      try {
        if (await recomputeIfDue(tenantId, now)) result.computed++;
        else result.skipped++;
      } catch (err) {
        result.errors++;
        rootLogger.warn('fleet-health job: a company failed; the next run retries it', { tenantId, error: (err as Error).name });
      }
    }
  } while (startKey);
  await putItem({ ...keys.global.jobRun('fleet-health', startedAt), entityType: 'JOB_RUN', job: 'fleet-health', ...result, startedAt, finishedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + 90 * 86_400 });
  return result;
}

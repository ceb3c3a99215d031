import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { keys } from '../lib/data/keys';
import { putItem } from '../lib/data/repo';
import { rootLogger } from '../lib/logger';
import { recomputeIfDue } from './compute';
import { FLEET_HEALTH_INDEX_PK } from './model';
import { tenantsWithRentalsDue } from './deps';

/**
 * The daily `fleet-health` job (DESIGN.md §15): the companies on the sparse index G#FLEET_HEALTH
 * (one item per company whose fleet health was stored once) and those with rentals due (the
 * active-rental index: a company renting cars gets its first stored computation here), each
 * recomputed once on its own calendar day. Idempotent: a company done today is skipped, and the
 * computation itself writes the same values and claims alert keys, so two runs at once do
 * nothing twice. `onlyTenants` limits a run (an operator, or a test).
 */
export async function runFleetHealth(now = new Date(), onlyTenants?: string[]) {
  const startedAt = new Date().toISOString();
  const result = { companies: 0, computed: 0, skipped: 0, errors: 0 };
  const tenants = new Set(await tenantsWithRentalsDue(new Date(now.getTime() + 2 * 86_400_000)));
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({
      TableName: config().tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': FLEET_HEALTH_INDEX_PK }, Limit: 200, ExclusiveStartKey: startKey,
    }));
    startKey = res.LastEvaluatedKey;
    for (const it of res.Items ?? []) tenants.add(String(it.gsi2sk));
  } while (startKey);
  for (const tenantId of tenants) {
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
  await putItem({ ...keys.global.jobRun('fleet-health', startedAt), entityType: 'JOB_RUN', job: 'fleet-health', ...result, startedAt, finishedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + 90 * 86_400 });
  return result;
}

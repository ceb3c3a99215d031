import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamo';
import { config } from '../config';
import { sortKey } from './keys';
import { record } from './meter';
import type { Item } from './repo';

/**
 * The cross-tenant "due" indexes on gsi2 (DESIGN.md §15: jobs find the companies with work by one
 * Query, never a Scan): items under `gsi2pk`, sorted `{day}#{tenantId}…`, whose day is before
 * `today` (UTC day, inclusive). Each job applies the company's own calendar afterwards.
 */
export async function dueIndexItems(gsi2pk: string, now: Date, pageSize = 500): Promise<Item[]> {
  const today = now.toISOString().slice(0, 10);
  const out: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({
      TableName: config().tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :to',
      ExpressionAttributeValues: { ':pk': gsi2pk, ':to': sortKey(today, '~') }, Limit: pageSize, ExclusiveStartKey: startKey, ReturnConsumedCapacity: 'TOTAL',
    }));
    record(res.ConsumedCapacity, 'read');
    startKey = res.LastEvaluatedKey;
    out.push(...((res.Items ?? []) as Item[]));
  } while (startKey);
  return out;
}

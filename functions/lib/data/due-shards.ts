import { isConditionFailure } from '../errors';
import { type DueIndex, dueKeyPage, dueShardPk } from './due-index';
import { tenantOfKey } from './keys';
import { updateRaw } from './repo';

/**
 * The `due-shards` migration's work (functions/jobs/due-shards.ts, issue 30): the items still under an
 * index's unsharded key (`G#INVOICING_DUE`, written before the shards) move to their shard
 * (`G#INVOICING_DUE#S07`, lib/data/due-index.ts). No Scan: the old key is one Query, read in pages.
 * Each item is one UpdateItem `SET gsi2pk = :shard` on the condition `gsi2pk = :old`, so
 *  - it is idempotent: a moved item has left the old key, a second run finds nothing (or, if the index
 *    has not caught up yet, fails the condition and counts it `skipped`);
 *  - it never undoes a job's change made since the read: an item that left the index (a reminder sent,
 *    a rental returned) or was deleted fails the condition (an Update without it would recreate a stub).
 * Items are moved `concurrency` at a time per page. A run cut short (the Lambda's 15 minutes) is run again:
 * it carries on with what is left under the old key.
 */
export interface ShardMoveResult {
  found: number;
  moved: number;
  skipped: number;
  errors: number;
  errorSamples: string[];
}

export async function moveToShards(
  index: DueIndex,
  opts: { includes?: (tenantId: string) => boolean; pageSize?: number; concurrency?: number } = {},
): Promise<ShardMoveResult> {
  const result: ShardMoveResult = { found: 0, moved: 0, skipped: 0, errors: 0, errorSamples: [] };
  const concurrency = opts.concurrency ?? 8;
  const move = async (item: Record<string, unknown>) => {
    const key = { pk: String(item.pk), sk: String(item.sk) };
    const tenantId = tenantOfKey(key.pk);
    if (opts.includes && !(tenantId && opts.includes(tenantId))) return;
    result.found++;
    try {
      await updateRaw({
        Key: key,
        UpdateExpression: 'SET gsi2pk = :shard',
        ConditionExpression: 'gsi2pk = :old',
        ExpressionAttributeValues: { ':shard': dueShardPk(index, key), ':old': index },
      });
      result.moved++;
    } catch (err) {
      if (isConditionFailure(err)) result.skipped++;
      else {
        result.errors++;
        if (result.errorSamples.length < 5) result.errorSamples.push(`${index} ${key.pk}: ${(err as Error).name}`);
      }
    }
  };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dueKeyPage(index, undefined, opts.pageSize ?? 100, startKey);
    for (let i = 0; i < page.items.length; i += concurrency)
      await Promise.all(page.items.slice(i, i + concurrency).map(move));
    startKey = page.next;
  } while (startKey);
  return result;
}

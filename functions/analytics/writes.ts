import type { TransactItem } from '../lib/data/repo';
import { tx } from '../lib/data/repo';
import { DAY_FIELDS, groupDeltas, type Delta } from './contribution';
import { dayShardKey, shardOfSource, vmKey } from './model';

/**
 * The ADD updates of a set of deltas, one per item (a transaction may not write an item twice).
 * `sourceId` (the rental's or record's id) picks the company-day shard.
 */
export function deltaItems(tenantId: string, sourceId: string, deltas: readonly Delta[]): TransactItem[] {
  const shard = shardOfSource(sourceId);
  const items: TransactItem[] = [];
  for (const { sample, fields } of groupDeltas(deltas, shard).values()) {
    const key =
      sample.kind === 'day'
        ? dayShardKey(tenantId, sample.day, shard)
        : vmKey(tenantId, sample.month, sample.vehicleId);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':et': sample.kind === 'day' ? 'AN_DAY' : 'AN_VM' };
    const adds: string[] = [];
    let i = 0;
    for (const [field, n] of fields) {
      names[`#f${i}`] = field;
      values[`:v${i}`] = n;
      adds.push(`#f${i} :v${i}`);
      i += 1;
    }
    let set =
      sample.kind === 'day'
        ? 'SET entityType = :et, #day = :day'
        : 'SET entityType = :et, #month = :month, #vehicleId = :vehicleId';
    // A day item always holds every field (0 when nothing happened), so its size — and what a
    // report reading it costs — is the same for a quiet company and a busy one.
    if (sample.kind === 'day') {
      const zeros = DAY_FIELDS.filter((f) => !fields.has(f));
      zeros.forEach((f, k) => {
        names[`#z${k}`] = f;
        set += `, #z${k} = if_not_exists(#z${k}, :zero)`;
      });
      if (zeros.length) values[':zero'] = 0;
    }
    if (sample.kind === 'day') {
      names['#day'] = 'day';
      values[':day'] = sample.day;
    } else {
      names['#month'] = 'month';
      values[':month'] = sample.month;
      names['#vehicleId'] = 'vehicleId';
      values[':vehicleId'] = sample.vehicleId;
    }
    items.push(
      tx.raw('Update', {
        Key: key,
        UpdateExpression: `${set} ADD ${adds.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
  return items;
}

import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoFor } from '../clients/dynamo';
import { config } from '../config';
import type { Key } from './keys';
import type { Item } from './repo';

/**
 * Unconditional batch writes for whole partitions written or cleared at once (the demo seeds, the
 * analytics backfill replacing a company's aggregates): nothing to guard, no transaction needed.
 * Request paths never use them (DESIGN.md §4: a write that must agree is one transaction).
 */
/** Writes (puts and deletes) in BatchWriteItem calls of at most 25, retrying unprocessed items. */
async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  const table = config().tableName;
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= 8) throw new Error('BatchWrite kept leaving items unprocessed');
      const pks = pending.map((r) =>
        String(((r.PutRequest as { Item?: Item })?.Item ?? (r.DeleteRequest as { Key?: Key })?.Key)?.pk),
      );
      const res = await dynamoFor(pks).send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = (res.UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
      if (pending.length) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }
}

/**
 * Puts items in BatchWriteItem calls of 25. `streams` > 1 sends that many batches at a time —
 * only for lists whose keys are all different (with a key put twice, the later put must land
 * last, which parallel streams do not promise).
 */
export async function writeBatch(items: Item[], streams = 1): Promise<void> {
  const requests = items.map((Item) => ({ PutRequest: { Item } }));
  if (streams <= 1) return batchWrite(requests);
  await Promise.all(
    Array.from({ length: streams }, (_, k) =>
      batchWrite(requests.filter((_, i) => Math.floor(i / 25) % streams === k)),
    ),
  );
}

export async function deleteBatch(keys: Key[], streams = 1): Promise<void> {
  const requests = keys.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } }));
  await Promise.all(
    Array.from({ length: Math.max(1, streams) }, (_, k) =>
      batchWrite(requests.filter((_, i) => Math.floor(i / 25) % Math.max(1, streams) === k)),
    ),
  );
}

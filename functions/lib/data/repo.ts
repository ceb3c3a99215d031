import {
  GetCommand,
  BatchGetCommand,
  PutCommand,
  UpdateCommand,
  QueryCommand,
  TransactWriteCommand,
  DeleteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamoFor } from '../clients/dynamo';
import { config } from '../config';
import type { Key } from './keys';
import { tenantOfKey } from './keys';
import { decodeCursor, encodeCursor, querySignature } from './cursor';
import { record } from './meter';

/**
 * Thin typed access to the single table. Every call asks for consumed capacity so the bench can
 * check per-request cost. Items carry `version`, `createdAt`, `updatedAt`; key and index
 * attributes are stripped before an item leaves the data layer (`toEntity`).
 */
export type Item = Record<string, unknown> & { pk: string; sk: string };
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => config().tableName;
const RC = 'TOTAL' as const;

const INTERNAL = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'ttl', 'entityType']);

export function toEntity<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!INTERNAL.has(k)) out[k] = v;
  return out as T;
}

export async function getItem(key: Key, consistent = true): Promise<Item | undefined> {
  const res = await dynamoFor([key.pk]).send(
    new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent, ReturnConsumedCapacity: RC }),
  );
  record(res.ConsumedCapacity, 'read');
  const item = res.Item as Item | undefined;
  if (item && typeof item.ttl === 'number' && item.ttl * 1000 < Date.now()) return undefined; // TTL deletion is lazy
  return item;
}

/** Up to 100 keys in one round trip (unprocessed keys are retried). Order of the answer follows `keys`. */
export async function batchGet(keys: Key[], consistent = true): Promise<(Item | undefined)[]> {
  if (keys.length === 0) return [];
  const found = new Map<string, Item>();
  let pending: Key[] = dedupe(keys);
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    const res = await dynamoFor(pending.map((k) => k.pk)).send(
      new BatchGetCommand({
        RequestItems: { [table()]: { Keys: pending, ConsistentRead: consistent } },
        ReturnConsumedCapacity: RC,
      }),
    );
    record(res.ConsumedCapacity, 'read');
    for (const it of (res.Responses?.[table()] ?? []) as Item[]) found.set(`${it.pk}|${it.sk}`, it);
    pending = (res.UnprocessedKeys?.[table()]?.Keys ?? []) as Key[];
    if (pending.length) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
  return keys.map((k) => found.get(`${k.pk}|${k.sk}`));
}

function dedupe(keys: Key[]): Key[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(`${k.pk}|${k.sk}`) ? false : (seen.add(`${k.pk}|${k.sk}`), true)));
}

/** Creates an item that must not exist yet (409 via ConditionalCheckFailed otherwise). */
export async function putNew(item: Item): Promise<void> {
  const res = await dynamoFor([item.pk]).send(
    new PutCommand({
      TableName: table(),
      Item: item,
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnConsumedCapacity: RC,
    }),
  );
  record(res.ConsumedCapacity, 'write');
}

export async function putItem(item: Item): Promise<void> {
  const res = await dynamoFor([item.pk]).send(
    new PutCommand({ TableName: table(), Item: item, ReturnConsumedCapacity: RC }),
  );
  record(res.ConsumedCapacity, 'write');
}

export async function deleteItem(key: Key): Promise<void> {
  const res = await dynamoFor([key.pk]).send(
    new DeleteCommand({ TableName: table(), Key: key, ReturnConsumedCapacity: RC }),
  );
  record(res.ConsumedCapacity, 'write');
}

/**
 * Builds `SET a = :a, ... , version = version + 1, updatedAt = :now` with a condition on the
 * expected version (optimistic concurrency). `undefined` values REMOVE the attribute.
 */
export function versionedUpdate(
  key: Key,
  expectedVersion: number,
  changes: Record<string, unknown>,
  now = new Date().toISOString(),
) {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1, ':now': now };
  const sets: string[] = ['#version = #version + :one', '#updatedAt = :now'];
  const removes: string[] = [];
  let i = 0;
  for (const [field, value] of Object.entries(changes)) {
    if (INTERNAL.has(field) && !field.startsWith('gsi')) continue;
    if (field === 'version' || field === 'updatedAt' || field === 'createdAt') continue;
    const n = `#f${i}`;
    names[n] = field;
    if (value === undefined) removes.push(n);
    else {
      values[`:v${i}`] = value;
      sets.push(`${n} = :v${i}`);
    }
    i++;
  }
  return {
    TableName: table(),
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Applies a versioned update and returns the new item. 409 if someone changed it since `expectedVersion`. */
export async function updateVersioned(
  key: Key,
  expectedVersion: number,
  changes: Record<string, unknown>,
): Promise<Item> {
  const res = await dynamoFor([key.pk]).send(
    new UpdateCommand({
      ...versionedUpdate(key, expectedVersion, changes),
      ReturnValues: 'ALL_NEW',
      ReturnConsumedCapacity: RC,
    }),
  );
  record(res.ConsumedCapacity, 'write');
  return res.Attributes as Item;
}

/** Raw update for counters and other atomic operations. */
export async function updateRaw(
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>,
): Promise<Item | undefined> {
  const res = await dynamoFor([pkOfKey(input.Key)]).send(
    new UpdateCommand({ ...input, TableName: table(), ReturnConsumedCapacity: RC }),
  );
  record(res.ConsumedCapacity, 'write');
  return res.Attributes as Item | undefined;
}

const pkOfKey = (key: unknown): string => String((key as Partial<Key> | undefined)?.pk ?? '');

/** The partition key of one transaction item (its Put's item, or the Key of an Update/Delete/ConditionCheck). */
function transactPk(it: TransactItem): string {
  const [op, body] = Object.entries(it)[0] as [string, { Item?: Item; Key?: Key }];
  return pkOfKey(op === 'Put' ? body.Item : body.Key);
}

/** One all-or-nothing write of up to 100 items. */
export async function transact(items: TransactItem[], clientRequestToken?: string): Promise<void> {
  const withTable = items.map((it) => {
    const out: Record<string, unknown> = {};
    for (const [op, body] of Object.entries(it)) out[op] = { TableName: table(), ...(body as object) };
    return out as TransactItem;
  });
  const res = await dynamoFor(withTable.map(transactPk)).send(
    new TransactWriteCommand({
      TransactItems: withTable,
      ClientRequestToken: clientRequestToken,
      ReturnConsumedCapacity: RC,
    }),
  );
  record(res.ConsumedCapacity, 'write');
}

export const tx = {
  putNew: (item: Item): TransactItem => ({
    Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } as never,
  }),
  put: (item: Item): TransactItem => ({ Put: { Item: item } as never }),
  update: (key: Key, expectedVersion: number, changes: Record<string, unknown>, now?: string): TransactItem => {
    const { TableName: _t, ...rest } = versionedUpdate(key, expectedVersion, changes, now);
    return { Update: rest as never };
  },
  raw: (op: 'Update' | 'ConditionCheck' | 'Delete' | 'Put', body: Record<string, unknown>): TransactItem =>
    ({ [op]: body }) as TransactItem,
  condition: (
    key: Key,
    expression: string,
    names?: Record<string, string>,
    values?: Record<string, unknown>,
  ): TransactItem => ({
    ConditionCheck: {
      Key: key,
      ConditionExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    } as never,
  }),
  delete: (key: Key, condition?: string): TransactItem => ({
    Delete: { Key: key, ConditionExpression: condition } as never,
  }),
};

export interface PageQuery {
  tenantId: string;
  pk: string;
  index?: 'gsi1' | 'gsi2';
  /** begins_with on the sort key */
  skPrefix?: string;
  /** sort key between (inclusive) */
  skBetween?: [string, string];
  skFrom?: string;
  skTo?: string;
  limit: number;
  cursor?: string | null;
  forward?: boolean;
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** Parts of the request that shape the result (filters, sort); binds the cursor to this query. */
  signature?: unknown;
  consistent?: boolean;
  /** A global (G#) partition, read by the auth domain only (tenant directory); the cursor stays bound to `tenantId`. */
  global?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One Query page (DESIGN.md §4: a list endpoint is one Query page plus at most a batch get).
 * With a filter, DynamoDB may return fewer than `limit` items and still a cursor; callers pass
 * the cursor on. The partition must belong to the caller's tenant.
 */
export async function queryPage<T = Item>(q: PageQuery): Promise<Page<T>> {
  if (q.global ? !q.pk.startsWith('G#') : tenantOfKey(q.pk) !== q.tenantId)
    throw new Error('Query partition does not belong to the tenant');
  const sig = querySignature([q.pk, q.index, q.skPrefix, q.skBetween, q.skFrom, q.skTo, q.forward, q.signature]);
  const start = decodeCursor(q.cursor, q.tenantId, sig);
  const pkName = q.index ? `${q.index}pk` : 'pk';
  const skName = q.index ? `${q.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName, ...(q.filter?.names ?? {}) };
  const values: Record<string, unknown> = { ':pk': q.pk, ...(q.filter?.values ?? {}) };
  let cond = '#pk = :pk';
  if (q.skPrefix !== undefined) {
    names['#sk'] = skName;
    values[':skp'] = q.skPrefix;
    cond += ' AND begins_with(#sk, :skp)';
  } else if (q.skBetween) {
    names['#sk'] = skName;
    values[':ska'] = q.skBetween[0];
    values[':skb'] = q.skBetween[1];
    cond += ' AND #sk BETWEEN :ska AND :skb';
  } else if (q.skFrom !== undefined) {
    names['#sk'] = skName;
    values[':ska'] = q.skFrom;
    cond += ' AND #sk >= :ska';
  } else if (q.skTo !== undefined) {
    names['#sk'] = skName;
    values[':skb'] = q.skTo;
    cond += ' AND #sk <= :skb';
  }
  const res = await dynamoFor([q.pk]).send(
    new QueryCommand({
      TableName: table(),
      IndexName: q.index,
      KeyConditionExpression: cond,
      FilterExpression: q.filter?.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      Limit: q.limit,
      ExclusiveStartKey: start,
      ScanIndexForward: q.forward ?? true,
      ConsistentRead: q.index ? false : (q.consistent ?? false),
      ReturnConsumedCapacity: RC,
    }),
  );
  record(res.ConsumedCapacity, 'read');
  return {
    items: (res.Items ?? []) as T[],
    nextCursor: encodeCursor(q.tenantId, sig, res.LastEvaluatedKey),
  };
}

/** Reads a whole (small, bounded) partition range, following pages. For bounded sets only. */
export async function queryAll<T = Item>(q: Omit<PageQuery, 'limit' | 'cursor'> & { max?: number }): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  const max = q.max ?? 5000;
  do {
    const page: Page<T> = await queryPage<T>({ ...q, limit: Math.min(500, max - out.length), cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && out.length < max);
  return out;
}

/** How many items one partition holds (Select COUNT, following pages): for small per-tenant figures. */
export async function countItems(pk: string, filter?: PageQuery['filter']): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await dynamoFor([pk]).send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: '#pk = :pk',
        Select: 'COUNT',
        ExclusiveStartKey: start,
        FilterExpression: filter?.expression,
        ExpressionAttributeNames: { '#pk': 'pk', ...(filter?.names ?? {}) },
        ExpressionAttributeValues: { ':pk': pk, ...(filter?.values ?? {}) },
        ReturnConsumedCapacity: RC,
      }),
    );
    record(res.ConsumedCapacity, 'read');
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

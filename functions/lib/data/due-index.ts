import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamo';
import { config } from '../config';
import { sortKey } from './keys';
import { record } from './meter';
import type { Item } from './repo';

/**
 * The cross-tenant "due" indexes on gsi2 (DESIGN.md §15, §17: jobs find their work by one key range
 * of a sparse index, never a Scan). Every cross-tenant job query goes through this file: an index
 * `gsi2pk` (`G#…`) holds items only while there is work, sorted by when it is due.
 *
 * `range`: `before` (gsi2sk < before, exclusive) or `through` (gsi2sk <= through, inclusive);
 * neither reads the whole index (an index of companies or vehicles with work, like G#FLEET_HEALTH).
 * Pages are read lazily, so a job may change the index items it has been given (a marked rental
 * leaves the active-rental index) while it reads on.
 *
 * SHARDS (issue 30): an index is not one gsi2pk but DUE_SHARDS keys `{index}#S00`…`{index}#S15`, so no
 * key takes every company's writes (a DynamoDB partition — and a GSI key's — takes about 1,000 writes/s;
 * a throttled GSI throttles the table writes that feed it). Every writer puts `dueShardPk(index, key)`;
 * the readers below query every shard IN PARALLEL and merge. Order: each shard's items come sorted by
 * gsi2sk, but pages of different shards interleave — `dueIndexPages` gives NO global order (a caller
 * must never stop at the first item past a bound, nor assume one company's items are together);
 * `dueIndexAll`/`dueIndexItems` sort what they gathered by gsi2sk, so they keep the global order.
 */
export interface DueRange {
  before?: string;
  through?: string;
}

/** Every cross-tenant due index (each domain keeps its constant beside its writer; a test checks they agree). */
export const DUE_INDEXES = [
  'G#ACTIVE_RENTALS',
  'G#INVOICING_DUE',
  'G#INVOICE_DUE',
  'G#DEPOSIT_RELEASE',
  'G#REVENUE_DUE',
  'G#FLEET_HEALTH',
  'G#SERVICE_PROGRAMS',
  'G#TICKET_WORK',
  'G#DOC_REMINDERS',
  'G#DOC_REMINDERS_PENDING',
  'G#EDOC_DUE',
] as const;
export type DueIndex = (typeof DUE_INDEXES)[number];

/**
 * The fixed number of shards of every due index. 16: the busiest index then takes ~16,000 writes/s before
 * any one key is hot — far past a job's need — while a read costs 16 Queries (an empty one 0.5 RCU: 8 RCU
 * per index read, and jobs read an index at most every 5 minutes). Fixed, because the shard is
 * `hash mod DUE_SHARDS` of the item's own key: changing it means moving every item (like the `due-shards`
 * migration, functions/jobs/due-shards.ts, did from the unsharded key).
 */
export const DUE_SHARDS = 16;

/**
 * What picks the shard: a hash of the ITEM's base-table key (pk and sk), not of the company. A company's
 * items then spread over every shard, so one huge company is never a hot shard (a hash of the company alone
 * would put all of its rentals on one key); a one-item-per-company index (G#FLEET_HEALTH, G#TICKET_WORK)
 * spreads by company all the same, since its pk holds the company. The item's key never changes while it
 * is on an index (its gsi2sk moves, its pk/sk do not), so rewriting gsi2sk keeps it in its shard, and the
 * migration can compute the shard of a stored item from the item alone.
 */
export function dueShard(key: { pk: string; sk: string }): number {
  return hash32(`${key.pk}\n${key.sk}`) % DUE_SHARDS;
}

/** The gsi2pk a writer puts on a due item: `{index}#S{nn}` (e.g. `G#INVOICING_DUE#S07`). */
export function dueShardPk(index: DueIndex, key: { pk: string; sk: string }): string {
  return shardKey(index, dueShard(key));
}

const shardKey = (index: string, shard: number) => `${index}#S${String(shard).padStart(2, '0')}`;

/** Every key an index is read from: its shards, and the unsharded key of before (see LEGACY_UNSHARDED_READ). */
export function dueIndexKeys(index: DueIndex): string[] {
  const shards = Array.from({ length: DUE_SHARDS }, (_, i) => shardKey(index, i));
  return LEGACY_UNSHARDED_READ ? [...shards, index] : shards;
}

/**
 * The readers also query the unsharded key items were written under before issue 30, until the `due-shards`
 * migration has run in every stage: a deploy then loses no due work between the new writers and the migration
 * (one more Query per read, 0.5 RCU when empty). An item has one gsi2pk at a time, so it is never read twice
 * by one Query set — except while the migration moves it during a run (it may then be met twice, which the
 * jobs' idempotency markers absorb, or be left to the next run). Set to false once the migration has run.
 */
export const LEGACY_UNSHARDED_READ = true;

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser (FNV's low bits alone spread ULIDs poorly). */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function assertDueIndex(gsi2pk: string): asserts gsi2pk is DueIndex {
  if (!(DUE_INDEXES as readonly string[]).includes(gsi2pk)) throw new Error(`Not a due index: ${gsi2pk}`);
}

type Bound = { op: '<' | '<='; value: string } | undefined;

const boundOf = (range: DueRange): Bound =>
  range.before !== undefined
    ? { op: '<', value: range.before }
    : range.through !== undefined
      ? { op: '<=', value: range.through }
      : undefined;

/** One page of one gsi2 key (the only gsi2 Query of the due indexes; the migration reads the old key with it). */
export async function dueKeyPage(
  gsi2pk: string,
  bound: Bound,
  pageSize: number,
  startKey?: Record<string, unknown>,
): Promise<{ items: Item[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: bound ? `gsi2pk = :pk AND gsi2sk ${bound.op} :b` : 'gsi2pk = :pk',
      ExpressionAttributeValues: bound ? { ':pk': gsi2pk, ':b': bound.value } : { ':pk': gsi2pk },
      Limit: pageSize,
      ExclusiveStartKey: startKey,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  record(res.ConsumedCapacity, 'read');
  return { items: (res.Items ?? []) as Item[], next: res.LastEvaluatedKey };
}

/**
 * The pages of an index's range: every shard queried at once, each shard's next page asked for only once
 * the caller has taken its previous one (lazy per shard: at most one page per shard in hand). Pages come
 * as they arrive; empty pages are left out. Per shard sorted by gsi2sk; NO global order (see above).
 */
export async function* dueIndexPages(gsi2pk: string, range: DueRange = {}, pageSize = 100): AsyncGenerator<Item[]> {
  assertDueIndex(gsi2pk);
  const bound = boundOf(range);
  const keys = dueIndexKeys(gsi2pk);
  type Arrived = { shard: number; items: Item[]; next?: Record<string, unknown>; error?: unknown };
  // Settled, never rejected: a failed shard is thrown here, and the others left in flight reject nothing.
  const fetch = (shard: number, startKey?: Record<string, unknown>): Promise<Arrived> =>
    dueKeyPage(keys[shard], bound, pageSize, startKey).then(
      (r) => ({ shard, ...r }),
      (error: unknown) => ({ shard, items: [], error }),
    );
  const inFlight = new Map<number, Promise<Arrived>>(keys.map((_, i) => [i, fetch(i)]));
  while (inFlight.size) {
    const got = await Promise.race(inFlight.values());
    inFlight.delete(got.shard);
    if (got.error) throw got.error;
    if (got.items.length) yield got.items;
    if (got.next) inFlight.set(got.shard, fetch(got.shard, got.next));
  }
}

/** DynamoDB's order (code units, not the locale's: `#` and digits must sort as the index sorts them). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byIndexOrder = (a: Item, b: Item) =>
  cmp(String(a.gsi2sk), String(b.gsi2sk)) || cmp(String(a.pk), String(b.pk)) || cmp(String(a.sk), String(b.sk));

/** Every due item of a range, all pages of all shards read, in gsi2sk order across the shards. */
export async function dueIndexAll(gsi2pk: string, range: DueRange = {}, pageSize = 500): Promise<Item[]> {
  const out: Item[] = [];
  for await (const page of dueIndexPages(gsi2pk, range, pageSize)) out.push(...page);
  return out.sort(byIndexOrder);
}

/** The companies with work on an index (each once, in no set order); `tenantOf` reads an item's company. */
export async function dueTenants(
  gsi2pk: string,
  range: DueRange = {},
  tenantOf: (item: Item) => string = (i) => String(i.tenantId),
  pageSize = 200,
): Promise<string[]> {
  const out = new Set<string>();
  for await (const page of dueIndexPages(gsi2pk, range, pageSize)) for (const item of page) out.add(tenantOf(item));
  return [...out];
}

/**
 * Day-keyed indexes (sorted `{day}#{tenantId}…`): the items whose day is `today` (UTC day) or
 * before, in day order. Each job applies the company's own calendar afterwards.
 */
export async function dueIndexItems(gsi2pk: string, now: Date, pageSize = 500): Promise<Item[]> {
  return dueIndexAll(gsi2pk, { before: sortKey(now.toISOString().slice(0, 10), '~') }, pageSize);
}

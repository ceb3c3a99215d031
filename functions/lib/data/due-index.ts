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

export async function* dueIndexPages(gsi2pk: string, range: DueRange = {}, pageSize = 100): AsyncGenerator<Item[]> {
  if (!(DUE_INDEXES as readonly string[]).includes(gsi2pk)) throw new Error(`Not a due index: ${gsi2pk}`);
  const bound =
    range.before !== undefined
      ? { op: '<', value: range.before }
      : range.through !== undefined
        ? { op: '<=', value: range.through }
        : undefined;
  let startKey: Record<string, unknown> | undefined;
  do {
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
    startKey = res.LastEvaluatedKey;
    yield (res.Items ?? []) as Item[];
  } while (startKey);
}

/** Every due item of a range, all pages read. */
export async function dueIndexAll(gsi2pk: string, range: DueRange = {}, pageSize = 500): Promise<Item[]> {
  const out: Item[] = [];
  for await (const page of dueIndexPages(gsi2pk, range, pageSize)) out.push(...page);
  return out;
}

/** The companies with work on an index (each once, in index order); `tenantOf` reads an item's company. */
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
 * before. Each job applies the company's own calendar afterwards.
 */
export async function dueIndexItems(gsi2pk: string, now: Date, pageSize = 500): Promise<Item[]> {
  return dueIndexAll(gsi2pk, { before: sortKey(now.toISOString().slice(0, 10), '~') }, pageSize);
}

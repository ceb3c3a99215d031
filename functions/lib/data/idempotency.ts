import { keys } from './keys';
import { getItem, tx, type TransactItem } from './repo';

/**
 * Idempotency-Key support for money movements (DESIGN.md §5). The record of the first answer is
 * written in the same transaction as the movement; a retry with the same key finds it and gets
 * the first answer back, writing nothing. Records expire after 24 hours.
 */
export interface StoredResponse {
  status: number;
  body: unknown;
}

const TTL_SECONDS = 24 * 3600;

export async function findIdempotent(
  tenantId: string,
  scope: string,
  key: string | undefined,
): Promise<StoredResponse | undefined> {
  if (!key) return undefined;
  const item = await getItem(keys.idempotency(tenantId, scope, key), true);
  return item ? { status: item.status as number, body: JSON.parse(item.body as string) } : undefined;
}

export function idempotencyRecord(
  tenantId: string,
  scope: string,
  key: string,
  response: StoredResponse,
): TransactItem {
  return tx.putNew({
    ...keys.idempotency(tenantId, scope, key),
    entityType: 'IDEMPOTENCY',
    status: response.status,
    body: JSON.stringify(response.body),
    ttl: Math.floor(Date.now() / 1000) + TTL_SECONDS,
  });
}

/**
 * Runs `fn` once per key. `fn` receives a function that turns its answer into the transaction
 * item recording it; it must include that item in its own transaction. If a concurrent retry
 * won the race, the stored answer is returned instead of an error.
 */
export async function runIdempotent(
  tenantId: string,
  scope: string,
  key: string | undefined,
  fn: (record: (response: StoredResponse) => TransactItem[]) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const earlier = await findIdempotent(tenantId, scope, key);
  if (earlier) return earlier;
  const record = (response: StoredResponse) => (key ? [idempotencyRecord(tenantId, scope, key, response)] : []);
  try {
    return await fn(record);
  } catch (err) {
    const again = await findIdempotent(tenantId, scope, key);
    if (again) return again;
    throw err;
  }
}

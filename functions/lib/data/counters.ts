import { getItem, tx, type TransactItem } from './repo';
import { keys } from './keys';

/**
 * Per-tenant reference counters (RENT-1001, CNT-1001, INV-1001, REC-1001...). The number is
 * reserved inside the same transaction as the item that uses it, with a condition on the
 * counter's current value: a transaction that fails gives its number back, so references are
 * unique AND gap-free under concurrency. Callers retry the whole operation on a conflict
 * (see `retryOnConflict`).
 */
export interface Reservation {
  value: number;
  reference: string;
  txItem: TransactItem;
}

export async function reserveReference(tenantId: string, name: string, prefix: string, start = 1001): Promise<Reservation> {
  return reservationFrom(tenantId, name, prefix, start, await getItem(keys.counter(tenantId, name), true));
}

/**
 * The reservation for a counter item the caller already read (consistently), e.g. in one batch
 * get with the other items its transaction checks, to save a round trip per counter.
 */
export function reservationFrom(tenantId: string, name: string, prefix: string, start: number, current: Record<string, unknown> | undefined): Reservation {
  const key = keys.counter(tenantId, name);
  const last = typeof current?.value === 'number' ? current.value : start - 1;
  const value = Math.max(last + 1, start);
  const txItem = current
    ? tx.raw('Update', {
        Key: key,
        UpdateExpression: 'SET #v = :next',
        ConditionExpression: '#v = :last',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':next': value, ':last': last },
      })
    : tx.raw('Put', {
        Item: { ...key, entityType: 'COUNTER', value },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
  return { value, reference: `${prefix}${value}`, txItem };
}

/**
 * Runs an optimistic read-check-write operation again when its transaction lost a race
 * (a condition on a counter or a version failed). `fn` must re-read what it checks.
 */
export async function retryOnConflict<T>(fn: (attempt: number) => Promise<T>, attempts = 8): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name !== 'TransactionCanceledException' && name !== 'ConditionalCheckFailedException' && name !== 'TransactionConflictException') throw err;
      lastError = err;
      await new Promise((r) => setTimeout(r, Math.random() * 15 * (attempt + 1)));
    }
  }
  throw lastError;
}

import { getItem, tx, updateRaw, type TransactItem } from './repo';
import { keys } from './keys';

/**
 * Per-tenant reference counters (RENT-1001, CNT-1001, INV-1001, REC-1001...). Two ways to take a
 * number, chosen by what the reference must promise:
 *
 *  - `takeReference` (UNIQUE AND INCREASING, GAPS ALLOWED): one atomic UpdateItem
 *    (`SET value = if_not_exists(value, start - 1) + 1`) BEFORE the operation's transaction. It
 *    never conflicts, so concurrent operations of one company do not serialise on the counter.
 *    A number taken by an operation that then fails (a booking refused with 409, a lost race) is
 *    not given back: the sequence may skip it. Used for rental (RENT-) and contract (CNT-)
 *    references, which are identifiers, not fiscal documents.
 *
 *  - `reserveReference` / `reservationFrom` (UNIQUE AND GAP-FREE): the number is written inside
 *    the same transaction as the item that uses it, with a condition on the counter's current
 *    value, so a failed transaction gives its number back. The price: every such operation of a
 *    company conflicts with every other one on the counter item (callers retry the whole
 *    operation, see `retryOnConflict`), i.e. they are serialised. Keep it for documents the law
 *    wants numbered without gaps: tax invoices (INV-), receipts, credit notes.
 */
export interface Reservation {
  value: number;
  reference: string;
  txItem: TransactItem;
}

export interface TakenReference {
  value: number;
  reference: string;
}

/**
 * Takes the next number of a counter with one atomic update (no transaction, no retry): unique
 * and increasing, with gaps where the operation that took a number did not complete. When the
 * company's configured start is above the counter (start raised in the settings), the counter
 * jumps to the start first.
 */
export async function takeReference(
  tenantId: string,
  name: string,
  prefix: string,
  start = 1001,
): Promise<TakenReference> {
  const key = keys.counter(tenantId, name);
  for (;;) {
    const updated = await updateRaw({
      Key: key,
      UpdateExpression: 'SET #v = if_not_exists(#v, :before) + :one, entityType = :et',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':before': start - 1, ':one': 1, ':et': 'COUNTER' },
      ReturnValues: 'UPDATED_NEW',
    });
    const value = Number(updated?.value);
    if (value >= start) return { value, reference: `${prefix}${value}` };
    // Below a raised start: move the counter to the start unless someone else moved it meanwhile.
    try {
      await updateRaw({
        Key: key,
        UpdateExpression: 'SET #v = :start',
        ConditionExpression: '#v = :seen',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':start': start, ':seen': value },
      });
      return { value: start, reference: `${prefix}${start}` };
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
}

/** Gap-free: reads the counter, then see `reservationFrom`. */
export async function reserveReference(
  tenantId: string,
  name: string,
  prefix: string,
  start = 1001,
): Promise<Reservation> {
  return reservationFrom(tenantId, name, prefix, start, await getItem(keys.counter(tenantId, name), true));
}

/**
 * Gap-free reservation for a counter item the caller already read (consistently), e.g. in one
 * batch get with the other items its transaction checks, to save a round trip per counter. The
 * returned `txItem` must go into the transaction that uses the number.
 */
export function reservationFrom(
  tenantId: string,
  name: string,
  prefix: string,
  start: number,
  current: Record<string, unknown> | undefined,
): Reservation {
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
      if (
        name !== 'TransactionCanceledException' &&
        name !== 'ConditionalCheckFailedException' &&
        name !== 'TransactionConflictException'
      )
        throw err;
      lastError = err;
      await new Promise((r) => setTimeout(r, Math.random() * 15 * (attempt + 1)));
    }
  }
  throw lastError;
}

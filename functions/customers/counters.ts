import {
  countersDiffer,
  countersOf,
  pickupDay,
  rentalContribution,
  type CounterRental,
  type Counters,
} from '../../shared/customers/counters';
import { queryAll, tx, updateRaw, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { customerKey, loyaltyFields } from './model';

/**
 * The customer counters' writes (the rules — what a rental counts for — are
 * shared/customers/counters.ts): the one Update the rentals domain adds to each rental change's
 * transaction, and the repair that sets them from the rentals (demo reset, drifted companies).
 */

/**
 * The one Update of the customer item for a rental going from `before` (null: new) to `after`, or
 * null when nothing changes. `storedLast`: the customer's lastRentalDate, read by the caller when
 * the rental was just picked up (`needsLastRental`).
 */
export function customerCounterItem(
  tenantId: string,
  before: CounterRental | null,
  after: CounterRental,
  timezone: string,
  storedLast?: string | null,
): TransactItem | null {
  const a = rentalContribution(after);
  const b = rentalContribution(before);
  const delta = {
    rentalsCount: a.rentalsCount - b.rentalsCount,
    completedRentals: a.completedRentals - b.completedRentals,
    totalSpendMinor: a.totalSpendMinor - b.totalSpendMinor,
  };
  const day = pickupDay(after, timezone);
  const setLast = !!day && day !== pickupDay(before, timezone) && (!storedLast || storedLast < day);
  const adds = (Object.keys(delta) as (keyof Counters)[]).filter((k) => delta[k] !== 0);
  if (!adds.length && !setLast) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const add = adds.map((k, i) => {
    names[`#c${i}`] = k;
    values[`:c${i}`] = delta[k];
    return `#c${i} :c${i}`;
  });
  let condition = 'attribute_exists(pk)';
  if (setLast) {
    values[':last'] = day;
    // A concurrent pickup that stored a later day fails this (the rental change re-reads and retries).
    condition += ' AND (attribute_not_exists(lastRentalDate) OR lastRentalDate < :last)';
  }
  return tx.raw('Update', {
    Key: customerKey(tenantId, after.customerId),
    UpdateExpression: [setLast ? 'SET lastRentalDate = :last' : '', add.length ? `ADD ${add.join(', ')}` : '']
      .filter(Boolean)
      .join(' '),
    ConditionExpression: condition,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
}

/** Whether the rental change needs the customer's stored lastRentalDate (it was just picked up). */
export const needsLastRental = (before: CounterRental | null, after: CounterRental, timezone: string) =>
  !!pickupDay(after, timezone) && pickupDay(after, timezone) !== pickupDay(before, timezone);

/**
 * Sets every customer's counters to the ones recomputed from `rentals` (all the company's):
 * the demo reset after its seeds, and the repair of a company whose counters drifted. Writes
 * only the customers whose counters differ (with the stored loyalty fields in step).
 */
export async function writeTrueCounters(
  tenantId: string,
  rentals: readonly CounterRental[],
  timezone: string,
): Promise<number> {
  const want = countersOf(rentals, timezone);
  const customers = await queryAll<{
    id: string;
    rentalsCount?: number;
    completedRentals?: number;
    totalSpendMinor?: number;
    lastRentalDate?: string;
  }>({
    tenantId,
    pk: tenantPk(tenantId, 'CUSTOMER'),
    max: 100_000,
  });
  const none = { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null };
  const wrong = customers.filter((c) => countersDiffer(c, want.get(c.id) ?? none));
  for (let i = 0; i < wrong.length; i += 16) {
    await Promise.all(
      wrong.slice(i, i + 16).map((c) => {
        const w = want.get(c.id) ?? none;
        const loyalty = loyaltyFields(w.completedRentals, w.totalSpendMinor);
        return updateRaw({
          Key: customerKey(tenantId, c.id),
          UpdateExpression: `SET rentalsCount = :r, completedRentals = :c, totalSpendMinor = :s, loyaltyScore = :ls, loyaltyTier = :lt${w.lastRentalDate ? ', lastRentalDate = :d' : ' REMOVE lastRentalDate'}`,
          ExpressionAttributeValues: {
            ':r': w.rentalsCount,
            ':c': w.completedRentals,
            ':s': w.totalSpendMinor,
            ':ls': loyalty.loyaltyScore,
            ':lt': loyalty.loyaltyTier,
            ...(w.lastRentalDate ? { ':d': w.lastRentalDate } : {}),
          },
        });
      }),
    );
  }
  return wrong.length;
}

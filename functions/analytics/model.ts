import { shardOf } from '../../shared/accounting/journal';
import { sortKey, tenantPk, type Key } from '../lib/data/keys';

/**
 * Analytics data layout (single table) — the aggregates the dashboard, the reports and the
 * insights read, so their cost does not grow with the number of rentals (DESIGN.md §10):
 *
 * - Company day: pk `T#{t}#AN_DAY`, sk `{yyyy-mm-dd}#{shard}` — numbers per DAY_FIELDS (bookings,
 *   cancellations, pickups, returns, onTimeReturns, returnedRentalDays, overdue, revenueMinor,
 *   paymentsMinor, refundsMinor). Sharded by the rental's id (DAY_SHARDS) so concurrent bookings
 *   and payments of one company rarely write the same item (DynamoDB transactions on one item
 *   conflict); readers sum the shards of a day range with one Query.
 * - Vehicle month: pk `T#{t}#AN_VM`, sk `{yyyy-mm}#{vehicleId}` — per day of the month `dDD` (rentals
 *   on rent that day, > 0 = a day on rent), `rDD` (revenue posted), `mDD` (in the workshop), and
 *   `km`, `maintenanceCostMinor`, `rentals`. A period of any length reads fleet × months items.
 *
 * Every item is maintained with ADD in the same transaction as the change that moves it
 * (rentals: booking, every lifecycle/ledger change and the overdue job; maintenance: completed
 * cost and workshop days), and recomputed from the raw items by the one-off `analytics-backfill`
 * job (also run by the demo reset).
 */
export const DAY_SHARDS = 4;
export const dayPk = (tenantId: string) => tenantPk(tenantId, 'AN_DAY');
export const vmPk = (tenantId: string) => tenantPk(tenantId, 'AN_VM');
export const dayShardKey = (tenantId: string, day: string, shard: number): Key => ({
  pk: dayPk(tenantId),
  sk: sortKey(day, shard),
});
export const vmKey = (tenantId: string, month: string, vehicleId: string): Key => ({
  pk: vmPk(tenantId),
  sk: sortKey(month, vehicleId),
});
export const shardOfSource = (sourceId: string) => shardOf(sourceId, DAY_SHARDS);

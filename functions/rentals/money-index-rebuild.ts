/**
 * One-off rebuild (issue 10) of the rentals' money indexes for rentals written before them: a
 * company that existed before deposits, outstanding balances and revenue protection shipped has
 * rentals without the deposit and open-balance items (./money-index.ts), so those pages would miss
 * them until each rental's next change. For each rental not yet indexed, its money fields are
 * computed from its whole ledger and written with its index items in one transaction, under the
 * rental's version (a concurrent change wins: it writes the indexes itself). The rental is marked
 * `moneyIndexedAt`, so a second run writes nothing. Usage shortfalls are left out: they need the
 * readings' implied charges, which only a return computes.
 */
import { queryAll, transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { isConditionFailure } from '../lib/errors';
import { readLedger, rentalKey, type RentalItem } from './data';
import { readRentalSettings } from './deps';
import { moneyFieldsOfLedger, moneyIndexPuts } from './money-index';

export async function rebuildMoneyIndexes(
  tenantId: string,
  now = new Date(),
): Promise<{ rentals: number; rebuilt: number; skipped: number }> {
  const { timezone } = await readRentalSettings(tenantId);
  const rentals = await queryAll<RentalItem & { moneyIndexedAt?: string }>({
    tenantId,
    pk: tenantPk(tenantId, 'RENTAL'),
    max: 200_000,
  });
  let rebuilt = 0;
  let skipped = 0;
  for (const rental of rentals) {
    if (rental.entityType !== 'RENTAL') continue;
    if (rental.moneyIndexedAt) {
      skipped++;
      continue;
    }
    const ledger = await readLedger(tenantId, rental.id);
    // Fields the changes keep from their entries: recomputed from nothing, over the whole ledger.
    const base = {
      ...rental,
      depositAppliedMinor: 0,
      usageChargedMinor: 0,
      depositReceivedAt: undefined,
      depositMethod: undefined,
    };
    const fields = { ...moneyFieldsOfLedger(base, ledger, rental.createdAt), moneyIndexedAt: now.toISOString() };
    const indexed = { ...rental, ...fields } as RentalItem;
    const names: Record<string, string> = { '#v': 'version' };
    const values: Record<string, unknown> = { ':v': rental.version };
    const sets = Object.entries(fields).map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:f${i}`] = v;
      return `#f${i} = :f${i}`;
    });
    const items: TransactItem[] = [
      tx.raw('Update', {
        Key: rentalKey(tenantId, rental.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
      ...moneyIndexPuts(indexed, timezone)
        .filter((i) => !String(i.pk).endsWith('#USAGE_SHORTFALL'))
        .map((i) => tx.put(i)),
    ];
    try {
      await transact(items);
      rebuilt++;
    } catch (err) {
      if (!isConditionFailure(err) && (err as { name?: string }).name !== 'TransactionCanceledException') throw err;
      skipped++; // changed meanwhile: that change wrote its own indexes
    }
  }
  return { rentals: rebuilt + skipped, rebuilt, skipped };
}

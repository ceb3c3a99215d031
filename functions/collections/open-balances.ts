import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { flowsOf, rentalsByIds } from './deps';
import type { OpenBalance, OpenBalanceItem } from './model';

/**
 * Rentals owing money: one Query of the open-balance index (bounded by what is owed) and one
 * batch get of those rentals for their current amounts (the index holds membership only).
 */
export async function openBalances(tenantId: string): Promise<OpenBalance[]> {
  const items = await queryAll<OpenBalanceItem>({ tenantId, pk: tenantPk(tenantId, 'OPEN_BALANCE'), max: 5000 });
  const rentals = await rentalsByIds(
    tenantId,
    items.map((i) => i.rentalId),
  );
  const out: OpenBalance[] = [];
  for (const i of items) {
    const r = rentals.get(i.rentalId);
    if (!r || r.balanceMinor <= 0) continue;
    const flows = flowsOf(r);
    out.push({
      ...i,
      rentalStatus: r.status,
      balanceMinor: r.balanceMinor,
      depositHeldMinor: Math.max(0, flows.receivedMinor - flows.appliedMinor - flows.returnedMinor),
      depositReturnedMinor: flows.returnedMinor,
    });
  }
  return out;
}

import type { DemoWorld } from '../jobs/demo-world';
import { ensureAccounting } from './setup';
import { backfillRentals } from './rental-postings';

/**
 * The demo company's books: the default chart for its region, then every seeded rental ledger
 * posted by the backfill (the same idempotent path existing companies migrate through).
 */
export async function seedAccounting(world: DemoWorld): Promise<void> {
  await ensureAccounting(world.tenantId, world.region);
  const { posted } = await backfillRentals(world.tenantId);
  world.counts.journalRentals = posted;
}

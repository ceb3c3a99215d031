/**
 * Demo fleet health (functions/jobs/demo-reset.ts), last: the real computation over what every
 * earlier seed wrote (documents, maintenance predictions and urgent records, inspections with
 * damage, bookings, GPS incidents and trackers), so the demo's grades come from its own data and
 * the company is on the daily job's index. Its alerts (health drops, trackers) come from the same run.
 */
import type { DemoWorld } from '../lib/demo/world';
import { storeFleetHealth } from './compute';

export async function seedFleetHealth(world: DemoWorld): Promise<void> {
  const { snapshots } = await storeFleetHealth(world.tenantId, world.now);
  world.counts.fleetHealth = snapshots.length;
}

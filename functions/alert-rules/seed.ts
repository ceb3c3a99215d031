/**
 * Demo alerts (functions/jobs/demo-reset.ts), after rentals and tickets: the rules run on the
 * demo's data (overdue rentals, returns today, unmatched fines and tolls, tolls on no rental,
 * fines still unpaid). The alerts inbox's seed then marks a few read and one resolved.
 */
import type { DemoWorld } from '../lib/demo/world';
import { generateAlerts } from './generate';

export async function seedAlertRules(world: DemoWorld): Promise<void> {
  const result = await generateAlerts(world.tenantId, world.now);
  world.counts.alerts = result.created;
}

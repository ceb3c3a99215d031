/**
 * Demo alerts (functions/jobs/demo-reset.ts), after rentals and tickets: the generator run on the
 * demo's data (overdue rentals, returns today, unmatched fines and tolls, tolls on no rental,
 * fines still unpaid), then a few marked read and one resolved, as a team would have left them.
 */
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { generateAlerts } from './generate';
import { listAlerts, setAlertStatus } from './inbox';

export async function seedAlerts(world: DemoWorld): Promise<void> {
  const result = await generateAlerts(world.tenantId, world.now);
  const actor: Actor = { tenantId: world.tenantId, userId: world.owner.userId, username: world.owner.username, requestId: 'demo-reset', role: 'OWNER' };
  const { items } = await listAlerts(world.tenantId, 'OWNER', { status: 'unread', limit: 100 });
  for (const a of items.filter((_, i) => i % 4 === 1)) await setAlertStatus(actor, a.id, 'read');
  const resolvable = items.find((a) => a.type === 'toll_unmatched');
  if (resolvable) await setAlertStatus(actor, resolvable.id, 'resolved', 'Plate misread by the gate camera; checked with Salik.');
  world.counts.alerts = result.created;
}

/**
 * Demo alerts (functions/jobs/demo-reset.ts), after the alert rules ran on the demo's data
 * (functions/alert-rules/seed.ts): a few marked read and one resolved, as a team would have left them.
 */
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { listAlerts, setAlertStatus } from './inbox';

export async function seedAlerts(world: DemoWorld): Promise<void> {
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const { items } = await listAlerts(world.tenantId, 'OWNER', { status: 'unread', limit: 100 });
  for (const a of items.filter((_, i) => i % 4 === 1)) await setAlertStatus(actor, a.id, 'read');
  const resolvable = items.find((a) => a.type === 'toll_unmatched');
  if (resolvable)
    await setAlertStatus(actor, resolvable.id, 'resolved', 'Plate misread by the gate camera; checked with Salik.');
}

/**
 * Demo insights (functions/jobs/demo-reset.ts), last: the engine run over the demo's own figures
 * (a year of rentals, invoices, deposits, customers) — nothing written by hand — then the team's
 * follow-up as a company would have left it: the top suggestion acknowledged, a marketing one
 * planned (the win-back audience saved when it is the inactive customers), one dismissed.
 */
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { runInsights } from './engine';
import { listInsights, setInsightStatus } from './inbox';

export async function seedInsights(world: DemoWorld): Promise<void> {
  const job = await runInsights(world.tenantId, { trigger: 'demo', by: 'system', now: world.now });
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const { items } = await listInsights(world.tenantId, 'OWNER', { status: 'open', limit: 50 });
  const [first] = items;
  if (first)
    await setInsightStatus(actor, first.id, { status: 'acknowledged', note: 'Looked at it in the Monday meeting.' });
  const marketing =
    items.find((i) => i.rule === 'inactive_customers') ??
    items.find((i) => i.category === 'marketing' && i.id !== first?.id);
  if (marketing)
    await setInsightStatus(actor, marketing.id, { status: 'planned', note: 'Email offer for next month.' });
  const dismiss = items.find((i) => i.id !== first?.id && i.id !== marketing?.id && i.priority === 'low');
  if (dismiss) await setInsightStatus(actor, dismiss.id, { status: 'dismissed', note: 'Not for this season.' });
  world.counts.insights = job.counts.created;
}

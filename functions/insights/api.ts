/**
 * What other domains and jobs may use from insights: the top open insights (the dashboard's
 * suggestions), a run for one company, the nightly run across companies, the demo seed.
 */
import { listInsights } from './inbox';

export { runInsights } from './engine';
export { insightUnit, insightUnits } from './scheduled';
export { seedInsights } from './seed';

/** The top open insights (priority, then impact): the dashboard's suggestions. */
export async function topOpenInsights(tenantId: string, limit = 5) {
  return (await listInsights(tenantId, 'OWNER', { status: 'open', limit })).items;
}

import { tenantPk } from '../lib/data/keys';
import { putItem } from '../lib/data/repo';
import type { DemoWorld } from '../lib/demo/world';
import { recordCompanyJobRun } from './deps';
import { buildReport, previousIsoWeek } from './report';

/**
 * Demo security report (functions/jobs/demo-reset.ts), right after the security seed: last week's
 * report as the Monday job would have written it (not emailed: the demo's owner address is shared).
 */
export async function seedSecurityReport(world: DemoWorld): Promise<void> {
  const week = previousIsoWeek(world.now);
  const started = new Date().toISOString();
  const report = await buildReport(world.tenantId, week.from, week.to);
  await putItem({
    pk: tenantPk(world.tenantId, 'SEC_REPORT'),
    sk: week.week,
    entityType: 'SEC_REPORT',
    week: week.week,
    from: week.from,
    to: week.to,
    createdAt: started,
    status: 'sent',
    ...report,
    emailedTo: [],
  });
  await recordCompanyJobRun(world.tenantId, 'security-report', {
    startedAt: started,
    counts: { reports: 1, emails: 0 },
  });
}

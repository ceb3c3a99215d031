import { tenantPk } from '../lib/data/keys';
import { queryPage, type Item, type Page } from '../lib/data/repo';
import type { SecurityReportView } from '../../shared/schemas/security';

/**
 * The weekly security reports as the company reads them (GET /api/v1/security/reports). The job
 * that writes them (T#{t}#SEC_REPORT / {week}) is functions/security-report (tier 7: it reads the
 * tenant directory and the users through auth).
 */
const reportView = (i: Item): SecurityReportView => ({
  week: String(i.sk),
  from: String(i.from),
  to: String(i.to),
  createdAt: String(i.createdAt),
  emailedTo: (i.emailedTo as string[] | undefined) ?? [],
  counts: (i.counts as Record<string, number> | undefined) ?? {},
  notable: (i.notable as SecurityReportView['notable'] | undefined) ?? [],
});

export async function securityReports(
  tenantId: string,
  q: { limit: number; cursor?: string },
): Promise<Page<SecurityReportView>> {
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'SEC_REPORT'),
    limit: q.limit,
    cursor: q.cursor,
    forward: false,
  });
  return { items: page.items.map(reportView), nextCursor: page.nextCursor };
}

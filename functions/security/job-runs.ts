import { queryPage, type Item, type Page } from '../lib/data/repo';
import { companyJobLogPk, jobRunOf, JOB_RUN_TTL_DAYS } from '../lib/jobs/run-record';
import type { JobRunView } from '../../shared/schemas/security';

/**
 * A company's scheduler job logs (T#{t}#JOBRUN / {startedAt}#{job}, written by every job through
 * functions/lib/jobs/run-record.ts) as GET /api/v1/jobs/runs reads them. Apart from the weekly report
 * (report.ts, which reads the tenant directory through auth), so the domains reaching
 * security/api.ts (rentals and every domain bundling it) do not bundle the report and auth.
 */
export { recordCompanyJobRun, jobRunOf } from '../lib/jobs/run-record';
export const RUN_TTL_DAYS = JOB_RUN_TTL_DAYS;

/**
 * The job log lines sort by `{startedAt}#{job}`, so they all start with a digit. Before issue 28 the
 * invoicing job kept its run details in this partition too (`invoice-long-rentals#…`, no `job`; they
 * now have their own, finance/invoicing.ts), and a company's "Run now" of the document reminders its
 * run (`document-reminders#…`): the key range below the first letter leaves those until they expire.
 */
const LOG_LINES_BELOW = 'A';

export async function companyJobRuns(
  tenantId: string,
  q: { limit: number; cursor?: string },
): Promise<Page<JobRunView>> {
  const page = await queryPage<Item>({
    tenantId,
    pk: companyJobLogPk(tenantId),
    skTo: LOG_LINES_BELOW,
    limit: q.limit,
    cursor: q.cursor,
    forward: false,
  });
  return { items: page.items.map(jobRunOf), nextCursor: page.nextCursor };
}

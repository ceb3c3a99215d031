import { sortKey, tenantPk } from '../lib/data/keys';
import { putItem, queryPage, type Item, type Page } from '../lib/data/repo';
import type { JobRunView } from '../../shared/schemas/security';

/**
 * A company's scheduler job logs (T#{t}#JOBRUN / {startedAt}#{job}, see report.ts): what each
 * scheduled job records per company it worked for and GET /api/v1/jobs/runs reads. Apart from the
 * weekly report (report.ts, which reads the tenant directory through auth), so the domains reaching
 * security/api.ts (rentals and every domain bundling it) do not bundle the report and auth.
 */
const companyRunKey = (t: string, at: string, job: string) => ({ pk: tenantPk(t, 'JOBRUN'), sk: sortKey(at, job) });
export const RUN_TTL_DAYS = 90;

export async function recordCompanyJobRun(tenantId: string, job: string, run: { startedAt: string; counts: Record<string, number>; errors?: number; errorSamples?: string[] }): Promise<void> {
  const errors = run.errors ?? 0;
  await putItem({
    ...companyRunKey(tenantId, run.startedAt, job), entityType: 'JOBRUN', job, startedAt: run.startedAt, finishedAt: new Date().toISOString(),
    status: errors ? 'failed' : 'ok', counts: run.counts, errors, errorSamples: (run.errorSamples ?? []).slice(0, 5),
    ttl: Math.floor(Date.now() / 1000) + RUN_TTL_DAYS * 86_400,
  });
}

export const jobRunOf = (i: Item): JobRunView => ({
  job: String(i.job), startedAt: String(i.startedAt), finishedAt: (i.finishedAt as string | null) ?? null,
  status: (i.status as JobRunView['status'] | undefined) ?? (Number(i.errors ?? 0) > 0 ? 'partial' : 'ok'),
  // Older jobs write their figures at the top level of the run item, newer ones under `counts`.
  counts: Object.fromEntries(Object.entries((i.counts as Record<string, unknown> | undefined) ?? i).filter(([k, v]) => typeof v === 'number' && !['ttl', 'errors', 'version'].includes(k))) as Record<string, number>,
  errors: Number(i.errors ?? 0), errorSamples: (i.errorSamples as string[] | undefined) ?? [], tenantId: (i.tenantId as string | null | undefined) ?? null,
});

/**
 * The job log lines sort by `{startedAt}#{job}`, so they all start with a digit. The same partition
 * also holds the invoicing job's run details (`invoice-long-rentals#{startedAt}_{runId}`, read by the
 * invoice automation page): the key range below the first letter leaves those out, so the log is
 * one shape, newest first (they used to be listed first, as job "undefined").
 */
const LOG_LINES_BELOW = 'A';

export async function companyJobRuns(tenantId: string, q: { limit: number; cursor?: string }): Promise<Page<JobRunView>> {
  const page = await queryPage<Item>({ tenantId, pk: tenantPk(tenantId, 'JOBRUN'), skTo: LOG_LINES_BELOW, limit: q.limit, cursor: q.cursor, forward: false });
  return { items: page.items.map(jobRunOf), nextCursor: page.nextCursor };
}

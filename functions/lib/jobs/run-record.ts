import type { JobRunView } from '../../../shared/schemas/security';
import { keys, sortKey, tenantPk, type Key } from '../data/keys';
import { putItem } from '../data/repo';

/**
 * The run record of every scheduled job (DESIGN.md §15, §17): ONE shape and ONE entity type, in two
 * places —
 *  - the platform's run of a job: `G#JOBRUN#{JOB}` / `{startedAt}`, read by the operator (/admin-tools);
 *  - a company's job log line: `T#{t}#JOBRUN` / `{startedAt}#{job}`, one per company a job worked
 *    for, read by "Scheduler job logs" (GET /api/v1/jobs/runs) newest first.
 * The company partition holds job log lines and nothing else, so every line starts with its time.
 */
export const JOB_RUN_ENTITY = 'JOB_RUN';
export const JOB_RUN_TTL_DAYS = 90;
export const MAX_ERROR_SAMPLES = 5;

export type JobRunStatus = JobRunView['status'];
export interface JobRunInput {
  startedAt: string;
  finishedAt?: string;
  /** Figures of the run; non-numeric fields are left out (the record's figures are numbers only). */
  counts: object;
  errors?: number;
  errorSamples?: readonly string[];
  status?: JobRunStatus;
  /** What the figures alone do not say (a run's trigger, who ran it, the week of a report); strings only. */
  detail?: Record<string, string | null | undefined>;
}

/** A company's job log line key: the time first, so the log sorts newest first by time alone. */
export const companyJobLogKey = (tenantId: string, startedAt: string, job: string): Key => ({
  pk: tenantPk(tenantId, 'JOBRUN'),
  sk: sortKey(startedAt, job),
});
export const companyJobLogPk = (tenantId: string) => tenantPk(tenantId, 'JOBRUN');

export const numbersOf = (o: object): Record<string, number> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'number')) as Record<string, number>;

export function jobRunItem(job: string, run: JobRunInput, tenantId?: string): Record<string, unknown> {
  const errors = run.errors ?? 0;
  const detail = Object.fromEntries(Object.entries(run.detail ?? {}).filter(([, v]) => v !== undefined));
  return {
    entityType: JOB_RUN_ENTITY,
    job,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? new Date().toISOString(),
    status: run.status ?? (errors ? 'failed' : 'ok'),
    counts: numbersOf(run.counts),
    errors,
    errorSamples: (run.errorSamples ?? []).slice(0, MAX_ERROR_SAMPLES),
    ...(tenantId ? { tenantId } : {}),
    ...(Object.keys(detail).length ? { detail } : {}),
    ttl: Math.floor(Date.now() / 1000) + JOB_RUN_TTL_DAYS * 86_400,
  };
}

/** The platform's record of one run of a job (`tenantId` when the run was one company's: "Run now", the demo reset). */
export async function recordJobRun(job: string, run: JobRunInput, tenantId?: string): Promise<void> {
  // Two runs may start in the same millisecond (a "Run now" beside the schedule): the job log keeps both.
  // A company line with an error is that company's unit failing; a platform run with errors did the rest.
  const item = jobRunItem(job, { ...run, status: run.status ?? (run.errors ? 'partial' : 'ok') }, tenantId);
  const key = keys.global.jobRun(job, tenantId ? `${run.startedAt}_${tenantId}` : run.startedAt);
  await putItem({ ...key, ...item, tenantId: tenantId ?? null });
}

/** A company's job log line: what a job did for that company. */
export async function recordCompanyJobRun(tenantId: string, job: string, run: JobRunInput): Promise<void> {
  await putItem({ ...companyJobLogKey(tenantId, run.startedAt, job), ...jobRunItem(job, run, tenantId) });
}

/** A run item as the job logs show it (older platform items kept their figures at the top level). */
export const jobRunOf = (i: Record<string, unknown>): JobRunView => ({
  job: String(i.job),
  startedAt: String(i.startedAt),
  finishedAt: (i.finishedAt as string | null) ?? null,
  status: (i.status as JobRunStatus | undefined) ?? (Number(i.errors ?? 0) > 0 ? 'partial' : 'ok'),
  counts: Object.fromEntries(
    Object.entries((i.counts as Record<string, unknown> | undefined) ?? i).filter(
      ([k, v]) => typeof v === 'number' && !['ttl', 'errors', 'version'].includes(k),
    ),
  ) as Record<string, number>,
  errors: Number(i.errors ?? 0),
  errorSamples: (i.errorSamples as string[] | undefined) ?? [],
  tenantId: (i.tenantId as string | null | undefined) ?? null,
});

interface FinishOptions {
  errors?: number;
  tenantId?: string;
  detail?: JobRunInput['detail'];
  finishedAt?: string;
}

/**
 * A run in progress: its start, its error samples (the first few, as the record keeps them) and its
 * record when it finishes.
 */
export function startJobRun(job: string, startedAt = new Date().toISOString()) {
  const errorSamples: string[] = [];
  return {
    job,
    startedAt,
    errorSamples,
    sample(text: string) {
      if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(text);
    },
    finish(counts: object, opts: FinishOptions = {}) {
      const errors = opts.errors ?? Number((counts as { errors?: unknown }).errors ?? 0);
      const record = { startedAt, finishedAt: opts.finishedAt, counts, errors, errorSamples, detail: opts.detail };
      return recordJobRun(job, record, opts.tenantId);
    },
  };
}

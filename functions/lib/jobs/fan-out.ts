import type { DueIndex } from '../data/due-index';
import { rootLogger } from '../logger';
import { runAsTenant } from '../clients/tenant-scope';
import { type Job, type JobContext, type JobEvent, jobContext } from './define-job';
import { recordCompanyJobRun, startJobRun } from './run-record';
import { scheduleOf, type JobName } from '../../../events/schedules';
import { dispatch, isSqsEvent, queueUrlOf, type SqsEvent, work } from './queue';

/**
 * A job that fans out (issue 30, DESIGN.md §15): the scheduled run only FINDS the due work through the
 * due indexes and hands its units to workers; each unit is done on its own, retried on failure, and
 * parked in the job's dead-letter queue when it keeps failing.
 *
 *  - `units(ctx)`: reads the due index(es) in pages and yields the units of work — a company, or a page
 *    of one company's due items (their keys, small). Cheap: it reads the index, nothing else.
 *  - `unit(ctx, unit)`: does one unit. Idempotent: the markers it writes in the same transaction as its
 *    work make a retry (after a crash, a redelivery, a run beside another) do nothing twice. It returns
 *    the unit's figures (numbers), summed into the run record; it throws to have the unit retried.
 *
 * In AWS the scheduled event sends each unit as one SQS message to the job's queue; the same Lambda,
 * fed by the queue's event source mapping, does the units (partial batch failures) — see ./queue.ts.
 * Without a queue (a test process, `npm run job` without the stack) the units run inline, one after
 * another, through the same `unit` code: the figures and the company job log lines are the same.
 */
export interface JobUnit {
  tenantId: string;
}

export interface FanOutJobDefinition<U extends JobUnit> {
  name: JobName;
  reads: readonly DueIndex[];
  units(ctx: JobContext): AsyncIterable<U> | Iterable<U>;
  unit(ctx: JobContext, unit: U): Promise<Record<string, number>>;
  /** The figures a failed unit stands for in the company's job log line (defaults to none). */
  failed?: Record<string, number>;
}

/** What a run answers: how many units it found, how many failed, and the units' figures summed. */
export interface FanOutResult {
  units: number;
  errors: number;
  totals: Record<string, number>;
  /** Queue mode: the units were sent to the job's queue (the run record sums them as they are done). */
  queued?: true;
  runStartedAt?: string;
  /** An SQS batch (the worker): the records that failed, for the event source mapping to redeliver. */
  batchItemFailures?: { itemIdentifier: string }[];
}

export interface FanOutJob<U extends JobUnit> extends Omit<Job<FanOutResult>, 'handler'> {
  /** The scheduled event (dispatch, or inline without a queue), or an SQS batch of units (the worker). */
  handler(event?: JobEvent | SqsEvent): Promise<FanOutResult>;
  /** Does one unit and writes its company job log line (the worker's step, and the inline runner's). */
  doUnit(ctx: JobContext, unit: U): Promise<Record<string, number>>;
  definition: FanOutJobDefinition<U>;
}

export function defineFanOutJob<U extends JobUnit>(def: FanOutJobDefinition<U>): FanOutJob<U> {
  const schedule = scheduleOf(def.name);
  const doUnit = async (ctx: JobContext, unit: U) => {
    const startedAt = new Date().toISOString();
    try {
      // Each unit is one company's work: it runs with that company's scoped clients (lib/clients/tenant-scope.ts).
      return await runAsTenant(unit.tenantId, async () => {
        const counts = await def.unit(ctx, unit);
        await recordCompanyJobRun(unit.tenantId, def.name, { startedAt, counts });
        return counts;
      });
    } catch (err) {
      const error = (err as Error).name;
      const line = { startedAt, counts: def.failed ?? {}, errors: 1, errorSamples: [error] };
      await runAsTenant(unit.tenantId, () => recordCompanyJobRun(unit.tenantId, def.name, line)).catch(() => undefined);
      throw err;
    }
  };
  return {
    name: def.name,
    schedule,
    reads: def.reads,
    definition: def,
    doUnit,
    async handler(event?: JobEvent | SqsEvent) {
      if (isSqsEvent(event)) return work(def.name, event, doUnit);
      const ctx = jobContext(def.name, event);
      const queueUrl = queueUrlOf(def.name);
      if (queueUrl) return dispatch(def.name, ctx, def.units(ctx), queueUrl);
      const result = await runInline(def.name, ctx, def.units(ctx), (u) => doUnit(ctx, u));
      rootLogger.info(`${def.name} finished`, { units: result.units, errors: result.errors, ...result.totals });
      return result;
    },
  };
}

/** Runs every unit here, one after another (no queue configured): one failing does not stop the others. */
async function runInline<U extends JobUnit>(
  job: JobName,
  ctx: JobContext,
  units: AsyncIterable<U> | Iterable<U>,
  doUnit: (unit: U) => Promise<Record<string, number>>,
): Promise<FanOutResult> {
  const run = startJobRun(job);
  const totals: Record<string, number> = {};
  let count = 0;
  let errors = 0;
  for await (const unit of units) {
    if (!ctx.includes(unit.tenantId)) continue;
    count++;
    try {
      const figures = await doUnit(unit);
      for (const [k, v] of Object.entries(figures)) totals[k] = (totals[k] ?? 0) + v;
    } catch (err) {
      errors++;
      run.sample(`${unit.tenantId}: ${(err as Error).name}`);
      rootLogger.warn(`${job} job: a unit failed; the next run retries it`, {
        tenantId: unit.tenantId,
        error: (err as Error).name,
      });
    }
  }
  await run.finish({ units: count, ...totals, errors });
  return { units: count, errors, totals };
}

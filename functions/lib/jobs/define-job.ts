import { scheduleOf, type JobName, type ScheduleDef } from '../../../events/schedules';
import type { DueIndex } from '../data/due-index';
import { rootLogger } from '../logger';

/**
 * A job, defined once (DESIGN.md §15, §17). Each functions/jobs/<name>.ts is
 * `export const { handler } = defineJob({ name, reads, run })`:
 *  - name: its entry in events/schedules.ts, whose ONE `cron` the CDK jobs stack and the local
 *    scheduler (infra/local/scheduler.ts) both read; a one-off migration has an entry without one;
 *  - reads: the sparse cross-tenant indexes its work comes from, read in pages through
 *    lib/data/due-index.ts ([] for a migration, which Scans the settings items, DESIGN.md §4, or a
 *    job that reads the tenant directory);
 *  - run: the unit of work, given the event's clock and `onlyTenants` (an operator re-running some
 *    companies, or a test on a shared emulator); idempotency markers stay with the work it does;
 *  - the run record (lib/jobs/run-record.ts): one shape, one entity type, TTL, the first error samples.
 */
export interface JobEvent {
  time?: string;
  onlyTenants?: string[];
}

export interface JobContext {
  name: JobName;
  /** The scheduled instant (the event's `time`), or now. */
  now: Date;
  onlyTenants?: readonly string[];
  /** Whether the run may touch this company (always, unless `onlyTenants` limits the run). */
  includes(tenantId: string): boolean;
}

export interface JobDefinition<R> {
  name: JobName;
  reads: readonly DueIndex[];
  run(ctx: JobContext): Promise<R>;
}

export interface Job<R> {
  name: JobName;
  schedule: ScheduleDef;
  reads: readonly DueIndex[];
  handler(event?: JobEvent): Promise<R>;
}

export function jobContext(name: JobName, event?: JobEvent): JobContext {
  const parsed = event?.time ? new Date(event.time) : new Date();
  const onlyTenants = Array.isArray(event?.onlyTenants) ? event.onlyTenants : undefined;
  return {
    name,
    now: Number.isNaN(parsed.getTime()) ? new Date() : parsed,
    onlyTenants,
    includes: (tenantId) => !onlyTenants || onlyTenants.includes(tenantId),
  };
}

/** The event form of a context, for a unit of work that still takes the event (its clock and onlyTenants). */
export const eventOf = (ctx: JobContext): JobEvent => ({
  time: ctx.now.toISOString(),
  onlyTenants: ctx.onlyTenants && [...ctx.onlyTenants],
});

export function defineJob<R extends object>(def: JobDefinition<R>): Job<R> {
  const schedule = scheduleOf(def.name);
  return {
    name: def.name,
    schedule,
    reads: def.reads,
    async handler(event?: JobEvent) {
      const result = await def.run(jobContext(def.name, event));
      rootLogger.info(`${def.name} finished`, { ...(result as Record<string, unknown>) });
      return result;
    },
  };
}

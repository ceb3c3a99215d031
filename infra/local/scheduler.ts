import { Cron } from 'croner';
import { resolve } from 'node:path';
import { localCron, SCHEDULES, type JobName } from '../../events/schedules';

/**
 * Local stand-in for EventBridge Scheduler: runs the same schedule definitions (events/) with
 * croner, in UTC (each job's one `cron`, in its 5-field form `localCron`), invoking the job handler
 * with a scheduled event like the one AWS sends.
 */
export type JobHandler = (event: unknown, context?: unknown) => Promise<unknown>;

export async function loadJob(name: JobName): Promise<JobHandler> {
  const mod = await import(resolve(import.meta.dirname, '../../functions/jobs', `${name}.ts`));
  return mod.handler as JobHandler;
}

export function scheduledEvent(name: string, at = new Date()) {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: 'local',
    time: at.toISOString(),
    region: 'us-east-1',
    resources: [`arn:aws:scheduler:local:schedule/default/${name}`],
    detail: {},
  };
}

export async function runJob(name: JobName): Promise<unknown> {
  const handler = await loadJob(name);
  return handler(scheduledEvent(name));
}

export function startScheduler(log: (line: string) => void): { stop(): void } {
  const scheduled = SCHEDULES.filter((s) => s.cron);
  const crons = scheduled.map(
    (s) =>
      new Cron(localCron(s)!, { timezone: 'UTC', protect: true }, async () => {
        try {
          const result = await runJob(s.name);
          log(`job ${s.name} finished: ${JSON.stringify(result)}`);
        } catch (err) {
          log(`job ${s.name} failed: ${(err as Error).message}`);
        }
      }),
  );
  return { stop: () => crons.forEach((c) => c.stop()) };
}

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import net from 'node:net';
import { fanOutJobs, JOB_NAMES, type JobName } from '../../events/schedules';
import { bootstrapQueues, queueDepth } from './queue-workers';
import { lambdaEnv } from './env';
import type { LocalResources } from './bootstrap';
import { startEmulators } from './emulators';

/**
 * `npm run job -- <name>`: runs one scheduled job now against the local stack. Uses the running
 * `npm start` emulators when they answer; otherwise starts them on the same ports and data for
 * the duration of the job.
 *
 * A job that fans out (events/schedules.ts `fanOut`): when `npm start` runs (its SQS emulator answers on
 * SQS_PORT, its queue workers poll), the run goes through the queue as the schedule's would — dispatched
 * here, then this command waits until the workers have drained the queue. Without the stack the units
 * run inline in this process (no queue to feed, no workers to wait for).
 */
const root = resolve(import.meta.dirname, '../..');
const name = process.argv[2] as JobName | undefined;

function reachable(port: number): Promise<boolean> {
  return new Promise((res) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });
}

async function main() {
  // The operator's command for the first platform operator (SUPERADMIN is never created by sign-up):
  // `npm run job -- make-superadmin <username>` promotes an existing user (functions/auth/admin.ts).
  const makeSuperadmin = (name as string) === 'make-superadmin';
  if (!makeSuperadmin && (!name || !JOB_NAMES.includes(name))) {
    console.error(`Usage: npm run job -- <name>   (one of: ${JOB_NAMES.join(', ')})`);
    process.exit(2);
  }
  const dataDir = resolve(root, '.local');
  const statePath = resolve(dataDir, 'state.json');
  if (!existsSync(statePath)) {
    console.error('✖ No local stack yet: run `npm start` once first.');
    process.exit(1);
  }
  const resources = JSON.parse(readFileSync(statePath, 'utf8')) as LocalResources;
  const ports = {
    dynamodb: Number(process.env.DYNAMODB_PORT ?? 8000),
    cognito: Number(process.env.COGNITO_PORT ?? 9229),
    s3: Number(process.env.S3_PORT ?? 4569),
    ses: Number(process.env.SES_PORT ?? 8005),
    sqs: Number(process.env.SQS_PORT ?? 9324),
  };
  const running = await reachable(ports.dynamodb);
  const emulators = running ? undefined : await startEmulators(ports, dataDir);
  const viaQueue = running && !!name && fanOutJobs().includes(name) && (await reachable(ports.sqs));
  const queues = viaQueue ? await bootstrapQueues(`http://127.0.0.1:${ports.sqs}`) : undefined;
  const web = `http://localhost:${process.env.PORT ?? 3000}`;
  Object.assign(
    process.env,
    lambdaEnv(
      viaQueue ? ports : { ...ports, sqs: undefined },
      resources,
      web,
      queues && { byJob: queues, jobsUseThem: true },
    ),
  );
  try {
    if (makeSuperadmin) {
      const { promoteToSuperadmin } = await import('../../functions/auth/api');
      console.log(
        `✔ ${process.argv[3]} is now SUPERADMIN: ${JSON.stringify(await promoteToSuperadmin(process.argv[3] ?? ''))}`,
      );
      return;
    }
    const { runJob } = await import('./scheduler');
    const started = Date.now();
    const result = await runJob(name!);
    if (queues && name) {
      console.log(
        `… ${name}: units sent to its queue, waiting for the workers of npm start: ${JSON.stringify(result)}`,
      );
      while ((await queueDepth(`http://127.0.0.1:${ports.sqs}`, queues[name]!.queueUrl)) > 0)
        await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`✔ ${name} finished in ${Date.now() - started} ms: ${JSON.stringify(result)}`);
  } finally {
    await emulators?.stop();
  }
}

main().catch((err) => {
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});

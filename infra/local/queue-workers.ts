import type { Server } from 'node:http';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import { fanOutJobs, type JobName } from '../../events/schedules';
import type { JobQueues } from '../../functions/lib/jobs/queue';
import { fanOutQueueNames, MAX_RECEIVES } from '../../functions/lib/jobs/queue-names';
import { loadJob } from './scheduler';

/**
 * The fan-out jobs' queues locally (issue 30).
 *
 * THE EMULATOR: local-aws-sqs (npm, Inqnuam), run in this process on a free port. Chosen because it is an
 * SQS server, not a mock: it speaks both protocols the AWS SDK v3 uses (JSON and Query), keeps SQS's
 * at-least-once delivery, visibility timeouts, ApproximateReceiveCount and RedrivePolicy (a message received
 * more than maxReceiveCount times moves to the dead-letter queue), long polling and batch calls — the
 * semantics our engine relies on — with no Java or Docker (ElasticMQ, LocalStack) on a 2-core machine.
 *
 * THE EVENT SOURCE MAPPING: Lambda's poller does not exist locally, so `startQueueWorkers` stands in for
 * it: N pollers per queue (default 1) long-poll ReceiveMessage (batches of up to 10), invoke the job's
 * handler with the event Lambda sends (Records with messageId, receiptHandle, body and the attribute
 * ApproximateReceiveCount), delete the records not listed in the answer's batchItemFailures, and leave
 * the failed ones to reappear after the visibility timeout — so the queue's own redrive parks them.
 * A handler that throws fails the whole batch, as with Lambda.
 */
export const QUEUE_VISIBILITY_SECONDS = 60;
const creds = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function startSqsEmulator(port: number): Promise<{ port: number; stop(): Promise<void> }> {
  const server: Server = await createSqsServer({
    port,
    hostname: '127.0.0.1',
    // A test stack is created, dropped and created again within a minute: no 60-second name wait.
    emulateQueueCreationLifecycle: false,
  });
  const actual = (server.address() as { port: number }).port;
  return {
    port: actual,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

export const sqsFor = (endpoint: string) => new SQSClient({ region: 'us-east-1', endpoint, credentials: creds });

/** The job's queue names, as CDK names them (its prefix `sayyara` locally). */
export const queueNames = (job: string) => fanOutQueueNames('sayyara', job);

/** What bootstrap creates for every fan-out job: a DLQ, then its queue with the redrive policy to it. */
export async function bootstrapQueues(
  endpoint: string,
  visibilitySeconds = QUEUE_VISIBILITY_SECONDS,
  jobs: readonly JobName[] = fanOutJobs(),
): Promise<Record<string, JobQueues>> {
  const sqs = sqsFor(endpoint);
  const out: Record<string, JobQueues> = {};
  try {
    for (const job of jobs) {
      const names = queueNames(job);
      const dlq = await sqs.send(
        new CreateQueueCommand({ QueueName: names.dlq, Attributes: { MessageRetentionPeriod: String(14 * 86_400) } }),
      );
      const attrs = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
      );
      const queue = await sqs.send(
        new CreateQueueCommand({
          QueueName: names.queue,
          Attributes: {
            VisibilityTimeout: String(visibilitySeconds),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: attrs.Attributes?.QueueArn,
              maxReceiveCount: MAX_RECEIVES,
            }),
          },
        }),
      );
      out[job] = { queueUrl: queue.QueueUrl!, dlqUrl: dlq.QueueUrl! };
    }
  } finally {
    sqs.destroy();
  }
  return out;
}

export interface QueueWorkerOptions {
  endpoint: string;
  queues: Record<string, JobQueues>;
  /** Pollers per queue (Lambda's concurrency for the queue), default 1 (QUEUE_WORKERS locally). */
  workers?: number;
  /** Overrides the queue's visibility timeout on each receive (tests: a second or two). */
  visibilitySeconds?: number;
  waitSeconds?: number;
  log?: (line: string) => void;
}

export interface QueueWorkers {
  /** Batches handled so far, and records failed. */
  stats: { batches: number; records: number; failed: number };
  stop(): Promise<void>;
}

export function startQueueWorkers(o: QueueWorkerOptions): QueueWorkers {
  const sqs = sqsFor(o.endpoint);
  const stats = { batches: 0, records: 0, failed: 0 };
  let stopping = false;
  const loops: Promise<void>[] = [];
  const workers = o.workers ?? Number(process.env.QUEUE_WORKERS ?? 1);
  for (const [job, q] of Object.entries(o.queues)) {
    const handler = loadJob(job as JobName);
    for (let i = 0; i < workers; i++) loops.push(poll(job, q.queueUrl, handler));
  }

  async function poll(job: string, queueUrl: string, handlerP: ReturnType<typeof loadJob>) {
    const handler = await handlerP;
    while (!stopping) {
      try {
        const res = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: o.waitSeconds ?? 1,
            ...(o.visibilitySeconds !== undefined ? { VisibilityTimeout: o.visibilitySeconds } : {}),
            // local-aws-sqs answers the system attributes to the older AttributeNames only.
            AttributeNames: ['All'],
          }),
        );
        // A receive can hand the same message twice when its visibility ended during the long poll: once each.
        const messages = [...new Map((res.Messages ?? []).map((m) => [m.MessageId, m])).values()];
        if (!messages.length) continue;
        const event = {
          Records: messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: {
              ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
              SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
            },
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueNames(job).queue}`,
            awsRegion: 'us-east-1',
          })),
        };
        let failed = new Set<string>(event.Records.map((r) => r.messageId));
        try {
          const answer = (await handler(event)) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
          failed = new Set((answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (err) {
          o.log?.(`queue ${job}: the handler threw, the whole batch comes back: ${(err as Error).message}`);
        }
        stats.batches++;
        stats.records += messages.length;
        stats.failed += failed.size;
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length)
          await sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, n) => ({ Id: String(n), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
      } catch (err) {
        if (stopping) break;
        o.log?.(`queue ${job}: poll failed: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  return {
    stats,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      sqs.destroy();
    },
  };
}

/** How many messages a queue holds (visible and in flight): the bench and `npm run job` wait for 0. */
export async function queueDepth(endpoint: string, queueUrl: string): Promise<number> {
  const sqs = sqsFor(endpoint);
  try {
    const res = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  } finally {
    sqs.destroy();
  }
}

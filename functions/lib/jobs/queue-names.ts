/**
 * The names the fan-out engine (./queue.ts), the CDK stacks and the local stack agree on, without the
 * engine's imports (the CDK app reads these).
 */
/** Receives before SQS's redrive parks a unit in the dead-letter queue (CDK, local bootstrap, the engine). */
export const MAX_RECEIVES = 3;
const envPart = (job: string) => job.toUpperCase().replace(/-/g, '_');
/** The job Lambda's switch to queue mode: its queue's URL (CDK sets it on the job's Lambda; the local stack too). */
export const queueEnvName = (job: string) => `JOB_QUEUE_URL_${envPart(job)}`;
/** A job's queue and dead-letter queue names (`<prefix>-<job>`, `<prefix>-<job>-dlq`). */
export const fanOutQueueNames = (prefix: string, job: string) => ({
  queue: `${prefix}-${job}`,
  dlq: `${prefix}-${job}-dlq`,
});

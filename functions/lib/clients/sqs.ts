import type { SQSClient } from '@aws-sdk/client-sqs';

/**
 * The SQS client of the fan-out jobs (lib/jobs/queue.ts), loaded lazily (`import()`): only a job Lambda
 * that fans out, or the operator's Lambda reading the dead-letter queues, ever loads the SQS SDK; every
 * other Lambda's bundle stays without it (test/infra bundle budgets). Locally `SQS_ENDPOINT` points at
 * the local-aws-sqs emulator (infra/local/emulators.ts), which accepts any key.
 */
let client: Promise<{ sqs: SQSClient; sdk: typeof import('@aws-sdk/client-sqs') }> | undefined;

export function sqsClient() {
  if (!client)
    client = import('@aws-sdk/client-sqs').then((sdk) => {
      const endpoint = process.env.SQS_ENDPOINT || undefined;
      const sqs = new sdk.SQSClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        endpoint,
        credentials: endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
        maxAttempts: 3,
      });
      return { sqs, sdk };
    });
  return client;
}

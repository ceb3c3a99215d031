/**
 * The Lambda client, in its own module loaded on first use (`import('./clients/lambda')`): only a request that
 * starts a background task (functions/lib/tasks.ts) needs it, so it stays out of every handler's cold start.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

let client: LambdaClient | undefined;

/** An asynchronous invocation (InvocationType 'Event'): Lambda queues it, retries it twice on error. */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  client ??= new LambdaClient({ region: process.env.AWS_REGION });
  await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify(payload)),
    }),
  );
}

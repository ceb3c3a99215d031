import { execFileSync } from 'node:child_process';
import {
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '../table-definition';
import { runSelfCheckOverHttp } from './self-check-client';

/**
 * The restore drill (README "Restore drill"), against AWS:
 *  1. RestoreTableToPointInTime: the stack's table (`--source`) as it was at `--time` (ISO 8601;
 *     default: the latest restorable time) into a NEW table `--target`;
 *  2. wait until it is ACTIVE, then turn on what a restore does not copy: PITR and the TTL attribute;
 *  3. `--deploy`: `npx cdk deploy --all -c tableName=<target>` points every Lambda at it
 *     (infra/stacks/data-stack.ts restoredTableName; the old table stays, retained);
 *  4. the self-check: GET <url>/api/health and, with SAYYARA_TOKEN (an owner's access token), a self-check
 *     run (a background task: POST <url>/api/v1/accounting/self-check, its task polled, then GET the stored
 *     result: ./self-check-client.ts) — every check must pass.
 *
 *   node --import tsx infra/ops/restore-drill.ts --source <table> --target <new>
 *     [--time <iso>] [--deploy] [--url <app>]
 * The local equivalent (export and re-import of the local data): infra/ops/local-backup.ts.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const source = arg('source');
  const target = arg('target');
  if (!source || !target)
    throw new Error('usage: restore-drill.ts --source <table> --target <new table> [--time <iso>]');
  const time = arg('time');
  const ddb = new DynamoDBClient({});
  console.log(`1. restoring ${source} ${time ? `as of ${time}` : '(latest restorable time)'} into ${target}`);
  await ddb.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: source,
      TargetTableName: target,
      ...(time ? { RestoreDateTime: new Date(time) } : { UseLatestRestorableTime: true }),
    }),
  );
  console.log('2. waiting for the table to be ACTIVE (large tables take a while)');
  await waitUntilTableExists({ client: ddb, maxWaitTime: 6 * 3600 }, { TableName: target });
  await ddb.send(
    new UpdateContinuousBackupsCommand({
      TableName: target,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    }),
  );
  await ddb.send(
    new UpdateTimeToLiveCommand({
      TableName: target,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  if (process.argv.includes('--deploy')) {
    console.log(`3. npx cdk deploy --all -c tableName=${target}`);
    execFileSync('npx', ['cdk', 'deploy', '--all', '--require-approval', 'never', '-c', `tableName=${target}`], {
      stdio: 'inherit',
    });
  } else console.log(`3. point the stacks at it: npx cdk deploy --all -c tableName=${target}`);
  const url = arg('url')?.replace(/\/+$/, '');
  if (!url) return console.log('4. run the self-check: --url <app url> with SAYYARA_TOKEN');
  const health = await fetch(`${url}/api/health`);
  console.log(`4. GET /api/health → ${health.status}`);
  if (!health.ok) process.exitCode = 1;
  if (process.env.SAYYARA_TOKEN) {
    const check = await runSelfCheckOverHttp(url, process.env.SAYYARA_TOKEN);
    console.log(`   self-check run ${check.taskId ?? '-'} → ${check.ok ? 'every check passed' : check.problem}`);
    for (const c of check.checks) console.log(`   ${c.passed ? 'passed' : 'FAILED'} ${c.name}`);
    if (!check.ok) process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/emulators';
import { startLocalStack } from '../../infra/local/stack';
import { bookingSection, conflictSection, latencySection } from './api';
import { accountingSection } from './accounting';
import { invoicingSection } from './invoicing';
import { gpsSection } from './gps';
import { analyticsSection } from './analytics';
import { revenueSection } from './revenue';
import { scaleSection } from './scale';
import { bundlesSection } from './bundles';
import { shardsSection } from './shards';
import { fanoutSection } from './fanout';
import { formatTable, type Check, type Section } from './checks';
import { buildWebApp, lighthouseChecks } from './lighthouse';

/**
 * `npm run bench`: the budgets of DESIGN.md §10, measured on a fresh local stack (DynamoDB Local,
 * cognito-local, s3rver, the local gateway) started on free ports, plus the Lambda bundles.
 *
 *  - latency: GET /api/health and GET /api/v1/vehicles/{id}, p50/p95 over BENCH_N sequential
 *    requests, and DynamoDB round trips per request (x-ddb-calls / x-ddb-rcu / x-ddb-wcu headers);
 *  - booking: POST /api/v1/rentals one at a time vs 20 concurrent (different vehicles), the ratio
 *    of the p50s beside the read-only ratio of the same run (≤ 2× it, DESIGN.md §10), calls/WCU per booking;
 *  - conflicts: conflict-check capacity for a vehicle with 10 and with 2,000 past rentals;
 *  - accounting: trial balance and balance sheet capacity with 100 vs 10,000 journal entries
 *    (equal within 20%), and 20 concurrent payments on different rentals vs one at a time (≤ 2× the read ratio)
 *    (./accounting.ts);
 *  - invoicing: the invoicing job over 2,000 active monthly rentals — time and DynamoDB calls per
 *    rental, and a re-run that writes nothing but its run record (./invoicing.ts);
 *  - gps: positions/s ingested through the local gateway (OsmAnd one at a time, 10 devices at
 *    once, JSON batches) and DynamoDB round trips per position (./gps.ts);
 *  - bundles: each domain Lambda's entry chunk vs 300 KB and its import time vs 150 ms, with the
 *    figures of the previous bundling rule (AWS SDK external) beside them;
 *  - lighthouse: mobile performance ≥ 90 and accessibility ≥ 95 on `/` and `/auth` of the web app
 *    built at start (./lighthouse.ts).
 * Lines without a budget print their figure only. BENCH_ONLY=booking,bundles runs a subset.
 * It reports; it does not gate CI (exit 0).
 *
 *  - revenue: the recognise-revenue job's DynamoDB calls per active rental, 100 vs 10,000 past rentals (./revenue.ts);
 *  - shards: each due index's largest shard's share of writes, N items of M companies (./shards.ts);
 *  - fanout: the invoicing job through the local SQS queue, 5,000 due rentals of 200 companies, 1 and 4 workers
 *    (./fanout.ts);
 *  - scale: every GET list/search/report route at 100 vs 100,000 rentals, calls and RCU within 20 % (./scale.ts);
 * To add lines, write a Section (./checks.ts) and add it to SECTIONS.
 */
const root = resolve(import.meta.dirname, '../..');
const out = join(root, 'test', '.out', 'bench');

/** Lighthouse (mobile) on the built public pages, served by the same local stack. */
const lighthouseSection: Section = {
  name: 'lighthouse',
  needsStack: true,
  async run({ base }) {
    console.log('  building the web app (Lighthouse measures the built pages)');
    buildWebApp(root);
    return (await lighthouseChecks(base)).map((l) => ({
      check: l.name,
      measured: l.value,
      budget: { text: l.budget, pass: l.pass },
    }));
  },
};

const SECTIONS: Section[] = [
  latencySection,
  bookingSection,
  conflictSection,
  accountingSection,
  invoicingSection,
  lighthouseSection,
  bundlesSection(root, join(out, 'bundles')),
  gpsSection,
  analyticsSection,
  revenueSection,
  shardsSection,
  fanoutSection,
  scaleSection,
];

async function main() {
  process.env.LOG_LEVEL ??= 'warn'; // request logs would bury the table
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const selected = SECTIONS.filter((s) => !only || only.includes(s.name));
  const checks: Check[] = [];
  const runSection = async (section: Section, base: string) => {
    console.log(`▶ ${section.name}`);
    try {
      checks.push(...(await section.run({ base })));
    } catch (err) {
      checks.push({
        check: `${section.name}: did not finish`,
        measured: String((err as Error).message ?? err).split('\n')[0],
        budget: { text: 'runs', pass: false },
      });
    }
  };

  const onStack = async (sections: Section[], inMemoryTable: boolean) => {
    if (!sections.length) return;
    const dataDir = join(out, `stack-${process.pid}${inMemoryTable ? '-memory' : ''}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const [dynamodb, cognito, s3, ses, gatewayPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    console.log(`▶ starting a fresh local stack (gateway :${gatewayPort}${inMemoryTable ? ', table in memory' : ''})`);
    const stack = await startLocalStack({
      dataDir,
      ports: { dynamodb, cognito, s3, ses },
      gatewayPort,
      webDir: join(root, 'web/dist'),
      scheduler: false,
      edgeLimits: 'keyed', // load from one address: the edge limits are tested, not benched
      log: () => {},
      inMemoryTable,
    });
    Object.assign(process.env, stack.env, { SAYYARA_URL: stack.url });
    try {
      for (const section of sections) await runSection(section, stack.url.replace('localhost', '127.0.0.1'));
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const withStack = selected.filter((s) => s.needsStack);
  await onStack(
    withStack.filter((s) => !s.inMemoryTable),
    false,
  );
  await onStack(
    withStack.filter((s) => s.inMemoryTable),
    true,
  );
  for (const section of selected.filter((s) => !s.needsStack)) await runSection(section, '');

  console.log('\n' + formatTable(checks));
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(0);
});

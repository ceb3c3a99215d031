import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { freePort } from '../../infra/local/emulators';
import { startLocalStack } from '../../infra/local/stack';
import { buildWebApp, lighthouseChecks } from './lighthouse';

/**
 * `npm run bench`: the budgets of DESIGN.md §10, measured on a fresh local stack (DynamoDB Local,
 * cognito-local, s3rver, the local gateway) started on free ports.
 *
 *  - GET /api/health and GET /api/v1/vehicles/{id}: p50/p95 latency over N sequential requests and
 *    DynamoDB consumed capacity per request (x-ddb-calls / x-ddb-rcu / x-ddb-wcu headers);
 *  - each domain Lambda bundle (esbuild: minify, node22, esm, @aws-sdk/* external) vs 300 KB, and
 *    its import time in a fresh Node process vs 150 ms;
 *  - booking latency p50/p95 at 20 concurrent POST /api/v1/rentals (different vehicles);
 *  - conflict-check consumed capacity for a vehicle with 10 and with 2,000 past rentals (blocks
 *    seeded with scheduleBlockItem via BatchWrite): must be equal within 20%;
 *  - Lighthouse (mobile) performance ≥ 90 and accessibility ≥ 95 on `/` and `/auth` of the web app
 *    built at start (test/bench/lighthouse.ts).
 * Local latencies are not Lambda latencies; the capacity figures are the portable ones.
 * It reports; it does not gate CI (exit 0).
 */
const root = resolve(import.meta.dirname, '../..');
const out = join(root, 'test', '.out', 'bench');
const N = Number(process.env.BENCH_N ?? 200);

type Row = { check: string; value: string; budget: string; verdict: string };
const rows: Row[] = [];
const add = (check: string, value: string, budget = '', verdict = '') => rows.push({ check, value, budget, verdict });

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { ms: performance.now() - t0, res };
}

function capacity(res: Response) {
  return {
    calls: Number(res.headers.get('x-ddb-calls') ?? NaN),
    rcu: Number(res.headers.get('x-ddb-rcu') ?? NaN),
    wcu: Number(res.headers.get('x-ddb-wcu') ?? NaN),
  };
}

async function latencySeries(label: string, url: string, token?: string) {
  const times: number[] = [];
  let cap = { calls: 0, rcu: 0, wcu: 0 };
  for (let i = 0; i < N; i++) {
    const { ms: t, res } = await timed(() => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
    times.push(t);
    cap = capacity(res);
  }
  add(`${label} p50 / p95 (n=${N})`, `${ms(pct(times, 50))} / ${ms(pct(times, 95))}`, 'local figure');
  add(`${label} DynamoDB per request`, `${cap.calls} calls, ${cap.rcu} RCU, ${cap.wcu} WCU`, 'reads 1–2 round trips', cap.calls <= 3 ? 'PASS' : 'FAIL');
}

function bundles() {
  const domains = readdirSync(join(root, 'functions')).filter((d) => existsSync(join(root, 'functions', d, 'handler.ts')));
  mkdirSync(out, { recursive: true });
  for (const d of domains) {
    // Code splitting, as a lazily imported module (the rentals contract PDF: pdf-lib + fontkit)
    // is only loaded on first use: the entry chunk is what a cold start loads.
    const dir = join(out, d);
    rmSync(dir, { recursive: true, force: true });
    const build = spawnSync(join(root, 'node_modules/.bin/esbuild'), [
      join(root, 'functions', d, 'handler.ts'), '--bundle', '--minify', '--platform=node', '--target=node22', '--format=esm',
      '--splitting', `--outdir=${dir}`, '--entry-names=handler', '--out-extension:.js=.mjs',
      '--external:@aws-sdk/*', '--log-level=error',
      // ESM bundles of CommonJS dependencies need a require().
      '--banner:js=import{createRequire as __cr}from"module";const require=__cr(import.meta.url);',
    ], { encoding: 'utf8' });
    if (build.status !== 0) {
      add(`bundle ${d}`, `build failed: ${build.stderr.split('\n')[0]}`, '≤ 300 KB', 'FAIL');
      continue;
    }
    const entry = join(dir, 'handler.mjs');
    const entryKb = statSync(entry).size / 1024;
    const totalKb = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 1024;
    add(`bundle ${d} (entry / all chunks)`, `${entryKb.toFixed(0)} KB / ${totalKb.toFixed(0)} KB`, '≤ 300 KB', totalKb <= 300 ? 'PASS' : entryKb <= 300 ? 'entry PASS, total FAIL' : 'FAIL');
    const imp = spawnSync(process.execPath, ['--input-type=module', '-e',
      `const t=performance.now();await import(${JSON.stringify(entry)});console.log(performance.now()-t)`], { encoding: 'utf8', cwd: root, env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    const t = Number(imp.stdout.trim().split('\n').pop());
    add(`import ${d}`, Number.isFinite(t) ? ms(t) : `failed: ${imp.stderr.split('\n').find(Boolean) ?? ''}`, '≤ 150 ms', Number.isFinite(t) && t <= 150 ? 'PASS' : 'FAIL');
  }
}

async function main() {
  process.env.LOG_LEVEL ??= 'warn'; // request logs would bury the table
  const dataDir = join(out, `stack-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const [dynamodb, cognito, s3, ses, gatewayPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  console.log('▶ building the web app (Lighthouse measures the built pages)');
  buildWebApp(root);
  console.log(`▶ starting a fresh local stack (gateway :${gatewayPort})`);
  const stack = await startLocalStack({ dataDir, ports: { dynamodb, cognito, s3, ses }, gatewayPort, webDir: join(root, 'web/dist'), scheduler: false, log: () => {} });
  Object.assign(process.env, stack.env, { SAYYARA_URL: stack.url });
  const base = stack.url.replace('localhost', '127.0.0.1');
  try {
    const { registerTenant } = await import('../integration/fixtures');
    const { post } = await import('../integration/client');
    const owner = await registerTenant();
    const token = owner.token;

    console.log('▶ latency and capacity');
    await latencySeries('GET /api/health', `${base}/api/health`);
    let seq = 0;
    const vehicle = async () => {
      seq++;
      const res = await post('/api/v1/vehicles', {
        make: 'Bench', model: 'Car', year: 2024, licensePlate: `B ${seq}`, vin: `BENCH${String(seq).padStart(12, '0')}`,
        odometerKm: 1000, dailyRate: 100, category: 'sedan',
      }, token);
      if (res.status !== 201) throw new Error(`vehicle: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    const v1 = await vehicle();
    await latencySeries('GET /api/v1/vehicles/{id}', `${base}/api/v1/vehicles/${v1}`, token);

    console.log('▶ booking at 20 concurrent');
    const customer = await post('/api/v1/customers', { fullNameEnglish: 'Bench Renter', dateOfBirth: '1980-01-01' }, token);
    const customerId = customer.body.id as string;
    const single: number[] = [];
    for (let i = 0; i < 10; i++) {
      const vehicleId = await vehicle();
      const r = await timed(() => fetch(`${base}/api/v1/rentals`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId, vehicleId, startDate: '2031-06-01T10:00:00Z', endDate: '2031-06-04T10:00:00Z', dailyRate: 100 }),
      }));
      if (r.res.status === 201) single.push(r.ms);
      if (i === 9) add('booking DynamoDB per request (uncontended)', `${capacity(r.res).calls} calls, ${capacity(r.res).rcu} RCU, ${capacity(r.res).wcu} WCU`, 'reads 1–2 + one transaction');
    }
    add('POST /api/v1/rentals p50 / p95, one at a time', `${ms(pct(single, 50))} / ${ms(pct(single, 95))}`, 'local figure');
    const bookingTimes: number[] = [];
    const bookingCap: number[] = [];
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      const vehicles = await Promise.all(Array.from({ length: 20 }, () => vehicle()));
      const results = await Promise.all(vehicles.map((vehicleId, i) => timed(() => fetch(`${base}/api/v1/rentals`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId, vehicleId, startDate: new Date(Date.UTC(2031, 0, 1 + i)).toISOString(), endDate: new Date(Date.UTC(2031, 0, 4 + i)).toISOString(), dailyRate: 100 }),
      }))));
      for (const r of results) {
        if (r.res.status === 201) {
          bookingTimes.push(r.ms);
          bookingCap.push(capacity(r.res).wcu);
        } else refused++;
      }
    }
    add('POST /api/v1/rentals p50 / p95 at 20 concurrent', `${ms(pct(bookingTimes, 50))} / ${ms(pct(bookingTimes, 95))}`, 'local figure', refused === 0 ? 'PASS' : `FAIL (${refused} refused)`);
    add('booking write capacity (median WCU)', `${pct(bookingCap, 50)} WCU in one transaction`, 'writes: one transaction');

    console.log('▶ conflict check vs history');
    const { scheduleBlockItem } = await import('../../functions/vehicles/schedule');
    const { dynamo } = await import('../../functions/lib/clients/dynamo');
    const seedPast = async (vehicleId: string, count: number) => {
      const items = Array.from({ length: count }, (_, i) => {
        const start = Date.UTC(2020, 0, 1) + i * 2 * 86_400_000;
        return scheduleBlockItem(owner.tenantId, { vehicleId, kind: 'rental', refId: `PAST${String(i).padStart(6, '0')}`, start: new Date(start).toISOString(), end: new Date(start + 86_400_000).toISOString(), status: 'completed' });
      });
      for (let i = 0; i < items.length; i += 25) {
        let req: Record<string, unknown[]> | undefined = { [stack.env.TABLE_NAME ?? 'sayyara']: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
        while (req && Object.keys(req).length) {
          const res = await dynamo().send(new BatchWriteCommand({ RequestItems: req as never }));
          req = res.UnprocessedItems as typeof req;
        }
      }
    };
    const few = await vehicle();
    const many = await vehicle();
    await Promise.all([seedPast(few, 10), seedPast(many, 2000)]);
    const checkCost = async (vehicleId: string) => {
      const r = await timed(() => fetch(`${base}/api/v1/rentals/check-conflicts`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vehicleId, startDate: '2032-03-01T10:00:00Z', endDate: '2032-03-04T10:00:00Z' }),
      }));
      if (r.res.status !== 200) throw new Error(`check-conflicts: ${r.res.status}`);
      return { ...capacity(r.res), ms: r.ms };
    };
    const a = await checkCost(few);
    const b = await checkCost(many);
    const within = Math.abs(a.rcu - b.rcu) <= 0.2 * Math.max(a.rcu, b.rcu);
    add('conflict check, 10 past rentals', `${a.rcu} RCU, ${a.calls} calls, ${ms(a.ms)}`);
    add('conflict check, 2,000 past rentals', `${b.rcu} RCU, ${b.calls} calls, ${ms(b.ms)}`, 'equal within 20%', within ? 'PASS' : 'FAIL');

    console.log('▶ Lighthouse (mobile) on / and /auth');
    for (const l of await lighthouseChecks(stack.url)) add(l.name, l.value, l.budget, l.pass ? 'PASS' : 'FAIL');
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('▶ bundles and import time');
  bundles();

  const w = [Math.max(...rows.map((r) => r.check.length)), Math.max(...rows.map((r) => r.value.length)), Math.max(...rows.map((r) => r.budget.length))];
  console.log('\n' + ['check'.padEnd(w[0]), 'measured'.padEnd(w[1]), 'budget'.padEnd(w[2]), 'verdict'].join(' │ '));
  console.log('─'.repeat(w[0] + w[1] + w[2] + 18));
  for (const r of rows) console.log([r.check.padEnd(w[0]), r.value.padEnd(w[1]), r.budget.padEnd(w[2]), r.verdict].join(' │ '));
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(0);
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE, LAMBDA_BUNDLE_SDK_EXTERNAL } from '../../infra/stacks/bundling';
import { budget, median, ms, type Check, type Section } from './checks';

/**
 * Bundle size and cold import time of every domain handler, built with the deployed bundling
 * rules (infra/stacks/bundling.ts) and, for comparison, with the previous rule (AWS SDK external,
 * loaded from node_modules as the Lambda runtime's copy would be). Code splitting as for lazily
 * imported modules (the PDF module, the S3 SDK): what a cold start loads is the entry chunk and
 * every chunk it imports statically (followed through esbuild's metafile); lazy chunks apart.
 *
 * Size budget (≤ 250 KB, issue 28; 300 KB before): the application's code and its libraries,
 * WITHOUT the AWS SDK. The budget was set and measured with the SDK external (taken from the
 * Lambda runtime); bundling the SDK for a faster import adds ~200–230 KB of SDK that is printed
 * beside it, not judged. What only some routes need (write paths that post through accounting,
 * report downloads and their wording, the invoicing runs, inspections) loads with its first route
 * (a lazy chunk); zod alone is ~96 KB of every domain. And the rentals Lambda loads no domain
 * above its own tier (4) at a cold start.
 *
 * Import time (≤ 150 ms "on an idle machine"): a fresh Node process imports the entry chunk,
 * IMPORT_RUNS times. The verdict uses the median CPU time of the import (user + system), which is
 * what the import costs on an idle machine; the wall-clock median is printed beside it, since on a
 * shared machine it mostly measures the other processes.
 */
export const BUNDLE_BUDGET_KB = 250;
const IMPORT_BUDGET_MS = 150;
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 7);

/** The domains above rentals' tier 4 (TIERS in functions/lib/tiers.test.ts): none of them in rentals' cold start. */
export const ABOVE_RENTALS_TIER = [
  'invoices',
  'payments',
  'maintenance',
  'tickets',
  'gps',
  'collections',
  'finance',
  'analytics',
  'insights',
  'fleet-health',
  'jobs',
];
/** The domains (functions/<domain>/) whose code a cold start loads. */
export const domainsLoaded = (staticInputs: string[]) =>
  [...new Set(staticInputs.map((i) => /^functions\/([^/]+)\//.exec(i)?.[1]).filter((d): d is string => !!d))].sort();

type BundleRule = typeof LAMBDA_BUNDLE;
const isSdk = (input: string) =>
  /node_modules\/(@aws-sdk|@smithy|@aws-crypto|@aws\/lambda-invoke-store|fast-xml-parser|strnum|mnemonist|obliterator|bowser|tslib|uuid)\//.test(
    input,
  );

/**
 * One handler bundled as deployed; `staticInputs`: the source files of what a cold start loads. Also used by
 * functions/security/bundle.test.ts.
 */
export async function bundle(root: string, entry: string, outdir: string, rule: BundleRule = LAMBDA_BUNDLE) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { handler: entry },
    bundle: true,
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    platform: rule.platform,
    target: rule.target,
    format: rule.format,
    mainFields: rule.mainFields,
    minify: rule.minify,
    external: rule.external,
    banner: { js: rule.banner },
    logLevel: 'error',
    absWorkingDir: root,
    metafile: true,
  });
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((o) => o.endsWith('handler.mjs'))!;
  // The static closure of the entry chunk.
  const loaded = new Set<string>();
  const stack = [entryOut];
  while (stack.length) {
    const o = stack.pop()!;
    if (loaded.has(o)) continue;
    loaded.add(o);
    for (const imp of outputs[o].imports)
      if (imp.kind === 'import-statement' && outputs[imp.path]) stack.push(imp.path);
  }
  let staticBytes = 0;
  let sdkBytes = 0;
  const staticInputs = new Set<string>();
  for (const o of loaded) {
    staticBytes += outputs[o].bytes;
    for (const [input, v] of Object.entries(outputs[o].inputs)) {
      if (isSdk(input)) sdkBytes += v.bytesInOutput;
      if (v.bytesInOutput > 0) staticInputs.add(input);
    }
  }
  const totalBytes = Object.entries(outputs)
    .filter(([o]) => o.endsWith('.mjs'))
    .reduce((n, [, v]) => n + v.bytes, 0);
  const allInputs = [...new Set(Object.values(outputs).flatMap((o) => Object.keys(o.inputs)))];
  return {
    entryFile: join(outdir, 'handler.mjs'),
    staticInputs: [...staticInputs],
    allInputs,
    staticKb: staticBytes / 1024,
    sdkKb: sdkBytes / 1024,
    appKb: (staticBytes - sdkBytes) / 1024,
    lazyKb: (totalBytes - staticBytes) / 1024,
  };
}

function importTimes(root: string, file: string): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const c=process.cpuUsage();const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});const u=process.cpuUsage(c);console.log(performance.now()-t,(u.user+u.system)/1000)`,
      ],
      { encoding: 'utf8', cwd: root, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    );
    const [w, c] = (run.stdout.trim().split('\n').pop() ?? '').split(' ').map(Number);
    if (!Number.isFinite(w) || !Number.isFinite(c))
      throw new Error(run.stderr.split('\n').find(Boolean) ?? 'import failed');
    wall.push(w);
    cpu.push(c);
  }
  return { wall, cpu };
}

export function bundlesSection(root: string, out: string): Section {
  return {
    name: 'bundles',
    needsStack: false,
    async run() {
      const checks: Check[] = [];
      const domains = readdirSync(join(root, 'functions')).filter((d) =>
        existsSync(join(root, 'functions', d, 'handler.ts')),
      );
      mkdirSync(out, { recursive: true });
      for (const d of domains) {
        const entry = join(root, 'functions', d, 'handler.ts');
        try {
          const before = await bundle(root, entry, join(out, 'sdk-external', d), LAMBDA_BUNDLE_SDK_EXTERNAL);
          const beforeT = importTimes(root, before.entryFile);
          const now = await bundle(root, entry, join(out, 'deployed', d), LAMBDA_BUNDLE);
          const nowT = importTimes(root, now.entryFile);
          const kb = (n: number) => `${n.toFixed(0)} KB`;
          checks.push({
            check: `bundle ${d}: loaded at cold start, without the AWS SDK`,
            measured: kb(now.appKb),
            budget: budget(`≤ ${BUNDLE_BUDGET_KB} KB`, now.appKb <= BUNDLE_BUDGET_KB),
            note: `+ ${kb(now.sdkKb)} AWS SDK bundled = ${kb(now.staticKb)}; ${kb(now.lazyKb)} in lazy chunks; before: ${kb(before.staticKb)} + the SDK from node_modules`,
          });
          if (d === 'rentals') {
            const above = domainsLoaded(now.staticInputs).filter((x) => ABOVE_RENTALS_TIER.includes(x));
            checks.push({
              check: 'bundle rentals: domains above tier 4 loaded at cold start',
              measured: above.join(', ') || 'none',
              budget: budget('none', above.length === 0),
              note: `loads ${domainsLoaded(now.staticInputs).join(', ')}`,
            });
          }
          checks.push({
            check: `import ${d}: CPU time (median of ${IMPORT_RUNS})`,
            measured: ms(median(nowT.cpu)),
            budget: budget(`≤ ${IMPORT_BUDGET_MS} ms`, median(nowT.cpu) <= IMPORT_BUDGET_MS),
            note: `wall ${ms(median(nowT.wall))}; before (SDK external): CPU ${ms(median(beforeT.cpu))}, wall ${ms(median(beforeT.wall))}`,
          });
        } catch (err) {
          checks.push({
            check: `bundle ${d}`,
            measured: `failed: ${(err as Error).message.split('\n')[0]}`,
            budget: budget(`≤ ${BUNDLE_BUDGET_KB} KB`, false),
          });
        }
      }
      return checks;
    },
  };
}

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
 * loaded from node_modules as the Lambda runtime's copy would be). Code splitting as for a lazily
 * imported module (the contract PDF: pdf-lib + fontkit): the entry chunk is what a cold start
 * loads; lazy chunks are reported apart.
 *
 * Import time: a fresh Node process imports the entry chunk; the median of IMPORT_RUNS runs
 * (the machine is shared, single runs are noisy).
 */
const BUNDLE_BUDGET_KB = 300;
const IMPORT_BUDGET_MS = 150;
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 7);

type BundleRule = typeof LAMBDA_BUNDLE;

async function bundle(root: string, entry: string, outdir: string, rule: BundleRule) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { handler: entry }, bundle: true, splitting: true, outdir, outExtension: { '.js': '.mjs' },
    platform: rule.platform, target: rule.target, format: rule.format, mainFields: rule.mainFields, minify: rule.minify,
    external: rule.external, banner: { js: rule.banner }, logLevel: 'error', absWorkingDir: root,
  });
  const entryFile = join(outdir, 'handler.mjs');
  const entryKb = statSync(entryFile).size / 1024;
  const totalKb = readdirSync(outdir).reduce((n, f) => n + statSync(join(outdir, f)).size, 0) / 1024;
  return { entryFile, entryKb, totalKb };
}

function importTimes(root: string, file: string): number[] {
  const times: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e',
      `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-t)`],
    { encoding: 'utf8', cwd: root, env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    const t = Number(run.stdout.trim().split('\n').pop());
    if (!Number.isFinite(t)) throw new Error(run.stderr.split('\n').find(Boolean) ?? 'import failed');
    times.push(t);
  }
  return times;
}

export function bundlesSection(root: string, out: string): Section {
  return {
    name: 'bundles',
    needsStack: false,
    async run() {
      const checks: Check[] = [];
      const domains = readdirSync(join(root, 'functions')).filter((d) => existsSync(join(root, 'functions', d, 'handler.ts')));
      mkdirSync(out, { recursive: true });
      for (const d of domains) {
        const entry = join(root, 'functions', d, 'handler.ts');
        try {
          const before = await bundle(root, entry, join(out, 'sdk-external', d), LAMBDA_BUNDLE_SDK_EXTERNAL);
          const beforeMs = median(importTimes(root, before.entryFile));
          const now = await bundle(root, entry, join(out, 'deployed', d), LAMBDA_BUNDLE);
          const nowTimes = importTimes(root, now.entryFile);
          const nowMs = median(nowTimes);
          checks.push({
            check: `bundle ${d} (entry chunk)`, measured: `${now.entryKb.toFixed(0)} KB`,
            budget: budget(`≤ ${BUNDLE_BUDGET_KB} KB`, now.entryKb <= BUNDLE_BUDGET_KB),
            note: `${(now.totalKb - now.entryKb).toFixed(0)} KB in lazy chunks; before (SDK external): ${before.entryKb.toFixed(0)} KB + SDK from node_modules`,
          });
          checks.push({
            check: `import ${d} (median of ${IMPORT_RUNS})`, measured: ms(nowMs),
            budget: budget(`≤ ${IMPORT_BUDGET_MS} ms`, nowMs <= IMPORT_BUDGET_MS),
            note: `before (SDK external): ${ms(beforeMs)}; runs ${Math.round(Math.min(...nowTimes))}–${Math.round(Math.max(...nowTimes))} ms`,
          });
        } catch (err) {
          checks.push({ check: `bundle ${d}`, measured: `failed: ${(err as Error).message.split('\n')[0]}`, budget: budget(`≤ ${BUNDLE_BUDGET_KB} KB`, false) });
        }
      }
      return checks;
    },
  };
}

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../infra/local/emulators';
import { startLocalStack, type LocalStack } from '../infra/local/stack';

/**
 * Runs every layer in order: lint (Biome's formatter check and linter, line length), typecheck, unit (shared,
 * functions, infra/local), web unit (jsdom),
 * infra (CDK assertions + cdk-nag), then starts a fresh local stack on free ports and runs the
 * integration tests over HTTP and the Playwright tests in Debian's Chromium against it.
 *
 *   npm test                       everything
 * npm test -- --only integration [--grep file-filter[|filter…]]   one layer
 * (lint|typecheck|unit|web|infra|integration|e2e)
 */
const root = resolve(import.meta.dirname, '..');
const out = join(root, 'test', '.out');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const grep = args.includes('--grep') ? args[args.indexOf('--grep') + 1] : undefined;
const wants = (layer: string) => !only || only.split(',').includes(layer);

interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
}
const results: LayerResult[] = [];

// The environment before the local stack starts (it adds the Lambda environment to this process,
// for its in-process gateway): the layers that run meanwhile get this one, the others the stack's.
const baseEnv = { ...process.env };

function sh(cmd: string, argv: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((res) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...baseEnv, NODE_NO_WARNINGS: '1', ...env } });
    child.on('exit', (code) => res(code ?? 1));
  });
}

const bin = (pkg: string, rel: string) => join(root, 'node_modules', pkg, rel);

async function vitestLayer(name: string, config: string, env: Record<string, string> = {}, extra: string[] = []) {
  const started = Date.now();
  const report = join(out, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const code = await sh(
    process.execPath,
    [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--config',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extra,
      ...(grep ? grep.split('|') : []),
    ],
    env,
  );
  let passed = 0,
    failed = 0;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) || (r.numFailedTestSuites ?? 0);
  } else if (code !== 0) failed = 1;
  results.push({ name, passed, failed, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

/** The formatter and linter (biome.jsonc; `npm run format` fixes what it can) and the 120-character line rule. */
async function lint() {
  const started = Date.now();
  console.log('\n▶ lint (biome ci, line length)');
  const biome = await sh(process.execPath, [bin('@biomejs/biome', 'bin/biome'), 'ci', '--reporter=summary', '.']);
  const lines = await sh(process.execPath, [join(root, 'test/lint/line-length.mjs')]);
  const ok = biome === 0 && lines === 0;
  results.push({ name: 'lint', passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok, seconds: (Date.now() - started) / 1000 });
}

async function typecheck() {
  const started = Date.now();
  console.log('\n▶ typecheck (tsc --noEmit)');
  const code = await sh(process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
  results.push({
    name: 'typecheck',
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    ok: code === 0,
    seconds: (Date.now() - started) / 1000,
  });
}

async function playwrightLayer(stack: LocalStack) {
  const started = Date.now();
  const report = join(out, 'playwright.json');
  rmSync(report, { force: true });
  const code = await sh(
    process.execPath,
    [bin('@playwright/test', 'cli.js'), 'test', '--config', 'test/e2e/playwright.config.ts', ...(grep ? [grep] : [])],
    {
      ...stack.env,
      SAYYARA_URL: stack.url,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
  );
  let passed = 0,
    failed = 0;
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    passed = s.expected ?? 0;
    failed = (s.unexpected ?? 0) + (s.flaky ?? 0);
  } else if (code !== 0) failed = 1;
  results.push({ name: 'e2e', passed, failed, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

/**
 * Whether the run needs the demo company reset first. A whole run, or any e2e run, does. An
 * integration run narrowed by --grep does only when one of the files it selects mentions the demo
 * (a demo login, the demo's figures): a domain's own files work in tenants they create, and the
 * reset is most of a narrowed run's time. SAYYARA_DEMO=1 forces it.
 */
function needsDemo(): boolean {
  if (!grep || wants('e2e') || process.env.SAYYARA_DEMO === '1') return true;
  const filters = grep.split('|');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      if (name.name === 'node_modules' || name.name.startsWith('.')) continue;
      const p = join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else if (/\.(int\.)?test\.ts$/.test(name.name)) files.push(p);
    }
  };
  walk(join(root, 'functions'));
  walk(join(root, 'test/integration'));
  const selected = files.filter(
    (f) => (f.includes('/test/integration/') || f.endsWith('.int.test.ts')) && filters.some((g) => f.includes(g)),
  );
  return selected.some((f) => /demo/i.test(readFileSync(f, 'utf8')));
}

/** A fresh local stack on free ports (started while the layers that do not need it run). */
async function startStack() {
  const dataDir = join(out, `stack-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const free = await Promise.all(Array.from({ length: 6 }, () => freePort()));
  const [dynamodb, cognito, s3, ses, paytabs, gatewayPort] = free;
  console.log(
    `\n▶ starting a fresh local stack (gateway :${gatewayPort}, dynamodb :${dynamodb}, ` +
      `cognito :${cognito}, s3 :${s3}, ses :${ses}, paytabs :${paytabs})`,
  );
  const stack = await startLocalStack({
    dataDir,
    ports: { dynamodb, cognito, s3, ses, paytabs },
    gatewayPort,
    webDir: join(root, 'web/dist'),
    scheduler: false,
    log: process.env.GATEWAY_LOG === '1' ? (l) => console.log(l) : () => {},
  });
  return { stack, dataDir };
}

async function main() {
  mkdirSync(out, { recursive: true });
  const t0 = Date.now();
  const withStack = wants('integration') || wants('e2e');
  if (wants('e2e')) {
    console.log('\n▶ building the web app');
    const { ensureWebBuilt } = await import('../infra/local/prepare.mjs');
    ensureWebBuilt();
  }
  // The stack starts now and is awaited after the layers that do not need it (their time overlaps
  // the emulators' start-up); a failure to start is reported there.
  const stackReady = withStack ? startStack() : undefined;
  stackReady?.catch(() => undefined);
  try {
    if (wants('lint')) await lint();
    if (wants('typecheck')) await typecheck();
    if (wants('unit')) {
      console.log('\n▶ unit');
      await vitestLayer('unit', 'test/vitest.unit.config.ts');
    }
    if (wants('web') && existsSync(join(root, 'web/vitest.config.ts'))) {
      console.log('\n▶ web unit');
      await vitestLayer('web', 'web/vitest.config.ts');
    }
    if (wants('infra') && existsSync(join(root, 'test/vitest.infra.config.ts'))) {
      console.log('\n▶ infra');
      await vitestLayer('infra', 'test/vitest.infra.config.ts');
    }
    if (stackReady) {
      const { stack } = await stackReady;
      if (existsSync(join(root, 'functions/jobs/demo-reset.ts')) && needsDemo()) {
        const { runJob } = await import('../infra/local/scheduler');
        await runJob('demo-reset');
      } else console.log('  (no selected test file uses the demo company: demo reset skipped)');
      const env = { ...stack.env, SAYYARA_URL: stack.url };
      if (wants('integration')) {
        console.log('\n▶ integration');
        await vitestLayer('integration', 'test/vitest.integration.config.ts', env);
      }
      if (wants('e2e')) {
        console.log('\n▶ e2e (Playwright, Debian chromium)');
        await playwrightLayer(stack);
      }
    }
  } finally {
    const started = await stackReady?.catch(() => undefined);
    if (started) {
      await started.stack.stop();
      rmSync(started.dataDir, { recursive: true, force: true });
    }
  }

  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const ok = results.every((r) => r.ok);
  console.log('\n──────── summary ────────');
  for (const r of results)
    console.log(
      `${r.ok ? '✔' : '✖'} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed  (${r.seconds.toFixed(1)}s)`,
    );
  console.log(`total time ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  console.log(`Tests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
});

import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../infra/local/emulators';
import { startLocalStack, type LocalStack } from '../infra/local/stack';

/**
 * Runs every layer in order: lint (Biome's formatter check and linter, line length), typecheck, unit (shared,
 * functions, infra/local), web unit (jsdom),
 * infra (CDK assertions + cdk-nag), then starts a fresh local stack on free ports and runs the
 * integration tests over HTTP and the Playwright tests in Debian's Chromium against it. The demo company is reset
 * (while the first layers run) only for an e2e run or when a selected integration file is a `*.demo.int.test.ts`.
 * The summary names the slowest files and the longest layer.
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
function record(r: LayerResult) {
  results.push(r);
  if (laneLog.getStore())
    console.log(
      `  [checks] ${r.ok ? '✔' : '✖'} ${r.name} ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)}s)`,
    );
}
/** Seconds per test file (from the vitest and Playwright JSON reports): the slowest are named in the summary. */
const fileSeconds: { layer: string; file: string; seconds: number }[] = [];
/**
 * The tests that failed, with the first line of why: printed at the end of the summary, because a CI record keeps
 * only the tail of the output and a red run must say which test to look at.
 */
const failures: { layer: string; test: string; why: string }[] = [];
const firstLine = (message = '') =>
  (
    message
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
    .trim()
    .slice(0, 200);

// The environment before the local stack starts (it adds the Lambda environment to this process,
// for its in-process gateway): the layers that run meanwhile get this one, the others the stack's.
const baseEnv = { ...process.env };

/**
 * When the checks (the layers without the stack) run beside the stack's layers, their output goes to this log
 * (printed when they end, its tail on a failure) and the console gets one line per layer.
 */
const laneLog = new AsyncLocalStorage<string>();

/** A layer's heading: on the console, or into the lane's log with a one-line note on the console. */
function say(line: string) {
  const log = laneLog.getStore();
  if (!log) return console.log(line);
  appendFileSync(log, `${line}\n`);
  if (line.startsWith('\n▶')) console.log(`  [checks] ${line.trim()}`);
}

function sh(cmd: string, argv: string[], env: Record<string, string> = {}): Promise<number> {
  const log = laneLog.getStore();
  const fd = log ? openSync(log, 'a') : undefined;
  return new Promise((res) => {
    const child = spawn(cmd, argv, {
      cwd: root,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: {
        ...baseEnv,
        NODE_NO_WARNINGS: '1',
        ...(fd === undefined ? {} : { FORCE_COLOR: '0', NO_COLOR: '1' }),
        ...env,
      },
    });
    child.on('exit', (code) => {
      if (fd !== undefined) closeSync(fd);
      res(code ?? 1);
    });
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
    for (const f of r.testResults ?? []) {
      const file = f.name.replace(`${root}/`, '');
      for (const a of f.assertionResults ?? [])
        if (a.status === 'failed')
          failures.push({ layer: name, test: `${file} › ${a.fullName}`, why: firstLine(a.failureMessages?.[0]) });
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((a: { status: string }) => a.status === 'failed'))
        failures.push({ layer: name, test: file, why: firstLine(f.message) });
      if (f.endTime && f.startTime)
        fileSeconds.push({
          layer: name,
          file: f.name.replace(`${root}/`, ''),
          seconds: (f.endTime - f.startTime) / 1000,
        });
    }
  } else if (code !== 0) failed = 1;
  record({ name, passed, failed, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

/** The formatter and linter (biome.jsonc; `npm run format` fixes what it can) and the 120-character line rule. */
async function lint() {
  const started = Date.now();
  say('\n▶ lint (biome ci, line length)');
  const biome = await sh(process.execPath, [bin('@biomejs/biome', 'bin/biome'), 'ci', '--reporter=summary', '.']);
  const lines = await sh(process.execPath, [join(root, 'test/lint/line-length.mjs')]);
  const ok = biome === 0 && lines === 0;
  record({ name: 'lint', passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok, seconds: (Date.now() - started) / 1000 });
}

async function typecheck() {
  const started = Date.now();
  say('\n▶ typecheck (tsc --noEmit)');
  const code = await sh(process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
  record({
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
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const s = json.stats ?? {};
    passed = s.expected ?? 0;
    failed = (s.unexpected ?? 0) + (s.flaky ?? 0);
    fileSeconds.push(...playwrightFileSeconds(json.suites ?? []));
    failures.push(...playwrightFailures(json.suites ?? []));
  } else if (code !== 0) failed = 1;
  record({ name: 'e2e', passed, failed, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

/** Files that read the shared demo company are named so: the demo is reset before a run only when one is selected. */
const DEMO_FILE = /\.demo\.int\.test\.ts$/;
/** `--skip-demo-files` (test:domain without --demo): the integration layer leaves the demo files out. */
const skipDemoFiles = args.includes('--skip-demo-files');

/** The integration files a run selects: vitest.integration.config.ts's include, narrowed by --grep's substrings. */
function integrationFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (p.includes('/test/integration/') ? entry.name.endsWith('.test.ts') : entry.name.endsWith('.int.test.ts'))
        files.push(p.slice(root.length + 1));
    }
  };
  walk(join(root, 'functions'));
  walk(join(root, 'test/integration'));
  const filters = grep ? grep.split('|') : [];
  return files.filter(
    (f) => (!filters.length || filters.some((g) => f.includes(g))) && !(skipDemoFiles && DEMO_FILE.test(f)),
  );
}

interface PwSuite {
  file?: string;
  suites?: PwSuite[];
  title?: string;
  specs?: {
    file?: string;
    title?: string;
    tests: { projectName?: string; status?: string; results: { duration: number; error?: { message?: string } }[] }[];
  }[];
}
/** The e2e tests that did not pass at once (unexpected or flaky), with the first line of their first error. */
function playwrightFailures(suites: PwSuite[]) {
  const found: { layer: string; test: string; why: string }[] = [];
  const visit = (suite: PwSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky')
          found.push({
            layer: 'e2e',
            test: `test/e2e/${spec.file ?? suite.file} › ${t.projectName ?? ''} › ${spec.title ?? ''} (${t.status})`,
            why: firstLine(t.results.find((r) => r.error)?.error?.message),
          });
    for (const child of suite.suites ?? []) visit(child);
  };
  suites.forEach(visit);
  return found;
}
/** A spec file's seconds: the sum of its tests' durations (Playwright's JSON report has no file times). */
function playwrightFileSeconds(suites: PwSuite[]) {
  const byFile = new Map<string, number>();
  const visit = (suite: PwSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) {
          const file = `test/e2e/${spec.file ?? suite.file}`;
          byFile.set(file, (byFile.get(file) ?? 0) + r.duration / 1000);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  suites.forEach(visit);
  return [...byFile].map(([file, seconds]) => ({ layer: 'e2e', file, seconds }));
}

/**
 * Whether the run needs the demo company reset first: an integration run that selects a `*.demo.int.test.ts` file
 * (every other file works in tenants it creates), an e2e run of every spec, or of specs that mention the demo (they
 * sign in to it, or show its job runs). SAYYARA_DEMO=1 forces it.
 */
function needsDemo(): boolean {
  if (process.env.SAYYARA_DEMO === '1') return true;
  if (wants('integration') && integrationFiles().some((f) => DEMO_FILE.test(f))) return true;
  if (!wants('e2e')) return false;
  if (!grep) return true;
  const specs = readdirSync(join(root, 'test/e2e')).filter((f) => f.endsWith('.spec.ts'));
  const pattern = new RegExp(grep); // Playwright reads its file filter as a regular expression
  return specs.some(
    (f) => pattern.test(`test/e2e/${f}`) && /demo/i.test(readFileSync(join(root, 'test/e2e', f), 'utf8')),
  );
}

let demoSeconds: number | undefined;
/** The demo company to its seeded state (functions/jobs/demo-reset.ts), timed as a line of its own in the summary. */
async function demoReset() {
  const t = Date.now();
  console.log('\n▶ demo reset (a selected test file uses the demo company)');
  const { runJob } = await import('../infra/local/scheduler');
  process.env.DEMO_RESET_MAIN_ONLY = '1'; // the Saudi sister company: reset by its own test file (demo-reset.ts)
  await runJob('demo-reset');
  const seconds = (Date.now() - t) / 1000;
  console.log(`  demo reset done (${seconds.toFixed(0)}s)`);
  demoSeconds = seconds;
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
    edgeLimits: 'keyed', // the suites share 127.0.0.1: only requests with a limit key count (infra/local/rate-limiter.ts)
    log: process.env.GATEWAY_LOG === '1' ? (l) => console.log(l) : () => {},
  });
  return { stack, dataDir };
}

/** Settled when web/dist is built (or not needed): the e2e layer waits for it. */
let webBuilt: Promise<void> = Promise.resolve();

/** The layers that need no stack, in order; the web build first when e2e will serve it. */
async function checks() {
  if (wants('e2e')) {
    say('\n▶ building the web app');
    const build = "import { ensureWebBuilt } from './infra/local/prepare.mjs'; ensureWebBuilt();";
    webBuilt = sh(process.execPath, ['--input-type=module', '-e', build]).then((code) => {
      if (code !== 0) throw new Error('the web build failed');
    });
    await webBuilt;
  }
  if (wants('lint')) await lint();
  if (wants('typecheck')) await typecheck();
  if (wants('unit')) {
    say('\n▶ unit');
    await vitestLayer('unit', 'test/vitest.unit.config.ts');
  }
  if (wants('web') && existsSync(join(root, 'web/vitest.config.ts'))) {
    say('\n▶ web unit');
    await vitestLayer('web', 'web/vitest.config.ts');
  }
  if (wants('infra') && existsSync(join(root, 'test/vitest.infra.config.ts'))) {
    say('\n▶ infra');
    await vitestLayer('infra', 'test/vitest.infra.config.ts');
  }
}

async function main() {
  mkdirSync(out, { recursive: true });
  const t0 = Date.now();
  const withStack = wants('integration') || wants('e2e');
  const withChecks = ['lint', 'typecheck', 'unit', 'web', 'infra'].some(wants);
  // Two lanes at once: the checks (lint, typecheck, unit, web, infra: no stack) and the stack's (start, demo reset
  // when the run needs it, integration, e2e). With both, the checks write to test/.out/checks.log. --serial runs
  // the checks first, as before (the stack still starts beside them).
  const serial = args.includes('--serial');
  const log = withStack && withChecks && !serial ? join(out, 'checks.log') : undefined;
  if (log) rmSync(log, { force: true });
  let started: Awaited<ReturnType<typeof startStack>> | undefined;
  const withDemo = withStack && existsSync(join(root, 'functions/jobs/demo-reset.ts')) && needsDemo();
  const stackReady = withStack
    ? startStack().then(async (s) => {
        started = s;
        if (withDemo) await demoReset();
        else console.log('  (no selected test file uses the demo company: demo reset skipped)');
        return s;
      })
    : undefined;
  stackReady?.catch(() => undefined);
  const stackLane = async () => {
    if (!stackReady) return;
    const { stack } = await stackReady;
    const env = { ...stack.env, SAYYARA_URL: stack.url };
    if (wants('integration')) {
      console.log('\n▶ integration');
      const skip = skipDemoFiles ? ['--exclude', '**/*.demo.int.test.ts'] : [];
      await vitestLayer('integration', 'test/vitest.integration.config.ts', env, skip);
    }
    if (wants('e2e')) {
      await webBuilt;
      console.log('\n▶ e2e (Playwright, Debian chromium)');
      await playwrightLayer(stack);
    }
  };
  try {
    if (log) {
      const checksDone = laneLog.run(log, checks);
      const lanes = await Promise.allSettled([checksDone, stackLane()]);
      const checkNames = ['lint', 'typecheck', 'unit', 'web', 'infra'];
      const failed = results.some((r) => !r.ok && checkNames.includes(r.name)) || lanes[0].status === 'rejected';
      if (failed && existsSync(log)) {
        const lines = readFileSync(log, 'utf8').split('\n');
        console.log(`\n── checks (test/.out/checks.log${lines.length > 150 ? ', last 150 lines' : ''}) ──`);
        console.log(lines.slice(-150).join('\n'));
      } else console.log("\n  (the checks' output: test/.out/checks.log)");
      for (const lane of lanes) if (lane.status === 'rejected') throw lane.reason;
    } else {
      await checks();
      await stackLane();
    }
  } finally {
    await stackReady?.catch(() => undefined);
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
  const slowest = [...fileSeconds].sort((x, y) => y.seconds - x.seconds).slice(0, 8);
  if (slowest.length) {
    console.log('slowest files:');
    for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(6)}s  ${f.layer.padEnd(11)} ${f.file}`);
  }
  if (demoSeconds !== undefined) console.log(`· demo reset   ${demoSeconds.toFixed(1)}s (while the layers above ran)`);
  const longest = [...results].sort((x, y) => y.seconds - x.seconds)[0];
  if (longest) console.log(`longest layer: ${longest.name} (${longest.seconds.toFixed(0)}s)`);
  console.log(`total time ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  if (failures.length) {
    console.log('failed tests:');
    for (const f of failures.slice(0, 20)) console.log(`  ✖ ${f.layer.padEnd(11)} ${f.test}\n      ${f.why}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more (test/.out/*.json)`);
  }
  console.log(`Tests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
});

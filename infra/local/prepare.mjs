// Shared by `npm start` and `npm test`: plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
}

/**
 * A hash of the files' paths relative to the project and their contents (so a clone elsewhere, or a git worktree
 * sharing node_modules, matches).
 */
function hashFiles(files) {
  const h = createHash('sha256');
  for (const f of files) if (existsSync(f)) h.update(relative(root, f)).update(readFileSync(f));
  return h.digest('hex');
}

/** npm install when node_modules is missing or package.json / the lockfile changed since the last install. */
export function ensureInstalled() {
  const stamp = join(root, 'node_modules', '.sayyara-install-stamp');
  const want = hashFiles([join(root, 'package.json'), join(root, 'package-lock.json')]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('Installing dependencies (npm install)…');
  // npm ci fails on this registry (the lockfile lacks other platforms' optional packages).
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, want);
}

function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else if (!/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Builds web/dist when the web sources or the shared code they import changed. */
export function ensureWebBuilt({ force = false } = {}) {
  const files = [...listFiles(join(root, 'web')), ...listFiles(join(root, 'shared'))].sort();
  const want = hashFiles(files);
  const stamp = join(root, 'web', 'dist', '.build-stamp');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  if (!existsSync(join(root, 'web', 'vite.config.ts'))) {
    console.log('(no web app yet: skipping web build)');
    return;
  }
  console.log('Building the web app…');
  run(process.execPath, [
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
  mkdirSync(join(root, 'web', 'dist'), { recursive: true });
  writeFileSync(stamp, want);
}

/**
 * Debian's chromium for the browser tests (nothing downloads a browser of its own), and
 * poppler-utils, whose pdftoppm renders generated PDF pages to images in the browser tests.
 */
export function ensureChromium() {
  const missing = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/pdftoppm', 'poppler-utils'],
  ]
    .filter(([path]) => !existsSync(path))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`Installing Debian ${missing.join(' and ')} for browser tests (apt-get)…`);
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...missing]);
}

/**
 * Debian's Saxon-HE (libsaxonhe-java: /usr/share/java/Saxon-HE.jar), which runs the e-invoicing rules:
 * infra/local/zatca/validate-ksa (ZATCA's EN 16931 and KSA schematrons) and infra/local/einvoicing-validate.ts
 * (UBL + EN 16931) in the integration tests and the demo checks. Installed with apt-get as root (or through a
 * password-less sudo, as chromium above); otherwise a clear message with the command, and the run goes on: only
 * the e-invoicing validation tests need it (they fail naming the missing jar).
 */
export const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';
export function ensureSaxon() {
  if (existsSync(SAXON_JAR)) return;
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    asRoot
      ? spawnSync('apt-get', args, { cwd: root, stdio: 'inherit', env })
      : spawnSync('sudo', ['-n', 'apt-get', ...args], { stdio: 'inherit', env });
  console.log(`Installing Debian libsaxonhe-java for the e-invoicing validators (${SAXON_JAR} is missing)…`);
  const ok = apt(['update', '-qq']).status === 0 && apt(['install', '-y', '-qq', 'libsaxonhe-java']).status === 0;
  if (ok && existsSync(SAXON_JAR)) return;
  console.warn(
    `\n⚠ ${SAXON_JAR} is missing and could not be installed${asRoot ? '' : ' (not root, no password-less sudo)'}.\n` +
      '  Run as root: apt-get update && apt-get install -y libsaxonhe-java\n' +
      '  (the e-invoicing validation tests — validate-ksa, einvoicing-validate — need it; everything else runs).\n',
  );
}

/** Runs a TypeScript entry with tsx, forwarding signals so Ctrl-C stops every child. */
export function runTsx(entry, args = [], env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_NO_WARNINGS: '1', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', ...env },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}

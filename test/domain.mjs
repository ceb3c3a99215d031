#!/usr/bin/env node
// `npm run test:domain -- <domain> [<domain>…] [--demo]`: one domain's unit and integration tests (its
// functions/<domain>/ folder and shared/<domain>/), on a fresh local stack. Its files that read the shared demo
// company (`*.demo.int.test.ts`) run only with --demo, which resets the demo first; `npm test` and
// `npm test -- --only integration --grep functions/<domain>/` run them too.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureInstalled, runTsx } from '../infra/local/prepare.mjs';

const root = resolve(import.meta.dirname, '..');
const domains = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = domains.filter((d) => !existsSync(join(root, 'functions', d)));
if (!domains.length || unknown.length) {
  console.error(
    `Usage: npm run test:domain -- <domain>…  (a folder of functions/${unknown.length ? `; not one: ${unknown.join(', ')}` : ''})`,
  );
  process.exit(2);
}
const filters = domains.flatMap((d) => [
  `functions/${d}/`,
  ...(existsSync(join(root, 'shared', d)) ? [`shared/${d}/`] : []),
]);
const demo = process.argv.includes('--demo');
const demoFiles = readdirSync(join(root, 'functions'), { recursive: true })
  .map(String)
  .filter((f) => /\.demo\.int\.test\.ts$/.test(f) && domains.some((d) => f.startsWith(`${d}/`)));
if (demoFiles.length && !demo)
  console.log(`Leaving out the demo company's files (run with --demo for them): ${demoFiles.join(', ')}`);
ensureInstalled();
runTsx('test/harness.ts', [
  '--only',
  'unit,integration',
  '--grep',
  filters.join('|'),
  ...(demo ? [] : ['--skip-demo-files']),
]);

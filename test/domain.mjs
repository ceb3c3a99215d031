#!/usr/bin/env node
// `npm run test:domain -- <domain> [<domain>…]`: one domain's unit and integration tests (its
// functions/<domain>/ folder and shared/<domain>/), on a fresh local stack. The demo company is
// reset only when one of the selected integration files uses it (test/harness.ts needsDemo).
import { existsSync } from 'node:fs';
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
ensureInstalled();
runTsx('test/harness.ts', ['--only', 'unit,integration', '--grep', filters.join('|')]);

// Prints each route's initial JS (entry + the page chunk + their static imports, gzip) and the
// largest chunk, from web/dist/.vite/manifest.json. Budgets (DESIGN.md §10): sign-in route
// ≤ 150 KB gzip, no chunk > 250 KB gzip. Exit code 1 when over budget.
// Run after `npx vite build --config web/vite.config.ts`: node web/scripts/bundle-report.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(dist + file)).length);
  return gz.get(file);
};

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].filter((k) => manifest[k].file.endsWith('.js'));
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = {
  '/auth (sign-in)': 'src/features/auth/AuthPage.tsx',
  '/ (landing)': 'src/features/landing/LandingPage.tsx',
  '/dashboard': ['src/layout/AppLayout.tsx', 'src/features/dashboard/DashboardPage.tsx'],
};
let failed = false;
for (const [route, pages] of Object.entries(routes)) {
  const keys = closure([entry, ...[pages].flat()]);
  const total = keys.reduce((n, k) => n + size(manifest[k].file), 0);
  const over = route.startsWith('/auth') && total > 150 * 1024;
  failed ||= over;
  console.log(`${route.padEnd(18)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip${over ? '  OVER 150 KB' : ''}`);
}
const chunks = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
const largest = chunks
  .map((c) => [c.file, size(c.file)])
  .sort((a, b) => b[1] - a[1])
  .slice(0, 5);
for (const [file, n] of largest) {
  const over = n > 250 * 1024;
  failed ||= over;
  console.log(`chunk ${file.padEnd(40)} ${(n / 1024).toFixed(1).padStart(6)} KB gzip${over ? '  OVER 250 KB' : ''}`);
}
process.exit(failed ? 1 : 0);

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The local gateway (npm start) serves the API on port 3000; dev and preview forward /api there.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

/**
 * Stamps dist/service-worker.js with this build: its cache VERSION becomes a hash of the build's
 * file names, and its precache list gains the entry script, its static imports and CSS. Without
 * the stamp the worker file is byte-identical across releases, so browsers never install a new
 * worker: the "New version available! Reload to update?" prompt never shows and caches of old
 * releases are never cleared.
 */
function serviceWorkerBuildStamp(): Plugin {
  let outDir = '';
  let entryFiles: string[] = [];
  let buildId = '';
  return {
    name: 'sayyara-service-worker-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      buildId = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      if (entry?.type === 'chunk') {
        const css = [...(entry.viteMetadata?.importedCss ?? [])];
        entryFiles = [entry.fileName, ...entry.imports, ...css].map((f) => `/${f}`);
      }
    },
    closeBundle() {
      const file = join(outDir, 'service-worker.js');
      const source = readFileSync(file, 'utf8');
      const stamped = source
        .replace(/const VERSION = '[^']*';/, `const VERSION = 'sy-${buildId}';`)
        .replace(/const SHELL = \[([^\]]*)\];/, (_m, list: string) => `const SHELL = [${list}, ${entryFiles.map((f) => `'${f}'`).join(', ')}];`);
      if (stamped === source) throw new Error('service-worker.js: VERSION/SHELL markers not found; keep them in web/public/service-worker.js');
      writeFileSync(file, stamped);
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorkerBuildStamp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets scripts/bundle-report.mjs compute each route's initial JS from the chunk graph.
    manifest: true,
    // Budgets (DESIGN.md §10): sign-in route initial JS ≤ 150 KB gzip, no chunk over 250 KB gzip.
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});

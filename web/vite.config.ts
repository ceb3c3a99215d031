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
        .replace(
          /const SHELL = \[([^\]]*)\];/,
          (_m, list: string) => `const SHELL = [${list}, ${entryFiles.map((f) => `'${f}'`).join(', ')}];`,
        );
      if (stamped === source)
        throw new Error(
          'service-worker.js: VERSION/SHELL markers not found; keep them in web/public/service-worker.js',
        );
      writeFileSync(file, stamped);
    },
  };
}

/**
 * The public pages a new visitor opens first ('/', '/auth') are lazy chunks with their own
 * imports, found only after the entry script has run: one more network round trip before the
 * first paint. This stamps web/public/boot.js (which runs in <head>) with each such route's
 * chunks, so it adds `<link rel="modulepreload">` for the current route and they download
 * alongside the entry. Only the opened route's chunks are fetched.
 */
const PRELOADED_ROUTES: Record<string, string> = {
  '/': 'src/features/landing/LandingPage.tsx',
  '/auth': 'src/features/auth/AuthPage.tsx',
};

function routePreloadStamp(): Plugin {
  let outDir = '';
  let preloads: Record<string, string[]> = {};
  return {
    name: 'sayyara-route-preload-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const loadedWithEntry = new Set(entry ? [entry.fileName, ...entry.imports] : []);
      preloads = {};
      for (const [route, source] of Object.entries(PRELOADED_ROUTES)) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(source));
        if (!page) throw new Error(`route preload: no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name) || loadedWithEntry.has(name)) return;
          files.add(name);
          for (const dep of byFile.get(name)?.imports ?? []) visit(dep);
        };
        visit(page.fileName);
        preloads[route] = [...files].map((f) => `/${f}`);
      }
    },
    closeBundle() {
      const file = join(outDir, 'boot.js');
      const source = readFileSync(file, 'utf8');
      const stamped = source.replace(
        /var ROUTE_PRELOADS = \{[^;]*\};/,
        `var ROUTE_PRELOADS = ${JSON.stringify(preloads)};`,
      );
      if (stamped === source)
        throw new Error('boot.js: ROUTE_PRELOADS marker not found; keep it in web/public/boot.js');
      writeFileSync(file, stamped);
    },
  };
}

/**
 * Preloads the two Poppins weights every first screen uses (400 body, 600 headings; latin
 * subset). The fonts are declared with `font-display: swap` (@fontsource), so text shows at once
 * in the fallback; the preload makes the swap happen early instead of after the CSS is parsed.
 */
function fontPreload(): Plugin {
  return {
    name: 'sayyara-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) => /poppins-latin-(400|600)-normal-.*\.woff2$/.test(f));
        return fonts.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorkerBuildStamp(), routePreloadStamp(), fontPreload()],
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

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The local gateway (npm start) serves the API on port 3000; dev and preview forward /api there.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Runs from the repository root so the shared catalogs test is included with the web tests.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: repoRoot,
  plugins: [react()],
  resolve: { conditions: ['module-sync'] },
  ssr: { resolve: { conditions: ['module-sync'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}', 'shared/i18n/*.test.ts'],
    setupFiles: ['web/src/test/setup.ts'],
    restoreMocks: true,
    // jsdom renders are slow on a busy 2-core machine; 5 s timed out under load.
    testTimeout: 20_000,
  },
});

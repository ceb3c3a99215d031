import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

/** Unit tests: pure code and handler error paths; nothing external. */
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/local/**/*.test.ts', 'events/**/*.test.ts'],
    exclude: ['**/*.int.test.ts', 'node_modules/**', 'shared/i18n/**'],
    environment: 'node',
    pool: 'threads',
    testTimeout: 20_000,
    env: { LOG_LEVEL: 'error' },
  },
});

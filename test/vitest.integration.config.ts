import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

/**
 * Integration tests: HTTP against the local stack the harness started (BASE_URL), through the
 * gateway to DynamoDB Local, cognito-local and s3rver. Each test file works in tenants of its
 * own, so files may run in parallel.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['functions/**/*.int.test.ts', 'shared/**/*.int.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

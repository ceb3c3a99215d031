import { defineConfig } from 'vitest/config';

// Each infra test file synthesizes the CDK app once (a few seconds with bundling), so files run
// in separate processes and tests get a generous timeout.
export default defineConfig({
  test: {
    include: ['test/infra/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's chromium (nothing downloads a browser) against the built app on the
 * local stack started by the harness (BASE_URL).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: '../.out/playwright',
  use: {
    baseURL: process.env.SAYYARA_URL ?? 'http://localhost:3000',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});

import { defineConfig } from '@playwright/test';
import { argsFromEnv } from './scripts/find-chromium.mjs';

/**
 * E2E in Chromium (DESIGN.md §7). `npm run test:e2e` (scripts/e2e.mjs) finds the browser, builds
 * the SPA and sets CHROMIUM_PATH; each worker starts its own mock server serving dist/web
 * (tests/e2e/fixtures.ts). Never downloads a browser.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two cores shared with everyone: one browser at a time.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    launchOptions: {
      // Set by scripts/e2e.mjs from find-chromium (Debian's, CHROMIUM_PATH or the packaged one).
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: argsFromEnv(),
    },
    trace: 'off',
    screenshot: 'off',
  },
});

import { defineConfig } from '@playwright/test';

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
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'off',
  },
});

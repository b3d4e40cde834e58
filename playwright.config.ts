import { defineConfig } from '@playwright/test';
import { argsFromEnv } from './scripts/find-chromium.mjs';
import type { ThirdPartyStorage } from './tests/e2e/harness-fixture';

/** The browser-harness specs (tests/e2e/harness-fixture.ts), run in each harness project below. */
const HARNESS_SPECS = '**/harness*.spec.ts';

/**
 * E2E in Chromium (DESIGN.md §7). `npm run test:e2e` (scripts/e2e.mjs) finds the browser, builds
 * the SPA and sets CHROMIUM_PATH; each worker starts its own mock server serving dist/web
 * (tests/e2e/fixtures.ts), or, for the harness specs, its own `npm run dev:web`. Never downloads a
 * browser.
 *
 * The harness specs run twice: in a browser that gives third-party frames storage, and in one
 * that refuses it, as Chrome Incognito, Safari, Brave and Debian's Chromium do (README "Browser
 * harness"); the fixture sets Chromium's preference for each and proves it with a probe.
 */
export default defineConfig<object, { thirdPartyStorage: ThirdPartyStorage }>({
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
  projects: [
    { name: 'chromium', testIgnore: HARNESS_SPECS },
    {
      name: 'harness, third-party storage allowed',
      testMatch: HARNESS_SPECS,
      use: { thirdPartyStorage: 'allowed' },
    },
    {
      name: 'harness, third-party storage blocked',
      testMatch: HARNESS_SPECS,
      use: { thirdPartyStorage: 'blocked' },
    },
  ],
});

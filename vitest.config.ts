import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './scripts/pathAliases.ts';

/**
 * Unit tests sit beside the code; the renderer's run in jsdom, everything else in node.
 *
 * Most files share their worker (`isolate: false`): a fresh process, jsdom and module graph per
 * file cost far more than the tests themselves, and on a 2-core machine that decides whether the
 * suite takes one minute or several. `tests/support/vitest/setup.ts` (and the renderer's setup) put
 * back after each file what a file may leave behind: timers, stubbed globals, the DOM, storage.
 *
 * Workers: one per core, at least two. Vitest's default leaves a core to its main process, which
 * on two cores means one worker, while many files here wait on sockets and child processes.
 *
 * A file still gets its own worker when it depends on a module being evaluated for it alone:
 * it mocks a module with `vi.mock` (modules another file already loaded would keep the real one),
 * or a library caches something on first use (the Sentry SDK takes `fetch` once). Electron's
 * code is tested that way throughout (`vi.mock('electron')` in every file).
 */
const ISOLATED_WEB = [
  'src/renderer/src/errors/sentryReporter.test.ts',
  'src/renderer/src/errors/sentrySdk.test.ts',
];

const resolve = { alias: pathAliases() };
/**
 * A test's budget; a hook's is the same: the setup's `afterAll` waits for the imports its file
 * started (a lazy screen's module graph, transformed on first use), which on a loaded 2-core
 * machine took longer than Vitest's default 10 s for hooks.
 */
const shared = {
  testTimeout: 20_000,
  hookTimeout: 20_000,
  setupFiles: ['tests/support/vitest/setup.ts'],
};
const web = {
  environment: 'jsdom' as const,
  setupFiles: [...shared.setupFiles, 'tests/support/renderer/setup.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve,
        test: {
          ...shared,
          name: 'node',
          environment: 'node',
          isolate: false,
          include: [
            'src/{shared,host}/**/*.test.ts',
            'mock-server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        resolve,
        test: {
          ...shared,
          name: 'electron',
          environment: 'node',
          include: ['src/{main,preload}/**/*.test.ts'],
          // The builds src/main/builtMain.test.ts loads, before any file runs.
          globalSetup: ['tests/support/electron/builds.ts'],
        },
      },
      {
        resolve,
        plugins: [react()],
        test: {
          ...shared,
          ...web,
          name: 'web',
          isolate: false,
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_WEB,
        },
      },
      {
        resolve,
        plugins: [react()],
        test: { ...shared, ...web, name: 'web-isolated', include: ISOLATED_WEB },
      },
    ],
  },
});

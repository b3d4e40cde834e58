/**
 * Runs before every unit test file. Files share a worker (see vitest.config.ts), so each one
 * leaves the clock, the globals and the environment variables as it found them, even when a test
 * failed before its own clean-up, and ends only once the modules it started importing (a lazy
 * screen, a chunk loaded on idle) have loaded: an import cut off at the end of one file would
 * fail the next file that imports the same module.
 */
import { afterAll, vi } from 'vitest';

afterAll(async () => {
  await vi.dynamicImportSettled();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/**
 * Runs before every unit test file. Files share a worker (see vitest.config.ts), so each one
 * leaves the clock, the globals and the environment variables as it found them, even when a test
 * failed before its own clean-up.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

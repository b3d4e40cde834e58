import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  linkedErrorsIntegration: vi.fn(() => ({ name: 'LinkedErrors' })),
}));
vi.mock('./sentrySdk', () => sdk);

import { createSentryReporter } from './sentryReporter';

/** Lets the dynamic import and its continuation settle. */
const settle = () => vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sdk.init.mockClear();
  sdk.captureException.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Sentry reporter loading (off the first screen)', () => {
  it('loads the SDK only once the shell says the first screen is up, when nothing goes wrong', async () => {
    const reporter = createSentryReporter('http://public@127.0.0.1/sentry/1', 'production');
    // However slow the link: no timer fetches it before the first screen shows its data.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sdk.init).not.toHaveBeenCalled();
    reporter.loadSdk();
    reporter.loadSdk();
    vi.useRealTimers();
    await settle();
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'http://public@127.0.0.1/sentry/1',
        environment: 'production',
        // The cause chain of every error is sent (linkedErrors.test.ts runs the real SDK).
        integrations: [expect.objectContaining({ name: 'LinkedErrors' })],
      }),
    );
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('loads at once when an error is reported, and sends the queued error', async () => {
    const reporter = createSentryReporter('http://public@127.0.0.1/sentry/1', 'production');
    const crash = new Error('boom');
    reporter.capture(crash, { where: 'test' });
    vi.useRealTimers();
    await settle();
    expect(sdk.captureException).toHaveBeenCalledWith(crash, { extra: { where: 'test' } });
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('never loads without a DSN', async () => {
    const reporter = createSentryReporter(null, 'production');
    reporter.capture(new Error('local only'));
    reporter.loadSdk();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sdk.init).not.toHaveBeenCalled();
  });
});

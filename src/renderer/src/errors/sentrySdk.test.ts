import { SDK_VERSION } from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/transport/apiError';
import { toApiCallError } from '@renderer/services/api';
import { sentryOptions } from './sentryReporter';
import { captureException, init, linkedErrorsIntegration } from './sentrySdk';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An engine's refusal, as WebKitGTK threw it from importKey. */
function engineDataError(): Error {
  const error = new Error('Data provided to an operation does not meet requirements');
  error.name = 'DataError';
  return error;
}

describe("the app's own Sentry client", () => {
  it('posts the cause chain of an API failure as linked exceptions to the DSN', async () => {
    // Stubbed before the client's first send: its transport takes the page's fetch then (a fresh
    // module per test file, so no earlier test has picked one).
    const posted: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: unknown, request?: { body?: unknown }) => {
        posted.push({ url: String(url), body: String(request?.body) });
        return new Response('{}', { status: 200 });
      }),
    );
    init(sentryOptions({ linkedErrorsIntegration }, 'http://public@127.0.0.1/sentry/1', 'test'));
    const transport = new ApiError(
      'secure-connection',
      'The secure answer of loan/loanInfo is invalid',
      { cause: engineDataError() },
    );
    captureException(toApiCallError(transport));
    await vi.waitFor(() =>
      expect(posted.some(({ body }) => body.includes('"exception"'))).toBe(true),
    );
    const report = posted.find(({ body }) => body.includes('"exception"'));
    expect(report?.url).toBe(
      `http://127.0.0.1/sentry/api/1/envelope/?sentry_version=7&sentry_key=public&sentry_client=${encodeURIComponent(`sentry.javascript.browser/${SDK_VERSION}`)}`,
    );
    const event = report?.body
      .split('\n')
      .map((line) => JSON.parse(line) as { exception?: { values: { type: string }[] } })
      .find((item) => item.exception);
    expect(event?.exception?.values.map((value) => `${value.type}`)).toEqual([
      'DataError',
      'ApiError',
      'ApiCallError',
    ]);
  });
});

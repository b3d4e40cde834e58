import * as Sentry from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/transport/apiError';
import { ApiCallError, toApiCallError } from '@renderer/services/api';
import { sentryOptions } from './sentryReporter';

afterEach(async () => {
  await Sentry.close();
});

/** The events the real SDK would send, with our options and nothing else. */
function capturedEvents(): Sentry.ErrorEvent[] {
  const events: Sentry.ErrorEvent[] = [];
  Sentry.init({
    ...sentryOptions(Sentry, 'http://public@127.0.0.1/sentry/1', 'test'),
    // Only what sentryOptions asks for: linked errors must not depend on the SDK's defaults.
    defaultIntegrations: false,
    beforeSend: (event) => {
      events.push(event);
      return null;
    },
  });
  return events;
}

/** An engine's refusal, as WebKitGTK threw it from importKey. */
function engineDataError(): Error {
  const error = new Error('Data provided to an operation does not meet requirements');
  error.name = 'DataError';
  return error;
}

describe('the cause of an API failure reaches the error report', () => {
  it('keeps the transport error and its cause under the ApiCallError', () => {
    const engine = engineDataError();
    const transport = new ApiError(
      'secure-connection',
      'The secure answer of loan/loanInfo is invalid',
      {
        cause: engine,
      },
    );
    const failure = toApiCallError(transport);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure.kind).toBe('secure-connection');
    expect(failure.cause).toBe(transport);
    expect((failure.cause as Error).cause).toBe(engine);
    // Anything else thrown is kept too.
    const odd = new TypeError('x is not a function');
    expect(toApiCallError(odd).cause).toBe(odd);
  });

  it('is sent by Sentry as linked exceptions', async () => {
    const events = capturedEvents();
    const transport = new ApiError(
      'secure-connection',
      'The secure answer of loan/loanInfo is invalid',
      { cause: engineDataError() },
    );
    Sentry.captureException(toApiCallError(transport));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    const chain = events[0]?.exception?.values?.map((value) => `${value.type}: ${value.value}`);
    expect(chain).toEqual([
      'DataError: Data provided to an operation does not meet requirements',
      'ApiError: The secure answer of loan/loanInfo is invalid',
      'ApiCallError: The secure answer of loan/loanInfo is invalid',
    ]);
  });
});

/**
 * Sentry's browser SDK, configured by `sentryDsn` of app-config.json (off when null). Loaded a
 * few seconds after boot so its ~32 kB gzip (./sentrySdk: only what the reporter calls) never
 * compete with the first screen on a slow network (at 1 s it still landed before Home), or at
 * once when an error is reported; errors reported before it is up are queued.
 */
import type { BrowserOptions } from '@sentry/browser';
import type { ErrorReporter } from './reporter';

const SDK_DELAY_MS = 4000;

/**
 * The SDK's options. Linked errors is named although it is a default: it sends each error's
 * `cause` chain (an ApiCallError, the transport's ApiError, the engine's own DataError beneath),
 * without which a report says only what failed, never why (services/api.ts toApiCallError).
 */
export function sentryOptions(
  sdk: Pick<typeof import('./sentrySdk'), 'linkedErrorsIntegration'>,
  dsn: string,
  env: string,
): BrowserOptions {
  return {
    dsn,
    environment: env,
    release: 'direct-loan-h5',
    // Sentry's envelope type (Sentry takes it): the mock's sink refuses text/plain, the type any
    // page may post cross-site without asking.
    transportOptions: { headers: { 'Content-Type': 'application/x-sentry-envelope' } },
    integrations: [sdk.linkedErrorsIntegration({ key: 'cause', limit: 5 })],
  };
}

export function createSentryReporter(dsn: string | null, env: string): ErrorReporter {
  if (!dsn) return { capture: (error, context) => console.error(error, context ?? '') };
  const queue: [unknown, Record<string, unknown> | undefined][] = [];
  let sentry: typeof import('./sentrySdk') | undefined;
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= import('./sentrySdk').then(
      (module) => {
        module.init(sentryOptions(module, dsn, env));
        sentry = module;
        for (const [error, context] of queue.splice(0))
          module.captureException(error, { extra: context });
      },
      // Offline or blocked: reports stay in the console; never a rejection that reports itself.
      (error: unknown) => console.warn('Sentry SDK unavailable', error),
    );
    return loading;
  };
  setTimeout(() => void load(), SDK_DELAY_MS);
  return {
    capture(error, context) {
      console.error(error, context ?? '');
      if (sentry) sentry.captureException(error, { extra: context });
      else {
        queue.push([error, context]);
        void load();
      }
    },
  };
}

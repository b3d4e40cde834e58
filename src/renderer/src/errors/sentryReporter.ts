/**
 * Sentry's browser SDK, configured by `sentryDsn` of app-config.json (off when null). Its chunk
 * (./sentrySdk: a client with only what a report needs, ≈ 24 kB gzip) loads when the shell says
 * the first screen is up with its data (`loadSdk`, main.tsx), so it never shares a slow link with
 * that screen (a fixed delay did on a slow enough link: at 1 s it landed before Home), or at once
 * when an error is reported; errors reported before it is up are queued.
 */
import type { ErrorReporter } from './reporter';
import type { ReportingOptions } from './sentrySdk';

/** The reporter, and the moment the shell lets it fetch the SDK. */
export interface SentryReporter extends ErrorReporter {
  /** The first screen shows its data: fetch the SDK now (once; errors fetch it earlier). */
  loadSdk(): void;
}

/**
 * The SDK's options. Linked errors is named although it is a default: it sends each error's
 * `cause` chain (an ApiCallError, the transport's ApiError, the engine's own DataError beneath),
 * without which a report says only what failed, never why (services/api.ts toApiCallError).
 */
export function sentryOptions(
  sdk: Pick<typeof import('./sentrySdk'), 'linkedErrorsIntegration'>,
  dsn: string,
  env: string,
): ReportingOptions {
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

export function createSentryReporter(dsn: string | null, env: string): SentryReporter {
  if (!dsn) {
    return { capture: (error, context) => console.error(error, context ?? ''), loadSdk: () => {} };
  }
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
  return {
    loadSdk: () => void load(),
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

/**
 * Sentry's browser SDK, configured by `sentryDsn` of app-config.json (off when null). Loaded on
 * demand so it stays off the boot path; errors raised before it loads are queued.
 */
import type { ErrorReporter } from './reporter';

export function createSentryReporter(dsn: string | null, env: string): ErrorReporter {
  if (!dsn) return { capture: (error, context) => console.error(error, context ?? '') };
  const queue: [unknown, Record<string, unknown> | undefined][] = [];
  let sentry: typeof import('@sentry/browser') | undefined;
  void import('@sentry/browser').then((module) => {
    module.init({ dsn, environment: env, release: 'direct-loan-h5' });
    sentry = module;
    for (const [error, context] of queue.splice(0))
      module.captureException(error, { extra: context });
  });
  return {
    capture(error, context) {
      console.error(error, context ?? '');
      if (sentry) sentry.captureException(error, { extra: context });
      else queue.push([error, context]);
    },
  };
}

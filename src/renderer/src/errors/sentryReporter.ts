/**
 * Sentry's browser SDK, configured by `sentryDsn` of app-config.json (off when null). Loaded a
 * moment after boot so its ~140 kB never compete with the first screen; errors reported before
 * it loads are queued.
 */
import type { ErrorReporter } from './reporter';

const SDK_DELAY_MS = 1000;

export function createSentryReporter(dsn: string | null, env: string): ErrorReporter {
  if (!dsn) return { capture: (error, context) => console.error(error, context ?? '') };
  const queue: [unknown, Record<string, unknown> | undefined][] = [];
  let sentry: typeof import('@sentry/browser') | undefined;
  const load = () => import('@sentry/browser');
  void new Promise((resolve) => setTimeout(resolve, SDK_DELAY_MS)).then(load).then((module) => {
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

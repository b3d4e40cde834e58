/**
 * Crash reporting behind an interface. The Sentry implementation (`sentryReporter.ts`) loads the
 * SDK lazily when `sentryDsn` is set; without a DSN reports only go to the console.
 */
export interface ErrorReporter {
  capture(error: unknown, context?: Record<string, unknown>): void;
}

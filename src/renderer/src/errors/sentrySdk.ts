/**
 * The part of Sentry's browser SDK the reporter uses (errors/sentryReporter.ts loads it on
 * demand). Naming the three lets the build drop the rest of the SDK (tracing, web vitals, replay
 * helpers), which a dynamic import of the whole package kept in its chunk.
 */
export { captureException, init, linkedErrorsIntegration } from '@sentry/browser';

/**
 * How a caught value is put into words for a log line, a result or a dialog: an Error's message,
 * anything else as a string. One rule, so every layer reports a failure the same way.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * For exhaustive switches: a new case fails to compile instead of falling through, and a value
 * that slips past the types at run time (a parsed message) throws with what it was.
 */
export function missingCaseError(value: never): Error {
  const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return new Error(`Unhandled case: ${shown}`);
}

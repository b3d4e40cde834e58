/** For exhaustive switches: a new case fails to compile instead of falling through. */
export function missingCaseError(value: never): Error {
  return new Error(`Unhandled case: ${String(value)}`);
}

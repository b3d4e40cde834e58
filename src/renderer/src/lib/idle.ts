/**
 * Work that must not compete with the first screen (extra UI code, feedback components) waits
 * for the browser to be idle: requestIdleCallback, or a short timeout where it is missing
 * (Safari and iOS webviews). Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

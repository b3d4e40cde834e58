/**
 * Interrupted view transitions stay silent. A transition is skipped when another navigation
 * starts before it ends (Back pressed, an iOS edge swipe, a redirect) or when the page is hidden:
 * its promises then reject with AbortError (InvalidStateError when hidden). react-router starts
 * the transitions of `viewTransition` navigations itself and chains `finished.finally(…)` without
 * a catch, so an interruption — a normal event, most often in WebKit — surfaced as an unhandled
 * rejection in the error report.
 */

/** The rejections of a skipped transition: another one started, or the page is hidden. */
const INTERRUPTIONS: ReadonlySet<string> = new Set(['AbortError', 'InvalidStateError']);

function isTransitionInterruption(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && INTERRUPTIONS.has(name);
}

function ignoreInterruption(error: unknown): void {
  if (!isTransitionInterruption(error)) throw error;
}

const TRANSITION_PROMISES = ['finished', 'ready', 'updateCallbackDone'] as const;
const guarded = new WeakSet<Document>();

/**
 * Wraps `doc.startViewTransition` (once per document) so that every transition's `finished`,
 * `ready` and `updateCallbackDone` resolve instead of rejecting when it is interrupted; any other
 * failure still rejects. A no-op where the engine has no view transitions.
 */
export function silenceInterruptedViewTransitions(doc: Document): void {
  const start = (doc as Partial<Pick<Document, 'startViewTransition'>>).startViewTransition;
  if (typeof start !== 'function' || guarded.has(doc)) return;
  guarded.add(doc);
  doc.startViewTransition = function startInterruptibleViewTransition(
    this: Document,
    ...args: Parameters<Document['startViewTransition']>
  ) {
    const transition = start.apply(this, args);
    for (const name of TRANSITION_PROMISES) {
      const original = transition[name];
      if (!original) continue;
      // An own property shadows the prototype's getter: whoever reads it next (react-router)
      // chains onto the guarded promise.
      Object.defineProperty(transition, name, {
        value: original.catch(ignoreInterruption),
        configurable: true,
      });
    }
    return transition;
  };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouterNavigation } from './navigation';
import { silenceInterruptedViewTransitions } from './viewTransitions';

/** Rejections nobody handled, as Node reports them (the browser's `unhandledrejection`). */
type RejectionListener = (reason: unknown) => void;
const { process } = globalThis as unknown as {
  process: {
    on(event: 'unhandledRejection', listener: RejectionListener): void;
    off(event: 'unhandledRejection', listener: RejectionListener): void;
  };
};
let unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', collect);
});
afterEach(() => {
  process.off('unhandledRejection', collect);
});

/** One macrotask turn: Node reports unhandled rejections once the microtasks have run. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

const rejectedWith = (name: string) =>
  Promise.reject(new DOMException('Transition was skipped', name));

/** A transition skipped because Back started another: all three promises reject. */
function skippedTransition(name = 'AbortError'): ViewTransition {
  return {
    finished: rejectedWith(name),
    ready: rejectedWith(name),
    updateCallbackDone: rejectedWith(name),
    skipTransition: () => {},
  } as unknown as ViewTransition;
}

/** A document whose transitions are interrupted, as react-router uses them. */
function interruptingDocument(reason = 'AbortError') {
  let started = 0;
  const doc = {
    startViewTransition: (update?: () => void) => {
      started++;
      update?.();
      return skippedTransition(reason);
    },
  } as unknown as Document;
  return { doc, started: () => started };
}

/** What react-router does with a transition it started: `finished.finally(cleanup)`, no catch. */
function startLikeTheRouter(doc: Document): Promise<void> {
  const transition = doc.startViewTransition(() => {});
  return transition.finished.finally(() => {});
}

describe('interrupted view transitions', () => {
  it('never reject where the router chains onto them (Back during a transition)', async () => {
    const { doc, started } = interruptingDocument();
    silenceInterruptedViewTransitions(doc);
    await expect(startLikeTheRouter(doc)).resolves.toBeUndefined();
    const transition = doc.startViewTransition(() => {});
    await expect(transition.ready).resolves.toBeUndefined();
    await expect(transition.updateCallbackDone).resolves.toBeUndefined();
    await nextTurn();
    expect(started()).toBe(2);
    expect(unhandled).toEqual([]);
  });

  it('are silent when the page was hidden (InvalidStateError)', async () => {
    const { doc } = interruptingDocument('InvalidStateError');
    silenceInterruptedViewTransitions(doc);
    await startLikeTheRouter(doc);
    await nextTurn();
    expect(unhandled).toEqual([]);
  });

  it('still reject for any other failure', async () => {
    const { doc } = interruptingDocument('TypeError');
    silenceInterruptedViewTransitions(doc);
    const transition = doc.startViewTransition(() => {});
    await expect(transition.finished).rejects.toMatchObject({ name: 'TypeError' });
    await expect(transition.ready).rejects.toMatchObject({ name: 'TypeError' });
    await expect(transition.updateCallbackDone).rejects.toMatchObject({ name: 'TypeError' });
  });

  it('are guarded once the navigation service is attached to the router', async () => {
    const { doc } = interruptingDocument();
    Object.defineProperty(document, 'startViewTransition', {
      value: doc.startViewTransition,
      configurable: true,
      writable: true,
    });
    try {
      new RouterNavigation().attach({
        navigate: () => {},
        state: { location: { pathname: '/', search: '' } },
      });
      await startLikeTheRouter(document);
      await nextTurn();
      expect(unhandled).toEqual([]);
    } finally {
      delete (document as Partial<Document>).startViewTransition;
    }
  });
});

/** Time behind an interface so stores with timers (SMS countdown, delayed redirects) test fast. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const id = globalThis.setTimeout(fn, ms);
    return () => globalThis.clearTimeout(id);
  },
  setInterval: (fn, ms) => {
    const id = globalThis.setInterval(fn, ms);
    return () => globalThis.clearInterval(id);
  },
};

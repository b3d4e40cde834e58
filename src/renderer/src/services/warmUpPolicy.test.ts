import { describe, expect, it } from 'vitest';
import { expectsApiCalls, warmUpWhenCallsAreComing } from './warmUpPolicy';

describe('expectsApiCalls', () => {
  it.each([
    [true, '/doc/privacy_policy', true],
    [true, '/', true],
    [false, '/login', true],
    [false, '/login/', true],
    [false, '/reg/ph', true],
    [false, '/doc/privacy_policy', false],
    [false, '/doc/about_us', false],
    [false, '/event/christmas_lucky_draw', false],
    [false, '/activity-center', false],
    [false, '/loginx', false],
    [false, '/register', false],
  ] as const)('signed in %s on %s: %s', (signedIn, pathname, expected) => {
    expect(expectsApiCalls(signedIn, pathname)).toBe(expected);
  });
});

function watchOf(start: { signedIn: boolean; pathname: string }) {
  const state = { ...start };
  const listeners = new Set<() => void>();
  let warmUps = 0;
  const stop = warmUpWhenCallsAreComing({
    signedIn: () => state.signedIn,
    pathname: () => state.pathname,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    warmUp: () => {
      warmUps += 1;
    },
  });
  const change = (next: Partial<typeof state>) => {
    Object.assign(state, next);
    for (const listener of [...listeners]) listener();
  };
  return { change, stop, warmUps: () => warmUps, listeners };
}

describe('warmUpWhenCallsAreComing', () => {
  it('a signed-in start warms up at once and watches nothing', () => {
    const watch = watchOf({ signedIn: true, pathname: '/' });
    expect(watch.warmUps()).toBe(1);
    expect(watch.listeners.size).toBe(0);
  });

  it('a visitor on a public page: nothing until Login opens, then once', () => {
    const watch = watchOf({ signedIn: false, pathname: '/doc/privacy_policy' });
    watch.change({ pathname: '/doc/directloan_terms_and_conditions' });
    expect(watch.warmUps()).toBe(0);
    watch.change({ pathname: '/login' });
    expect(watch.warmUps()).toBe(1);
    watch.change({ signedIn: true, pathname: '/' });
    expect(watch.warmUps()).toBe(1);
    expect(watch.listeners.size).toBe(0);
  });

  it('a sign-in elsewhere (a host handing a token) warms up', () => {
    const watch = watchOf({ signedIn: false, pathname: '/event/invite_friend' });
    watch.change({ signedIn: true });
    expect(watch.warmUps()).toBe(1);
  });

  it('stopped, it never warms up', () => {
    const watch = watchOf({ signedIn: false, pathname: '/doc/privacy_policy' });
    watch.stop();
    watch.change({ pathname: '/login' });
    expect(watch.warmUps()).toBe(0);
  });
});

/**
 * Fakes for renderer unit tests: a signed-in borrower, a scripted API transport and a fake native
 * bridge.
 */
import { type EndpointName, endpoints, type ProductAnswer } from '@shared/api/endpoints';
import type { User } from '@shared/api/entities';
import type { BridgeResult, NativeBridge } from '@shared/bridge';
import type { ApiTransport } from '@renderer/services/api';

/** A signed-in PH borrower (KYC passed, state 5) as `user/login` answers one; `overrides` win. */
export function testBorrower(overrides: Partial<User> = {}): User {
  return {
    msisdn: '9171234567',
    areaCode: '63',
    userId: 'u1',
    token: 't',
    tokenValue: 'tv',
    state: 5,
    gender: 'Female',
    lastName: 'Santos',
    ...overrides,
  };
}

export type FakeAnswer = ProductAnswer | Error;

/**
 * An ApiTransport answering from a table: a function or a fixed answer per endpoint; an Error
 * rejects. Unscripted endpoints answer code 404. Every call is recorded.
 */
export function fakeTransport(
  answers: Partial<Record<EndpointName, FakeAnswer | ((data: unknown) => FakeAnswer)>> = {},
): ApiTransport & {
  calls: { name: EndpointName; data: unknown; hk: boolean }[];
  answers: typeof answers;
} {
  const calls: { name: EndpointName; data: unknown; hk: boolean }[] = [];
  return {
    calls,
    answers,
    async call(name, data, options) {
      calls.push({ name, data, hk: options?.hk === true });
      const entry = answers[name];
      const answer =
        typeof entry === 'function'
          ? entry(data)
          : (entry ?? { code: 404, message: `no fake for ${name}`, data: null });
      if (answer instanceof Error) throw answer;
      return answer as never;
    },
    pathOf: (name) => endpoints[name].path,
    warmUp() {},
    resetSessions() {},
    serverNow: () => Date.now(),
  };
}

export const ok = <T>(data: T, message = 'success'): ProductAnswer<T> => ({
  code: 200,
  message,
  data,
});

/** A `window.nativeBridge` fake recording calls and able to fire host events. */
export function fakeBridge(
  answers: Record<string, BridgeResult | ((params: unknown) => BridgeResult)> = {},
): NativeBridge & {
  calls: { method: string; params: unknown }[];
  fire(event: string, payload?: unknown): void;
} {
  const calls: { method: string; params: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    calls,
    async call(method, params) {
      calls.push({ method, params });
      const answer = answers[method];
      if (typeof answer === 'function') return answer(params);
      return answer ?? { resultCode: 0, data: null };
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    fire(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}

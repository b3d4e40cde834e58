/**
 * What a bridge handler may do: read the host, show a native surface, ask the developer,
 * change the page's view. HostCore implements it; handler tests pass a fake.
 */
import type { z } from 'zod';
import type { BridgeMethod, BridgeResult, bridgeMethods } from '../../shared/bridge';
import type { HostSnapshot, HostView, InteractiveMethod } from '../types';

/** The developer's answer to an interactive request. */
export type Decision =
  | { answer: 'ok'; data?: unknown }
  | { answer: 'cancel' }
  | { answer: 'fail'; message?: string };

export interface HandlerContext {
  snapshot(): HostSnapshot;
  /** Shows a "native" toast/sheet for a side effect (and keeps it in the surface list). */
  show(method: BridgeMethod, title: string, detail: string): void;
  /** Waits for the panel (or the method's auto-answer). */
  ask(method: InteractiveMethod, params: unknown): Promise<Decision>;
  setView(view: HostView): void;
  /** Native login: fetches a session token for the configured user. */
  signIn(): Promise<void>;
  /** Native logout: forgets the token. */
  signOut(): void;
}

export type ParsedParams<M extends BridgeMethod> = z.output<(typeof bridgeMethods)[M]['params']>;

export type Handler<M extends BridgeMethod> = (
  params: ParsedParams<M>,
  context: HandlerContext,
) => BridgeResult | Promise<BridgeResult>;

export const ok = (data: unknown = null): BridgeResult => ({ resultCode: 0, data });
export const cancelled = (): BridgeResult => ({ resultCode: 2, message: 'Cancelled by the user' });
export const failed = (message: string): BridgeResult => ({ resultCode: 3, message });

/** Turns a decision on a request with no data into a bridge result. */
export function resultOf(decision: Decision, data: unknown = null): BridgeResult {
  switch (decision.answer) {
    case 'ok':
      return ok(data);
    case 'cancel':
      return cancelled();
    case 'fail':
      return failed(decision.message ?? 'Failed in the native app');
    default:
      return missingCase(decision);
  }
}

export function missingCase(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/**
 * What a bridge handler may do: read the host, show a native surface, ask the developer,
 * change the page's view. HostCore implements it; handler tests pass a fake.
 */

import type { BridgeMethod, BridgeResult, bridgeMethods } from '@shared/bridge';
import { ServerCode } from '@shared/codes';
import { missingCaseError } from '@shared/missingCaseError';
import type { HostAction } from '@shared/simWorld';
import type { z } from '@shared/zod';
import type { ProductAnswerOf } from '@host/adminClient';
import type { HostSnapshot, HostView, InteractiveMethod } from '@host/types';
import { errorMessage } from '@shared/errors';

/**
 * The developer's answer to an interactive request: OK may carry the data the native app would
 * return, Fail its message, and any answer may come after a delay (a slow wallet or sheet).
 */
export type Decision = (
  | { answer: 'ok'; data?: unknown }
  | { answer: 'cancel' }
  | { answer: 'fail'; message?: string }
) & { delayMs?: number };

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
  /**
   * The native app's own call to the backend, with the host's token, in the phone's world: a
   * real lender app submits the loan itself, a real wallet pays the order (DESIGN.md §6).
   */
  backend(method: HostAction, params: object): Promise<ProductAnswerOf>;
}

type ParsedParams<M extends BridgeMethod> = z.output<(typeof bridgeMethods)[M]['params']>;

export type Handler<M extends BridgeMethod> = (
  params: ParsedParams<M>,
  context: HandlerContext,
) => BridgeResult | Promise<BridgeResult>;

export const ok = (data: unknown = null): BridgeResult => ({ resultCode: 0, data });
const cancelled = (): BridgeResult => ({ resultCode: 2, message: 'Cancelled by the user' });
export const failed = (message: string): BridgeResult => ({ resultCode: 3, message });

/** Turns a decision into a bridge result: `data` unless the developer answered with their own. */
export function resultOf(decision: Decision, data: unknown = null): BridgeResult {
  switch (decision.answer) {
    case 'ok':
      return ok(decision.data === undefined ? data : decision.data);
    case 'cancel':
      return cancelled();
    case 'fail':
      return failed(decision.message ?? 'Failed in the native app');
    default:
      throw missingCaseError(decision);
  }
}

/**
 * Runs a host action on the backend: its answer, or resultCode 3 with the server's message (an
 * unreachable server included), as a native app reports a failed submission.
 */
export async function onBackend(
  context: HandlerContext,
  method: HostAction,
  params: object,
): Promise<
  { ok: true; data: unknown } | { ok: false; result: BridgeResult; answer?: ProductAnswerOf }
> {
  try {
    const answer = await context.backend(method, params);
    if (answer.code === ServerCode.OK) return { ok: true, data: answer.data };
    return { ok: false, result: failed(`${answer.message} (code ${answer.code})`), answer };
  } catch (error) {
    return { ok: false, result: failed(errorMessage(error)) };
  }
}

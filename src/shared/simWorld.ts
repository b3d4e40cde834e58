/**
 * Worlds and admin access of the mock server (DESIGN.md §6 "Worlds and admin access"): the
 * header names, the id rule and the default, typed once for the server, the harness, Electron main
 * and the tests. The SPA itself never knows about worlds.
 */
import { bridgeMethods } from './bridge';
import { z } from './zod';

/** Picks the world of a request (API and admin calls); admin calls also take `?world=`. */
export const WORLD_HEADER = 'x-sim-world';
/** Every `/__admin/*` call carries the server's admin token in this header. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
/** The world of a request without the header: plain `npm run mock` with a real phone. */
export const DEFAULT_WORLD = 'default';
/** 1–64 characters of `[A-Za-z0-9_-]`. */
const WORLD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isWorldId(value: unknown): value is string {
  return typeof value === 'string' && WORLD_ID.test(value);
}

/** A fresh world id for a phone (harness tab, Electron window, test worker). */
export function newWorldId(random: () => number = Math.random): string {
  let id = 'w-';
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 12; i += 1) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

/**
 * Bridge calls whose real host talks to the backend itself (the lender app submits the loan, a
 * wallet pays the order): the simulated host does the same through `POST /__admin/host/:method`
 * `{token, params}` in the phone's world, answered with the product answer.
 */
export const HOST_ACTIONS = ['loanApply', 'gcashPayment', 'fastPayPayment', 'useVoucher'] as const;
export type HostAction = (typeof HOST_ACTIONS)[number];

export function isHostAction(name: unknown): name is HostAction {
  return (HOST_ACTIONS as readonly unknown[]).includes(name);
}

/**
 * What each host action carries to the backend: the bridge call's params, plus what only the
 * native app knows. In `loanApply` that is the label of the payee account the borrower picked in
 * the app ("BDO Savings •••• 3344"): the page sends only its id, and the review must show the
 * account as the borrower knows it, never the host's internal id.
 */
export const hostActionParams = {
  loanApply: z.extend(bridgeMethods.loanApply.params, {
    payeeLabel: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
  gcashPayment: bridgeMethods.gcashPayment.params,
  fastPayPayment: bridgeMethods.fastPayPayment.params,
  useVoucher: bridgeMethods.useVoucher.params,
} satisfies Record<HostAction, z.ZodMiniType>;

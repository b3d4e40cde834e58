/**
 * The borrower's pending repay order, kept across reloads and round trips (DESIGN.md §6 "One
 * pending order per installment set"): a channel screen shows the order it already has for the
 * chosen bills instead of asking for another. Kept in localStorage under the user and the API
 * host it belongs to, so another borrower or another backend never sees it. The server answers
 * the same request with the same order anyway; this saves the call and keeps the same pay code
 * on screen. Runs in the browser.
 */
import { endpoints, type RepayOrder } from '@shared/api/endpoints';
import { z } from '@shared/zod';
import { when } from 'mobx';
import type { SafeParser } from '@renderer/lib/shape';
import type { Clock } from '@renderer/services/clock';
import { missingCaseError } from '@shared/missingCaseError';
import type { JsonStorage } from '@renderer/lib/storage';
import type { UserStore } from '@renderer/stores/UserStore';

/** Whose order it is: the API host (app-config `apiBase.main`) and the user. */
export interface PendingOrderOwner {
  apiHost: string;
  userId: string;
}

/** An order as issued, with the request it answered. */
export interface PendingOrder {
  order: RepayOrder;
  /** The installments it pays. */
  periodIds: string[];
  /** The bills' sum the repay form had (the order's amount adds the channel fee). */
  repayAmount: number;
  /** The Maya WebPay account it was made for. */
  account?: string;
}

/** Parsed at the storage edge: a stored `payUrl` is judged by the link allow-list again. */
const pendingOrderSchema = z.object({
  order: endpoints.generatorRepayOrder.response,
  periodIds: z.array(z.string()).check(z.minLength(1)),
  repayAmount: z.number(),
  account: z.optional(z.string()),
});

/** The schema as JsonStorage reads it (it needs only success and data). */
const pendingOrderParser: SafeParser<PendingOrder> = {
  safeParse(input) {
    const parsed = pendingOrderSchema.safeParse(input);
    return parsed.success
      ? { success: true, data: parsed.data }
      : { success: false, error: { issues: [{ path: [], message: parsed.error.message }] } };
  },
};

const PENDING_ORDER_KEY = 'dl.pendingRepayOrder';

export function pendingOrderKey(owner: PendingOrderOwner): string {
  return `${PENDING_ORDER_KEY}:${owner.apiHost}:${owner.userId}`;
}

/** What a channel screen does with the kept order. */
export type PendingOrderFate =
  /** It is this screen's order for the chosen bills: show it, ask for none. */
  | 'show'
  /** The same bills on another channel: not shown; ordering here replaces it on the server. */
  | 'elsewhere'
  /** The screen does not know the chosen bills: nothing to compare, nothing to forget. */
  | 'keep'
  /** Expired, or the borrower chose other bills: forget it. */
  | 'drop';

export function pendingOrderFate(
  pending: PendingOrder,
  screen: {
    channel: string;
    /** The chosen installments; `null` while the screen does not know them. */
    periodIds: readonly string[] | null;
    nowSec: number;
  },
): PendingOrderFate {
  if (pending.order.expireTime <= screen.nowSec) return 'drop';
  if (screen.periodIds === null) return 'keep';
  const chosen = new Set(screen.periodIds);
  const same =
    pending.periodIds.length === chosen.size && pending.periodIds.every((id) => chosen.has(id));
  if (!same) return 'drop';
  return pending.order.channel === screen.channel ? 'show' : 'elsewhere';
}

/** One pending order per owner, in local storage. */
export class PendingOrders {
  constructor(private readonly storage: JsonStorage) {}

  read(owner: PendingOrderOwner): PendingOrder | undefined {
    return this.storage.read(pendingOrderKey(owner), pendingOrderParser);
  }

  /** The newest order replaces the owner's earlier one (the server voided it). */
  save(owner: PendingOrderOwner, pending: PendingOrder): void {
    this.storage.write(pendingOrderKey(owner), pending);
  }

  /** Forgets the owner's order if it is `orderNo` (a newer one stays). */
  drop(owner: PendingOrderOwner, orderNo: string): void {
    if (this.read(owner)?.order.orderNo === orderNo) this.storage.remove(pendingOrderKey(owner));
  }
}

/** How long a channel screen waits for the user info of a session that has just started. */
const USER_WAIT_MS = 10_000;

/** The signed-in borrower's pending order on this backend (what RepayStore uses). */
export class UserPendingOrder {
  constructor(
    private readonly deps: {
      orders: PendingOrders;
      user: Pick<UserStore, 'user' | 'isLoggedIn'>;
      /** app-config `apiBase.main`: an order belongs to one backend. */
      apiHost: string;
      clock: Pick<Clock, 'now'>;
    },
  ) {}

  private get owner(): PendingOrderOwner | null {
    const userId = this.deps.user.user?.userId;
    return userId ? { apiHost: this.deps.apiHost, userId } : null;
  }

  /**
   * Resolves once the user is known: right after a start the user info may still be on its way
   * (a host's token, a restored session); without it after a while, nothing is shown.
   */
  async whenUserKnown(): Promise<this> {
    const { user } = this.deps;
    if (user.user || !user.isLoggedIn) return this;
    await when(() => user.user !== null || !user.isLoggedIn, { timeout: USER_WAIT_MS }).catch(
      () => {
        // No user info: the screen offers REPAY, and the server answers with the same order.
      },
    );
    return this;
  }

  /**
   * What `channel`'s screen has for the chosen installments (`null`: not known): the order to
   * show, or the one on another channel that ordering here replaces. An expired order, or one for
   * other bills, is forgotten.
   */
  onScreen(
    channel: string,
    periodIds: readonly string[] | null,
  ): { shown: RepayOrder | null; replaced: RepayOrder | null } {
    const none = { shown: null, replaced: null };
    const { owner } = this;
    const pending = owner ? this.deps.orders.read(owner) : undefined;
    if (!owner || !pending) return none;
    const nowSec = Math.floor(this.deps.clock.now() / 1000);
    const fate = pendingOrderFate(pending, { channel, periodIds, nowSec });
    switch (fate) {
      case 'show':
        return { shown: pending.order, replaced: null };
      case 'elsewhere':
        return { shown: null, replaced: pending.order };
      case 'drop':
        this.deps.orders.drop(owner, pending.order.orderNo);
        return none;
      case 'keep':
        return none;
      default:
        throw missingCaseError(fate);
    }
  }

  /** A new order: it replaces the earlier one (the server voided that). */
  remember(pending: PendingOrder): void {
    const { owner } = this;
    if (owner) this.deps.orders.save(owner, pending);
  }

  /** `orderNo` was paid or can no longer be paid. */
  forget(orderNo: string): void {
    const { owner } = this;
    if (owner) this.deps.orders.drop(owner, orderNo);
  }
}

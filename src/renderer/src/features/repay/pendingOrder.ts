/**
 * The borrower's pending repay order, kept across reloads and round trips (DESIGN.md §6 "One
 * pending order per installment set"): a channel screen shows the order it already has for the
 * chosen bills instead of asking for another. Kept in localStorage under the user and the API
 * host it belongs to, so another borrower or another backend never sees it. The server answers
 * the same request with the same order anyway; this saves the call and keeps the same pay code
 * on screen. Runs in the browser.
 */
import { endpoints, type RepayOrder } from '../../../../shared/api/endpoints';
import { z } from '../../../../shared/zod';
import type { SafeParser } from '../../lib/shape';
import type { JsonStorage } from '../../services/storage';

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

export const PENDING_ORDER_KEY = 'dl.pendingRepayOrder';

export function pendingOrderKey(owner: PendingOrderOwner): string {
  return `${PENDING_ORDER_KEY}:${owner.apiHost}:${owner.userId}`;
}

/** What a channel screen does with the kept order. */
export type PendingOrderFate =
  /** It is this screen's order for the chosen bills: show it, ask for none. */
  | 'show'
  /** It belongs to another channel: not shown; ordering here replaces it on the server. */
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
  return pending.order.channel === screen.channel ? 'show' : 'keep';
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

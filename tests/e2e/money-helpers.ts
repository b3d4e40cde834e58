/**
 * Shared steps of the money-* and repay-* specs: a repay from the Bill tab of the `repaying`
 * scenario, the orders the server placed, and a wallet that cancels (PRODUCT.md §2 "Repay
 * channel screens").
 */
import { expect, type Page } from '@playwright/test';
import type { LogEntry, MockAdmin } from './fixtures';

/** Bill → REPAY with the preselected Due and Overdue rows (₱2,140 + ₱6,210): the ₱8,350 channels. */
export async function repayFromBill(page: Page) {
  await page.goto('/bill');
  const repay = page.getByRole('button', { name: 'REPAY' });
  await expect(repay).toBeEnabled();
  await repay.click();
  await expect(page).toHaveURL(/\/repay\/selectCh\/?\?amount=8350$/);
}

/** The repay orders in a server log, as the log lists them. */
export function ordersIn(log: LogEntry[]): LogEntry[] {
  return log.filter((entry) => entry.path === 'repay/generatorRepayOrder');
}

export interface PlacedOrder {
  orderNo: string;
  amount: number;
  payCode: string | null;
}

/** What the server answered to each repay order of its log. */
export async function placedOrders(admin: MockAdmin): Promise<PlacedOrder[]> {
  return ordersIn(await admin.log(500)).map((entry) => entry.response.data as PlacedOrder);
}

/**
 * The borrower cancels in GCash, the first time or every time: the host still gets the
 * gcashPayment call (the spec sees it), the page gets "cancelled" (resultCode 2).
 * Call after injecting the host and before page.goto.
 */
export async function cancelGcash(page: Page, when: 'first time' | 'every time') {
  await page.addInitScript((every) => {
    const w = globalThis as unknown as {
      nativeBridge: { call(m: string, p?: unknown): Promise<unknown> };
    };
    const call = w.nativeBridge.call.bind(w.nativeBridge);
    let cancelled = false;
    w.nativeBridge.call = (method, params) => {
      if (method !== 'gcashPayment' || (cancelled && !every)) return call(method, params);
      cancelled = true;
      void call(method, params);
      return Promise.resolve({ resultCode: 2 });
    };
  }, when === 'every time');
}

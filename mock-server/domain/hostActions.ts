/**
 * What a native host's own backend calls do to the server's state (DESIGN.md §4 bridge methods
 * answered by the host, §6 admin API): the lender app submits a loan application, a wallet pays
 * a repay order, the loan flow takes a voucher. Each runs the same endpoint handlers as the web
 * path, with the token the host holds, so Home, Bill and the review show the same result.
 */

import { endpoints, type ProductAnswer } from '@shared/api/endpoints';
import { CouponStates } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import { HOST_ACTIONS, type HostAction, hostActionParams, isHostAction } from '@shared/simWorld';
import { z } from '@shared/zod';
import { fail, ok } from './context';
import type { ApiCall } from './types';

export { HOST_ACTIONS, isHostAction };

export const hostActionBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  params: z.record(z.string(), z.unknown()),
});

/** The device the simulated native app calls from (the SPA's id is this plus -h5). */
const NATIVE_DEVICE = 'native-host';

/** What a host action runs on: product calls, and the wallet's payment of a repay order. */
interface HostBackend {
  handle(call: ApiCall): Promise<ProductAnswer>;
  /** Pays `orderNo` for the borrower `token` names (the token rules of every product call). */
  walletPayment(token: string, payment: { orderNo: string; amount: number }): ProductAnswer;
}

function callOf(path: string, token: string, data: unknown): ApiCall {
  return {
    host: 'main',
    path,
    data,
    token,
    deviceId: NATIVE_DEVICE,
    userBaseInfo: { deviceId: NATIVE_DEVICE, system: 'android', tokenValue: token, version: '' },
  };
}

export async function runHostAction(
  backend: HostBackend,
  method: HostAction,
  token: string,
  rawParams: unknown,
): Promise<ProductAnswer> {
  const parsed = hostActionParams[method].safeParse(rawParams);
  if (!parsed.success) {
    return fail(
      ServerCode.BAD_REQUEST,
      `Invalid ${method} params: ${z.prettifyError(parsed.error)}`,
    );
  }
  switch (method) {
    case 'loanApply': {
      const params = parsed.data as z.output<(typeof hostActionParams)['loanApply']>;
      return backend.handle(
        callOf(endpoints.applyNoPayPassword.path, token, {
          borrowAmount: params.borrowAmount,
          periods: params.periods,
          payeeId: params.payeeId,
          // The account as the borrower picked it in the app; its id only when the app sent none.
          payeeLabel: params.payeeLabel ?? params.payeeId,
          purpos: 'Personal',
          type: 'native',
          ...(params.userCouponId ? { userCouponId: params.userCouponId } : {}),
        }),
      );
    }
    case 'gcashPayment':
    case 'fastPayPayment': {
      // The wallet's payment lands on the order of the borrower the host is signed in as, or is
      // refused with the reason (signed out, paid, voided, expired, another amount).
      const { orderNo, amount } = parsed.data as { orderNo: string; amount: number };
      return backend.walletPayment(token, { orderNo, amount });
    }
    case 'useVoucher': {
      const { userCouponId } = parsed.data as { userCouponId: string };
      const answer = await backend.handle(
        callOf(endpoints.couponList.path, token, { state: CouponStates.AVAILABLE }),
      );
      if (answer.code !== ServerCode.OK) return answer;
      const list = Array.isArray(answer.data) ? (answer.data as { userCouponId?: string }[]) : [];
      return list.some((c) => c.userCouponId === userCouponId)
        ? ok(null)
        : fail(ServerCode.NOT_FOUND, 'This voucher is not available.');
    }
  }
}

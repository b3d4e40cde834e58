/**
 * A wallet payment: the developer (or the auto-answer) decides how the wallet answers; an OK
 * means the wallet paid, so the order is paid on the backend exactly as the wallet would pay it.
 * A refusal is reported as a wallet app reports it: the backend's reason, and for an order that
 * can never be paid (replaced, expired, paid) the refusal itself, so the page can lead to the
 * order to pay instead (src/shared/bridge.ts, gcashPayment).
 */
import { orderRefusalSchema } from '@shared/api/entities';
import { type Handler, onBackend, resultOf } from './context';

export function walletPayment<M extends 'gcashPayment' | 'fastPayPayment'>(method: M): Handler<M> {
  return async (params, context) => {
    const decision = await context.ask(method, params);
    if (decision.answer !== 'ok') return resultOf(decision);
    const paid = await onBackend(context, method, {
      orderNo: params.orderNo,
      amount: params.amount,
    });
    if (paid.ok) return resultOf(decision);
    const refusal = orderRefusalSchema.safeParse(paid.answer?.data);
    if (!paid.answer || !refusal.success) return paid.result;
    return { resultCode: 3, message: paid.answer.message, data: refusal.data };
  };
}

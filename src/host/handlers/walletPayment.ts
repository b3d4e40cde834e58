/**
 * A wallet payment: the developer (or the auto-answer) decides how the wallet answers; an OK
 * means the wallet paid, so the order is paid on the backend exactly as the wallet would pay it.
 */
import { type Handler, onBackend, resultOf } from './context';

export function walletPayment<M extends 'gcashPayment' | 'fastPayPayment'>(method: M): Handler<M> {
  return async (params, context) => {
    const decision = await context.ask(method, params);
    if (decision.answer !== 'ok') return resultOf(decision);
    const paid = await onBackend(context, method, {
      orderNo: params.orderNo,
      amount: params.amount,
    });
    return paid.ok ? resultOf(decision) : paid.result;
  };
}

import { type Handler, ok, onBackend } from './context';

/**
 * The lender app submits the loan natively: the same application reaches the backend (in the
 * phone's world), so Home, Bill and the review show the new loan as on the web path.
 */
export const loanApply: Handler<'loanApply'> = async (params, context) => {
  const submitted = await onBackend(context, 'loanApply', params);
  if (!submitted.ok) return submitted.result;
  const orderNo = (submitted.data as { orderNo?: string } | null)?.orderNo ?? null;
  const coupon = params.userCouponId ? `, coupon ${params.userCouponId}` : '';
  context.show(
    'loanApply',
    'Loan application submitted',
    `₱${params.borrowAmount} over ${params.periods} period(s) to ${params.payeeId}${coupon} → ${orderNo}`,
  );
  return ok(orderNo ? { orderNo } : null);
};

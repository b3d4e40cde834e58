import { type Handler, ok, onBackend } from './context';

/**
 * The lender app submits the loan natively: the same application reaches the backend (in the
 * phone's world), so Home, Bill and the review show the new loan as on the web path.
 */
export const loanApply: Handler<'loanApply'> = async (params, context) => {
  // The app knows the account it offered in pickAccount: the review shows its label, as the
  // borrower picked it ("BDO Savings •••• 3344"), not the internal id the page sends back.
  const payeeLabel = context
    .snapshot()
    .accounts.find((a) => a.payeeId === params.payeeId)?.payeeLabel;
  const submitted = await onBackend(context, 'loanApply', {
    ...params,
    ...(payeeLabel ? { payeeLabel } : {}),
  });
  if (!submitted.ok) return submitted.result;
  const orderNo = (submitted.data as { orderNo?: string } | null)?.orderNo ?? null;
  const coupon = params.userCouponId ? `, coupon ${params.userCouponId}` : '';
  context.show(
    'loanApply',
    'Loan application submitted',
    `₱${params.borrowAmount} over ${params.periods} period(s) to ${payeeLabel ?? params.payeeId}${coupon} → ${orderNo}`,
  );
  return ok(orderNo ? { orderNo } : null);
};

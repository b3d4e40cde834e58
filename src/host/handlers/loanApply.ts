import { type Handler, ok } from './context';

/** The lender app submits the loan natively and answers the new order number. */
export const loanApply: Handler<'loanApply'> = (params, context) => {
  const { snapshot } = context;
  const orderNo = `SIM${snapshot().calls.length.toString().padStart(6, '0')}`;
  const coupon = params.userCouponId ? `, coupon ${params.userCouponId}` : '';
  context.show(
    'loanApply',
    'Loan application submitted',
    `₱${params.borrowAmount} over ${params.periods} period(s) to ${params.payeeId}${coupon} → ${orderNo}`,
  );
  return ok({ orderNo });
};

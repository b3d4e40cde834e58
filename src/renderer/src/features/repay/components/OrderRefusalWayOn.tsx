/**
 * The way on from an order that can never be paid (DESIGN.md §6 "One pending order per
 * installment set"): a replaced order leads to the order that now holds its bills, on that
 * order's channel (REPAY there answers with that same order); an expired one back to the bills;
 * a paid one to its result. Never a dead end, never a Pay Again on a dead order.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { OrderRefusal } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import { useFeature } from '@renderer/stores/StoresContext';
import { resultPath } from '@renderer/features/repay/RepayStore';
import { channelPath } from '@renderer/features/repay/repayRules';

const chooseBills = (
  <Link className="money-link-button" to="/bill">
    Choose bills to pay
  </Link>
);

export const OrderRefusalWayOn = observer(function OrderRefusalWayOn({
  refusal,
  withBills = true,
}: {
  refusal: OrderRefusal;
  /** Offer the bills too (false where the screen has its own way to them). */
  withBills?: boolean;
}) {
  const form = useFeature(repayFormFeature);
  const bills = withBills ? chooseBills : null;
  switch (refusal.status) {
    case 'replaced': {
      const live = refusal.liveOrder;
      if (!live) return bills;
      // The bills this phone chose are the ones the live order holds when another device
      // ordered the same installments; without them, the Bill tab shows what is left to pay.
      const chosen = form.inited && form.periodIds.length > 0 ? form.repayAmount : null;
      return (
        <>
          <Link
            className="money-link-button"
            to={chosen === null ? '/bill' : channelPath(live.channel, chosen)}
          >
            Pay order {live.orderNo} on {live.channelLabel}
          </Link>
          {chosen !== null && bills}
        </>
      );
    }
    case 'expired':
      return bills;
    case 'paid':
      return (
        <Link className="money-link-button" to={resultPath(refusal.orderNo)}>
          See the payment result
        </Link>
      );
    default:
      throw missingCaseError(refusal.status);
  }
});

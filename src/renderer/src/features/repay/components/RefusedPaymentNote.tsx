/**
 * The wallet refused to pay the order on screen because it can never be paid (replaced on
 * another device, expired, already paid): the wallet's reason, and the way on instead of a Pay
 * Again that could only be refused again.
 */
import { observer } from 'mobx-react-lite';
import { useFeature } from '@renderer/stores/StoresContext';
import { repayFeature } from '@renderer/features/repay/RepayStore';
import { OrderRefusalWayOn } from './OrderRefusalWayOn';

export const RefusedPaymentNote = observer(function RefusedPaymentNote() {
  const repay = useFeature(repayFeature);
  const refused = repay.refusedPayment;
  if (!refused || repay.order) return null;
  return (
    <section className="money-card" aria-label="Payment refused" data-testid="payment-refused">
      <p className="money-alert" role="alert">
        {refused.message}
      </p>
      <div className="money-actions">
        <OrderRefusalWayOn refusal={refused.refusal} />
      </div>
    </section>
  );
});

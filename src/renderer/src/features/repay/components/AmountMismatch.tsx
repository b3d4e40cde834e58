/**
 * The repay screens' amount is not the sum of any chosen bills (a stale, edited or shared link):
 * say so, and offer the way on — the bills the borrower did choose, or the Bill tab — instead of
 * "N installment(s) selected" beside channels all above their limit and a REPAY that refuses.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { formatPeso } from '@shared/money';
import { useFeature } from '@renderer/stores/StoresContext';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import { selectChannelPath } from '@renderer/features/repay/repayRules';

export const AmountMismatch = observer(function AmountMismatch({ amount }: { amount: number }) {
  const form = useFeature(repayFormFeature);
  const chosen = form.inited && form.periodIds.length > 0;
  return (
    <div className="money-card" data-testid="amount-mismatch">
      <p className="money-alert" role="alert">
        The amount in this link ({formatPeso(amount)}) is not the sum of the bills you chose.
      </p>
      <div className="money-actions">
        {chosen && (
          <Link className="money-link-button" to={selectChannelPath(form.repayAmount)} replace>
            Pay {formatPeso(form.repayAmount)} for the {form.periodIds.length} installment(s) you
            chose
          </Link>
        )}
        <Link className="money-link-button" to="/bill">
          Choose bills to pay
        </Link>
      </div>
    </div>
  );
});

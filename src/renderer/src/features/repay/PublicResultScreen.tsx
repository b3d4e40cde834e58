/**
 * /repay/publicResult?orderNo= (public path): the outcome of a repay order. Never a dead end: an
 * order that can never be paid says which one to pay instead and leads there (signed in) or to
 * the login; a link without an order number says so; a visitor can always sign in.
 */
import { Button, Result } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OrderRefusal } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { OrderRefusalWayOn } from './components/OrderRefusalWayOn';
import { loginPath } from '@renderer/stores/SessionStore';
import type { RepayResultStatus } from './RepayStore';
import { repayFeature, resultPath } from './RepayStore';
import { formatPeso } from '@shared/money';

type Shown = { status: 'success' | 'waiting' | 'error' | 'info'; title: string };

function outcome(status: RepayResultStatus): Shown {
  switch (status) {
    case 'idle':
    case 'loading':
      return { status: 'waiting', title: 'Checking your payment…' };
    case 'pending':
      return { status: 'waiting', title: 'Payment Pending' };
    case 'success':
      return { status: 'success', title: 'Repayment Successful' };
    case 'failed':
      return { status: 'error', title: 'Payment Failed' };
    case 'error':
      return { status: 'info', title: 'Payment result unavailable' };
    default:
      throw missingCaseError(status);
  }
}

/**
 * An order that can never be paid, in a few words of its own: the server's full message is
 * already on screen as the notification every refusal raises (PRODUCT.md §8), never twice.
 */
function refusalOutcome(refusal: OrderRefusal): Shown & { text: string } {
  const { orderNo } = refusal;
  switch (refusal.status) {
    case 'replaced':
      return {
        status: 'info',
        title: 'Order replaced',
        text: refusal.liveOrder
          ? `Order ${orderNo} can no longer be paid. Your bills are now on order ${refusal.liveOrder.orderNo} (${refusal.liveOrder.channelLabel}).`
          : `Order ${orderNo} can no longer be paid. Choose the bills to pay again.`,
      };
    case 'expired':
      return {
        status: 'info',
        title: 'Order expired',
        text: `Order ${orderNo} expired before it was paid. Choose the bills to pay again.`,
      };
    case 'paid':
      return { status: 'success', title: 'Repayment Successful', text: `Order ${orderNo}` };
    default:
      throw missingCaseError(refusal.status);
  }
}

const NO_ORDER_TEXT =
  'This link has no order number. Open the result from your payment, or see your bills.';

const PublicResultScreen = observer(function PublicResultScreen() {
  const { user } = useStores();
  const repay = useFeature(repayFeature);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const orderNo = query.get('orderNo')?.trim() ?? '';
  useEffect(() => {
    if (orderNo) void repay.loadResult(orderNo);
  }, [repay, orderNo]);

  const refusal = orderNo && repay.resultStatus === 'error' ? repay.resultRefusal : null;
  const refused = refusal ? refusalOutcome(refusal) : null;
  const shown = refused ?? outcome(orderNo ? repay.resultStatus : 'error');
  const result = repay.result;
  const description = !orderNo
    ? NO_ORDER_TEXT
    : refused
      ? refused.text
      : result
        ? `Order ${result.orderNo} · ${formatPeso(result.amount)}`
        : repay.resultMessage || orderNo;
  // Asking again changes nothing for an order that can never be paid.
  const canRefresh =
    orderNo !== '' &&
    !refusal &&
    (repay.resultStatus === 'pending' || repay.resultStatus === 'error');
  return (
    <MoneyPage title="Repayment Result" back={user.isLoggedIn ? '/bill' : undefined}>
      <Result status={shown.status} title={shown.title} description={description} />
      <div className="money-actions">
        {refusal && user.isLoggedIn && <OrderRefusalWayOn refusal={refusal} withBills={false} />}
        {canRefresh && (
          <Button block color="primary" fill="outline" onClick={() => repay.loadResult(orderNo)}>
            Refresh
          </Button>
        )}
        {user.isLoggedIn ? (
          <>
            <Button block color="primary" onClick={() => navigate('/bill', { replace: true })}>
              Back to Bill
            </Button>
            <Button block onClick={() => navigate('/', { replace: true })}>
              Back to Home
            </Button>
          </>
        ) : (
          // A visitor (another browser, a shared link): the bills and orders are behind the login,
          // which comes back here (or to the bills) signed in, with the way on.
          <Link
            className="money-link-button"
            to={loginPath(orderNo ? resultPath(orderNo) : '/bill')}
          >
            Log In to see your bills
          </Link>
        )}
      </div>
    </MoneyPage>
  );
});

export default PublicResultScreen;

/** /repay/publicResult?orderNo= (public path): the outcome of a repay order. */
import { Button, Result } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { missingCaseError } from '@shared/missingCaseError';
import { useFeature, useStores } from '../../stores/StoresContext';
import { MoneyPage } from '../../components/MoneyPage';
import type { RepayResultStatus } from './RepayStore';
import { repayFeature } from './RepayStore';
import { formatPeso } from '@shared/money';

function outcome(status: RepayResultStatus): {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
} {
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

const PublicResultScreen = observer(function PublicResultScreen() {
  const { user } = useStores();
  const repay = useFeature(repayFeature);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const orderNo = query.get('orderNo') ?? '';
  useEffect(() => {
    if (orderNo) void repay.loadResult(orderNo);
  }, [repay, orderNo]);

  const shown = outcome(orderNo ? repay.resultStatus : 'error');
  const result = repay.result;
  return (
    <MoneyPage title="Repayment Result" back={user.isLoggedIn ? '/bill' : undefined}>
      <Result
        status={shown.status}
        title={shown.title}
        description={
          result
            ? `Order ${result.orderNo} · ${formatPeso(result.amount)}`
            : repay.resultMessage || orderNo || undefined
        }
      />
      <div className="money-actions">
        {(repay.resultStatus === 'pending' || repay.resultStatus === 'error') && orderNo && (
          <Button block color="primary" fill="outline" onClick={() => repay.loadResult(orderNo)}>
            Refresh
          </Button>
        )}
        {user.isLoggedIn && (
          <>
            <Button block color="primary" onClick={() => navigate('/bill', { replace: true })}>
              Back to Bill
            </Button>
            <Button block onClick={() => navigate('/', { replace: true })}>
              Back to Home
            </Button>
          </>
        )}
      </div>
    </MoneyPage>
  );
});

export default PublicResultScreen;

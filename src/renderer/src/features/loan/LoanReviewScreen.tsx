/** /loan/review (PRODUCT.md §2): the application's state; ?success=1 shows the success state. */
import { Button, Result } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatMarketDate } from '@renderer/lib/marketCalendar';
import { useFeature } from '@renderer/stores/StoresContext';
import { AppDownloadNotice } from '@renderer/components/AppDownloadNotice';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { formatPeso } from '@shared/money';
import { loanFeature } from './LoanStore';
import { loanStateText } from './loanState';

const LoanReviewScreen = observer(function LoanReviewScreen() {
  const { review } = useFeature(loanFeature);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const success = query.get('success') === '1';
  useEffect(() => {
    void review.load();
  }, [review]);

  const detail = review.detail;
  const state = detail ? loanStateText(detail.state, detail.type) : null;
  return (
    <MoneyPage title="Loan Review" back="/">
      {success ? (
        <Result
          status="success"
          title="Application Submitted"
          description="Your loan application was received. The money is released to your account once it is approved."
        />
      ) : (
        state && <Result status={state.status} title={state.title} description={state.text} />
      )}
      {review.status === 'confirming' && (
        <Result
          status="waiting"
          title="Checking Your Application"
          description="Your loan application was sent. We are checking that it reached us; this takes a few seconds."
        />
      )}
      {review.status === 'notReceived' && (
        <Result
          status="warning"
          title="Application Not Received"
          description="Your loan application did not reach us, so no loan was booked. You can apply again."
        />
      )}
      {!success && review.status === 'done' && !detail && (
        <Result status="info" title="No Data" description="You have no loan application yet." />
      )}
      {detail && (
        <section className="money-card" aria-label="Application">
          <dl className="info-pairs">
            <dt>Order No.</dt>
            <dd>{detail.orderNo}</dd>
            <dt>Loan Amount</dt>
            <dd>{formatPeso(detail.borrowAmount)}</dd>
            <dt>You Receive</dt>
            <dd>{formatPeso(detail.receivedAmount)}</dd>
            <dt>Periods</dt>
            <dd>{detail.periods}</dd>
            <dt>Payee Account</dt>
            <dd>{detail.payeeLabel}</dd>
            <dt>Applied On</dt>
            <dd>{formatMarketDate(detail.applyTime)}</dd>
          </dl>
          {detail.failReason && <p className="money-alert">{detail.failReason}</p>}
        </section>
      )}
      <AppDownloadNotice text="Follow your loan and get release notices in the Direct Loan app." />
      <div className="money-actions">
        {review.status === 'notReceived' && (
          <Button block color="primary" onClick={() => navigate('/loan/apply', { replace: true })}>
            Apply Again
          </Button>
        )}
        <Button
          block
          color={review.status === 'notReceived' ? 'default' : 'primary'}
          onClick={() => navigate('/', { replace: true })}
        >
          Back to Home
        </Button>
      </div>
    </MoneyPage>
  );
});

export default LoanReviewScreen;

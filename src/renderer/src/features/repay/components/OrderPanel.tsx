/** A generated order on the web: its payment code or link, then "I Have Paid" to the outcome. */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMarketDateTime } from '@renderer/lib/marketCalendar';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { offersFastPayDownload } from '@renderer/features/repay/fastPayDownload';
import { repayFeature, resultPath } from '@renderer/features/repay/RepayStore';
import { formatPeso } from '@shared/money';

/** Only QRPh orders draw a QR code: the encoder loads with the first one. */
const QrCode = lazy(() => import('./QrCode'));

export const OrderPanel = observer(function OrderPanel() {
  const repay = useFeature(repayFeature);
  const { session } = useStores();
  const navigate = useNavigate();
  const order = repay.order;
  if (!order) return null;
  return (
    <section className="money-card" aria-label="Repay order">
      <h2>Order {order.orderNo}</h2>
      <p>
        Amount: <strong>{formatPeso(order.amount)}</strong>
        {order.fee > 0 ? ` (fee ${formatPeso(order.fee)} included)` : ''}
      </p>
      {order.payCode && (
        <>
          <p className="money-muted">Payment Code</p>
          <p className="pay-code" data-testid="pay-code">
            {order.payCode}
          </p>
          {order.channel === 'QRPH' && (
            // The QRPh steps say "scan the QR code": here it is, the code the order carries.
            <Suspense fallback={<p className="money-muted">Loading the QR code…</p>}>
              <QrCode text={order.payCode} label={`QR code of payment ${order.payCode}`} savable />
            </Suspense>
          )}
        </>
      )}
      {repay.paysInWallet ? (
        // A cancelled or failed wallet payment is tried again on this same order.
        <Button
          block
          color="primary"
          fill="outline"
          loading={repay.ordering}
          onClick={() => void repay.payAgain()}
        >
          Pay Again
        </Button>
      ) : (
        order.payUrl && (
          <Button block color="primary" fill="outline" onClick={() => repay.openPayUrl()}>
            Open Payment Page
          </Button>
        )
      )}
      {order.channel === 'FASTPAY' && offersFastPayDownload(session.profile) && (
        <p className="money-muted">
          Pay in the FastPay wallet. <Link to="/repay/fastpay/download">Download FastPay</Link>
        </p>
      )}
      <p className="money-muted">Pay before {formatMarketDateTime(order.expireTime)}.</p>
      <div className="money-actions">
        <Button
          block
          color="primary"
          onClick={() => navigate(resultPath(order.orderNo), { viewTransition: true })}
        >
          I Have Paid
        </Button>
      </div>
    </section>
  );
});

/**
 * /repay/fastpay/download and /repay/tw/fastpayDownload: get the FastPay wallet to repay. Opened
 * inside the wallet itself (a stale link), it says so and leads back to the bills instead.
 */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { offersFastPayDownload } from './fastPayDownload';

/** Where the FastPay wallet is downloaded. */
const FASTPAY_DOWNLOAD_URL = 'https://www.fastpay.com.tw/download';

const FastpayDownloadScreen = observer(function FastpayDownloadScreen() {
  const { services, session } = useStores();
  const navigate = useNavigate();
  if (!offersFastPayDownload(session.profile)) {
    return (
      <MoneyPage title="FastPay">
        <div className="money-card">
          <h2>You are in the FastPay wallet</h2>
          <p>Choose the bills to pay on the Bill tab and pay them here in one tap.</p>
          <Button block color="primary" size="large" onClick={() => navigate('/bill')}>
            Go to Bill
          </Button>
        </div>
      </MoneyPage>
    );
  }
  return (
    <MoneyPage title="Download FastPay">
      <div className="money-card">
        <h2>Repay with the FastPay wallet</h2>
        <p>
          Install the FastPay app, log in with your mobile number and come back to Direct Loan to
          repay your bills in one tap.
        </p>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => void services.native.openBrowser(FASTPAY_DOWNLOAD_URL)}
        >
          Download FastPay
        </Button>
      </div>
    </MoneyPage>
  );
});

export default FastpayDownloadScreen;

/** /repay/fastpay/download and /repay/tw/fastpayDownload: get the FastPay wallet to repay. */
import { Button } from 'antd-mobile';
import { useStores } from '../../stores/StoresContext';
import { MoneyPage } from './components/MoneyPage';

/** Where the FastPay wallet is downloaded. */
export const FASTPAY_DOWNLOAD_URL = 'https://www.fastpay.com.tw/download';

export default function FastpayDownloadScreen() {
  const { services } = useStores();
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
}

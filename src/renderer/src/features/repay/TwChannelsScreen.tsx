/** /repay/tw/channels: the Taiwan channel list (FastPay). */
import { Link, useSearchParams } from 'react-router-dom';
import { ChannelList } from './components/ChannelList';
import { MoneyPage } from './components/MoneyPage';
import { amountFromQuery } from './repayRules';

export default function TwChannelsScreen() {
  const [query] = useSearchParams();
  return (
    <MoneyPage title="Repay Channels">
      <ChannelList market="tw" amount={amountFromQuery(query.get('amount'))} />
      <p className="money-muted">
        No FastPay wallet yet? <Link to="/repay/tw/fastpayDownload">Download FastPay</Link>
      </p>
    </MoneyPage>
  );
}

/** /repay/tw/channels: the Taiwan channel list (FastPay). */
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';
import { ChannelList } from './components/ChannelList';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { offersFastPayDownload } from './fastPayDownload';
import { amountFromQuery } from './repayRules';

const TwChannelsScreen = observer(function TwChannelsScreen() {
  const { session } = useStores();
  const [query] = useSearchParams();
  return (
    <MoneyPage title="Repay Channels">
      <ChannelList market="tw" amount={amountFromQuery(query.get('amount'))} />
      {offersFastPayDownload(session.profile) && (
        <p className="money-muted">
          No FastPay wallet yet? <Link to="/repay/tw/fastpayDownload">Download FastPay</Link>
        </p>
      )}
    </MoneyPage>
  );
});

export default TwChannelsScreen;

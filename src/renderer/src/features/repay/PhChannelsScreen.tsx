/** /repay/ph/channels: every Philippine channel with its instructions. */
import { useSearchParams } from 'react-router-dom';
import { ChannelList } from './components/ChannelList';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { amountFromQuery } from './repayRules';

export default function PhChannelsScreen() {
  const [query] = useSearchParams();
  return (
    <MoneyPage title="Repay Channels">
      <ChannelList market="ph" amount={amountFromQuery(query.get('amount'))} />
    </MoneyPage>
  );
}

/**
 * /repay/ph/detail?key=&amount= (PRODUCT.md §2 "Repay channel screens"): a channel's logo, limit,
 * fee, information, steps and notices, and REPAY. Above the limit the page says so and REPAY
 * refuses before any order exists.
 */
import { Button } from 'antd-mobile';
import { formatPeso } from '../../../../shared/money';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFeature } from '../../stores/StoresContext';
import { AmountCard } from './components/AmountCard';
import { ChannelImage } from './components/ChannelImage';
import { ChannelInstructions } from './components/ChannelInstructions';
import { MoneyPage } from '../../components/MoneyPage';
import { OrderPanel } from './components/OrderPanel';
import { ReplacedOrderNote } from './components/ReplacedOrderNote';
import { repayFeature } from './RepayStore';
import {
  amountFromQuery,
  checkAmount,
  feeOf,
  INVALID_AMOUNT,
  isInvalidAmountQuery,
  limitOf,
} from './repayRules';

const ChannelDetailScreen = observer(function ChannelDetailScreen() {
  const repay = useFeature(repayFeature);
  const [query] = useSearchParams();
  const key = query.get('key') ?? '';
  const amount = amountFromQuery(query.get('amount'));
  const invalidAmount = isInvalidAmountQuery(query.get('amount'));
  useEffect(() => {
    void repay.loadChannels();
    void repay.openChannel(key, amount);
  }, [repay, amount, key]);

  const channel = repay.channelByKey(key);
  if (!channel) {
    return (
      <MoneyPage title="Repay">
        <p className="money-muted">{repay.channelsLoading ? 'Loading…' : 'No Data'}</p>
      </MoneyPage>
    );
  }
  const limit = limitOf(channel);
  const fee = feeOf(channel);
  const check = amount > 0 ? checkAmount(channel, amount) : { ok: true as const };
  return (
    <MoneyPage title={channel.label}>
      <div className="money-card">
        <ChannelImage
          className="channel-logo"
          src={channel.logo}
          label={channel.label}
          alt={`${channel.label} logo`}
        />
        <p className="money-muted">
          {limit === null ? 'No limit' : `Limit ${formatPeso(limit)} per transaction`}
          {fee > 0 ? ` · Fee ${formatPeso(fee)}` : ''}
        </p>
      </div>
      {amount > 0 && <AmountCard amount={amount} fee={fee} />}
      {invalidAmount && (
        <p className="money-alert" role="alert">
          {INVALID_AMOUNT} <Link to="/bill">Go to Bill</Link>
        </p>
      )}
      {!check.ok && (
        <p className="money-alert" role="alert">
          {check.message}
        </p>
      )}
      {repay.error && check.ok && (
        <p className="money-alert" role="alert">
          {repay.error}
        </p>
      )}
      <ReplacedOrderNote />
      <OrderPanel />
      {amount > 0 && !repay.order && (
        <Button
          block
          className="money-primary"
          color="primary"
          size="large"
          loading={repay.ordering}
          onClick={() => void repay.pay(channel, amount)}
        >
          REPAY
        </Button>
      )}
      <ChannelInstructions channel={channel} />
    </MoneyPage>
  );
});

export default ChannelDetailScreen;

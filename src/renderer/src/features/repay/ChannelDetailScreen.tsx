/**
 * /repay/ph/detail?key=&amount= (PRODUCT.md §2 "Repay channel screens"): a channel's logo, limit,
 * fee, information, steps and notices, and REPAY. Above the limit the page says so and REPAY
 * refuses before any order exists.
 */
import { Button } from 'antd-mobile';
import { formatPeso } from '@shared/money';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFeature } from '@renderer/stores/StoresContext';
import { AmountCard } from './components/AmountCard';
import { AmountMismatch } from './components/AmountMismatch';
import { ChannelHead, NoChannelPage } from './components/ChannelHead';
import { ChannelInstructions } from './components/ChannelInstructions';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { OrderPanel } from './components/OrderPanel';
import { RefusedPaymentNote } from './components/RefusedPaymentNote';
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
  if (!channel) return <NoChannelPage title="Repay" loading={repay.channelsLoading} />;
  const limit = limitOf(channel);
  const fee = feeOf(channel);
  const selection = repay.selectionOf(amount);
  const check = selection === 'chosen' ? checkAmount(channel, amount) : { ok: true as const };
  const limitText = limit === null ? 'No limit' : `Limit ${formatPeso(limit)} per transaction`;
  const feeText = fee > 0 ? ` · Fee ${formatPeso(fee)}` : '';
  return (
    <MoneyPage title={channel.label}>
      <ChannelHead channel={channel} note={limitText + feeText} />
      {selection === 'mismatch' && <AmountMismatch amount={amount} />}
      {(selection === 'chosen' || selection === 'checking') && (
        <AmountCard amount={amount} fee={fee} />
      )}
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
      <RefusedPaymentNote />
      <OrderPanel />
      {(selection === 'chosen' || selection === 'checking') && !repay.order && (
        <Button
          block
          className="money-primary"
          color="primary"
          size="large"
          loading={repay.ordering || selection === 'checking'}
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

/** /repay/ph/mayaChannel?amount= (PRODUCT.md §2, §9): Maya WebPay with its tips, the 08/09
 * account rule and the study link. */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFeature } from '@renderer/stores/StoresContext';
import { AmountCard } from './components/AmountCard';
import { AmountMismatch } from './components/AmountMismatch';
import { ChannelHead, NoChannelPage } from './components/ChannelHead';
import { ChannelInstructions } from './components/ChannelInstructions';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { OrderPanel } from './components/OrderPanel';
import { ReplacedOrderNote } from './components/ReplacedOrderNote';
import { repayFeature } from './RepayStore';
import {
  amountFromQuery,
  INVALID_AMOUNT,
  isInvalidAmountQuery,
  MAYA_ACCOUNT_RULE,
  NO_AMOUNT,
  validateMayaAccount,
} from './repayRules';

const MAYA_KEY = 'MAYA_WEBPAY';

const MayaChannelScreen = observer(function MayaChannelScreen() {
  const repay = useFeature(repayFeature);
  const [query] = useSearchParams();
  const amount = amountFromQuery(query.get('amount'));
  const invalidAmount = isInvalidAmountQuery(query.get('amount'));
  const [account, setAccount] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    void repay.loadChannels();
    void repay.openChannel(MAYA_KEY, amount);
  }, [repay, amount]);

  const selection = repay.selectionOf(amount);
  const payable = selection === 'chosen' || selection === 'checking';
  const channel = repay.channelByKey(MAYA_KEY);
  if (!channel) return <NoChannelPage title="Maya WebPay" loading={repay.channelsLoading} />;
  const submit = () => {
    const result = validateMayaAccount(account);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError('');
    void repay.pay(channel, amount, result.account);
  };
  return (
    <MoneyPage title={channel.label}>
      <ChannelHead channel={channel} note="No limit" />
      {payable ? (
        <AmountCard amount={amount} />
      ) : selection === 'mismatch' ? (
        <AmountMismatch amount={amount} />
      ) : (
        // Opened without an amount (a link, the tutorial): nothing to pay yet, so no REPAY that
        // can only fail; the bills are one tap away.
        <div className="money-card" role="status">
          <p>{invalidAmount ? INVALID_AMOUNT : NO_AMOUNT}</p>
          <Link to="/bill">Choose bills to pay</Link>
        </div>
      )}
      <div className="money-card">
        <h2>Tips</h2>
        <ul className="step-list">
          {(channel.tips ?? [MAYA_ACCOUNT_RULE]).map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <p>
          <Link to={channel.studyUrl ?? '/repay/ph/studyPage'}>How to pay with Maya WebPay</Link>
        </p>
      </div>
      <ReplacedOrderNote />
      {!repay.order && payable && (
        <div className="money-card">
          <div className={`field${error ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor="maya-account">
              Maya Account
            </label>
            <input
              id="maya-account"
              type="tel"
              inputMode="numeric"
              maxLength={13}
              placeholder="09XXXXXXXXX"
              value={account}
              aria-invalid={error !== ''}
              aria-describedby={error ? 'maya-account-error' : undefined}
              onChange={(event) => {
                setAccount(event.target.value);
                setError('');
              }}
            />
            {error && (
              <span className="field__error" id="maya-account-error" role="alert">
                {error}
              </span>
            )}
          </div>
          {repay.error && (
            <p className="money-alert" role="alert">
              {repay.error}
            </p>
          )}
          <Button
            block
            color="primary"
            size="large"
            loading={repay.ordering || selection === 'checking'}
            onClick={submit}
          >
            REPAY
          </Button>
        </div>
      )}
      <OrderPanel />
      <ChannelInstructions channel={channel} />
    </MoneyPage>
  );
});

export default MayaChannelScreen;

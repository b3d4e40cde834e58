/** /repay/selectCh?amount= (PRODUCT.md §2): choose a channel of the borrower's market. */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { AmountCard } from './components/AmountCard';
import { AmountMismatch } from './components/AmountMismatch';
import { ChannelList } from './components/ChannelList';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import { repayFeature } from './RepayStore';
import { amountFromQuery, INVALID_AMOUNT, isInvalidAmountQuery, NO_AMOUNT } from './repayRules';

const SelectChannelScreen = observer(function SelectChannelScreen() {
  const { session } = useStores();
  const repay = useFeature(repayFeature);
  const repayForm = useFeature(repayFormFeature);
  const [query] = useSearchParams();
  const amount = amountFromQuery(query.get('amount'));
  const invalidAmount = isInvalidAmountQuery(query.get('amount'));
  useEffect(() => {
    repay.resetOrder();
    void repay.ensureForm(amount);
  }, [repay, amount]);

  const selection = repay.selectionOf(amount);
  return (
    <MoneyPage title="Select Repay Channel" back="/bill">
      {selection === 'mismatch' ? (
        <AmountMismatch amount={amount} />
      ) : (
        <AmountCard amount={amount} />
      )}
      {selection === 'none' && (
        <p className="money-alert" role="alert">
          {invalidAmount ? INVALID_AMOUNT : NO_AMOUNT} <Link to="/bill">Go to Bill</Link>
        </p>
      )}
      {selection === 'chosen' && (
        <p className="money-muted">{repayForm.periodIds.length} installment(s) selected</p>
      )}
      {selection === 'checking' && <p className="money-muted">Loading…</p>}
      {/* Channels for the chosen bills, or all of them to read (no amount); none for an amount
          that is not the bills' sum. */}
      {(selection === 'chosen' || selection === 'none') && (
        <ChannelList market={repay.market} amount={amount} />
      )}
      {repay.market === 'tw' && session.profile === 'web' && (
        <p className="money-muted">
          No FastPay wallet yet? <Link to="/repay/tw/fastpayDownload">Download FastPay</Link>
        </p>
      )}
    </MoneyPage>
  );
});

export default SelectChannelScreen;

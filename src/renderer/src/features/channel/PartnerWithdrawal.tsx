/**
 * /channel/withdrawal: the balance and how it is paid out (app/channel/channelWithdrawInfo/v1).
 * Payouts are made by partner support to the account on file, so the request is an email.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { formatPeso } from '@renderer/lib/format';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { channelFeature } from './ChannelStore';
import { PartnerPage } from './PartnerParts';

const PARTNER_SUPPORT_EMAIL = 'partners@directloan.ph';

export default observer(function PartnerWithdrawal() {
  const { user, services } = useStores();
  const channel = useFeature(channelFeature);
  useEffect(() => {
    if (channel.signedIn) void channel.loadWithdrawInfo();
  }, [channel]);
  const info = channel.withdrawInfo;
  const enough = info !== undefined && info.balance >= info.minWithdraw && info.balance > 0;
  const request = () => {
    if (!info) return;
    const phone = user.user ? `0${user.user.msisdn.replace(/^0/, '')}` : '';
    void services.native.composeEmail(
      PARTNER_SUPPORT_EMAIL,
      'Partner withdrawal request',
      `Please pay out my partner balance of ${formatPeso(info.balance)} to ${info.account ?? 'my account'}. Mobile number: ${phone}.`,
    );
  };
  return (
    <PartnerPage title="Withdrawal">
      <div className="card">
        <div className="kv">
          <span className="kv__label">Balance</span>
          <span className="kv__value">{info ? formatPeso(info.balance) : '—'}</span>
        </div>
        <div className="kv">
          <span className="kv__label">Withdrawn</span>
          <span className="kv__value">{info ? formatPeso(info.withdrawn) : '—'}</span>
        </div>
        <div className="kv">
          <span className="kv__label">Minimum withdrawal</span>
          <span className="kv__value">{info ? formatPeso(info.minWithdraw) : '—'}</span>
        </div>
        <div className="kv">
          <span className="kv__label">Payout account</span>
          <span className="kv__value">{info?.account ?? 'Not set'}</span>
        </div>
      </div>
      {info && !enough ? (
        <p className="muted">
          You can withdraw once your balance reaches {formatPeso(info.minWithdraw)}.
        </p>
      ) : null}
      <button type="button" className="primary-button" disabled={!enough} onClick={request}>
        Request Withdrawal
      </button>
    </PartnerPage>
  );
});

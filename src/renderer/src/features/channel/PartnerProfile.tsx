/** /channel/profile: who is signed in to the partner center, and signing out of it. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { channelFeature } from './ChannelStore';
import { PartnerPage } from './PartnerParts';

export default observer(function PartnerProfile() {
  const { user, session } = useStores();
  const channel = useFeature(channelFeature);
  const [loggingOut, setLoggingOut] = useState(false);
  useEffect(() => {
    if (channel.signedIn && !channel.withdrawInfo) void channel.loadWithdrawInfo();
  }, [channel]);
  const person = user.user;
  return (
    <PartnerPage title="Profile">
      <div className="card">
        <div className="kv">
          <span className="kv__label">Mobile number</span>
          <span className="kv__value">
            {/* International form: the trunk 0 goes after the country code. */}
            {person ? `+${person.areaCode} ${person.msisdn.replace(/^0/, '')}` : '—'}
          </span>
        </div>
        <div className="kv">
          <span className="kv__label">Partner ID</span>
          <span className="kv__value">{person?.userId ?? '—'}</span>
        </div>
        <div className="kv">
          <span className="kv__label">Payout account</span>
          <span className="kv__value">{channel.withdrawInfo?.account ?? 'Not set'}</span>
        </div>
      </div>
      <button
        type="button"
        className="secondary-button"
        disabled={loggingOut}
        // The one logout of the app (PRODUCT.md §4): user/logout, then 200 clears user and KYC
        // state and goes to /; a refusal keeps the session (its message is shown).
        onClick={() => {
          setLoggingOut(true);
          void session
            .logout()
            .catch(() => false)
            .finally(() => setLoggingOut(false));
        }}
      >
        Log Out
      </button>
    </PartnerPage>
  );
});

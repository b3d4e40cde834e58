/** /channel/profile: who is signed in to the partner center, and signing out of it. */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoresContext';
import { PartnerPage } from './PartnerParts';

export default observer(function PartnerProfile() {
  const { channel, user } = useStores();
  const navigate = useNavigate();
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
            {person ? `+${person.areaCode} 0${person.msisdn.replace(/^0/, '')}` : '—'}
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
        onClick={() => {
          user.clear();
          void navigate('/event/invite_friend', { replace: true });
        }}
      >
        Log Out
      </button>
    </PartnerPage>
  );
});

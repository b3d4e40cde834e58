/**
 * /channel/admin: the partner center, reached from the invite_friend login with
 * `?token=…&from=invite_friend&back=login` (PRODUCT.md §2); the link's token becomes the session's.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatPeso } from '@renderer/lib/format';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { InviteShare } from '@renderer/components/InviteShare';
import { appUrl } from '@renderer/services/share';
import { channelFeature } from './ChannelStore';
import { PARTNER_LOGIN, PartnerLinks, PartnerPage } from './PartnerParts';

export default observer(function PartnerAdmin() {
  const { user } = useStores();
  const channel = useFeature(channelFeature);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token');
  const back = search.get('back');
  useEffect(() => {
    channel.adoptToken(token);
    if (channel.signedIn) void channel.loadWithdrawInfo();
  }, [channel, token]);

  const info = channel.withdrawInfo;
  const inviter = user.user?.userId ?? '';
  return (
    <PartnerPage
      title="Partner Center"
      onBack={back === 'login' ? () => void navigate(PARTNER_LOGIN, { replace: true }) : undefined}
    >
      <div className="hero">
        <p className="hero__sub">
          {user.user ? `Partner 0${user.user.msisdn.replace(/^0/, '')}` : 'Partner'}
        </p>
        <p className="hero__amount">{info ? formatPeso(info.balance) : '—'}</p>
        <p className="hero__sub">
          Balance · withdrawn so far {info ? formatPeso(info.withdrawn) : '—'}
        </p>
      </div>
      <PartnerLinks />
      <InviteShare
        link={appUrl(`/reg/partner${inviter ? `?inviter=${encodeURIComponent(inviter)}` : ''}`)}
      />
    </PartnerPage>
  );
});

/** What every signed-in partner page shares: the sign-in gate and the partner's links. */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFeature } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';
import { channelFeature } from './ChannelStore';

/** The partner login: the login page's invite_friend mode, which lands on /channel/admin. */
export const PARTNER_LOGIN = '/login?from=invite_friend';

export const PartnerPage = observer(function PartnerPage({
  title,
  children,
  onBack,
}: {
  title: string;
  children: ReactNode;
  onBack?: () => void;
}) {
  const channel = useFeature(channelFeature);
  return (
    <ContentPage title={title} onBack={onBack}>
      {channel.signedIn ? (
        children
      ) : (
        <div className="notice">
          <p className="notice__title">Log in to open your partner center</p>
          <Link className="primary-button" to={PARTNER_LOGIN} viewTransition>
            Log In
          </Link>
          <Link className="secondary-button" to="/channel/reg" viewTransition>
            Register as a Partner
          </Link>
        </div>
      )}
    </ContentPage>
  );
});

export function PartnerLinks() {
  return (
    <nav className="card" aria-label="Partner center">
      <Link className="list-row" to="/channel/orders" viewTransition>
        <span className="list-row__title">Orders</span>›
      </Link>
      <Link className="list-row" to="/channel/withdrawal" viewTransition>
        <span className="list-row__title">Withdrawal</span>›
      </Link>
      <Link className="list-row" to="/channel/profile" viewTransition>
        <span className="list-row__title">Profile</span>›
      </Link>
    </nav>
  );
}

/** The Profile tab at /profile (PRODUCT.md §2 Profile): greeting, bell, list, footer. */
import { Badge, Button, List } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COMPANY } from '@shared/constants';
import { KEPT_FRESH_MS } from '@renderer/stores/Freshness';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { PullRefresh } from '@renderer/components/PullRefresh';
import { bellHasDot, displayMobileOf, greetingOf, profileEntriesOf } from './profileRules';
import './profile.css';
import { profileFeature } from './ProfileStore';

const BELL =
  'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z';

const ProfileScreen = observer(function ProfileScreen() {
  const { user, config, session, events } = useStores();
  const profile = useFeature(profileFeature);
  const active = useLocation().pathname.replace(/\/+$/, '') === '/profile';

  useEffect(() => {
    if (active) void profile.refresh(KEPT_FRESH_MS);
  }, [active, profile]);
  useEffect(() => events.on('resume', () => void profile.refresh()), [events, profile]);

  const entries = profileEntriesOf({
    kycState: user.user?.state,
    unread: user.unread,
    voucherReaded: user.voucherReaded,
    production: config.isProduction,
    web: session.profile === 'web',
  });

  return (
    <PullRefresh onRefresh={() => profile.refresh()}>
      <section className="profile-page">
        <header className="profile-head">
          <div>
            <h1 className="profile-head__greeting">{greetingOf(user.user)}</h1>
            <p className="profile-head__mobile">{displayMobileOf(user.user?.msisdn ?? '')}</p>
          </div>
          <Link to="/messageList" className="profile-bell" aria-label="Messages" viewTransition>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path d={BELL} fill="currentColor" />
            </svg>
            {bellHasDot(user.unread) && <span className="red-dot" data-testid="message-red-dot" />}
          </Link>
        </header>

        <List className="profile-list">
          {entries.map((entry) => {
            if (entry.key === 'logout') {
              return (
                <List.Item key={entry.key} arrowIcon={false}>
                  <Button
                    block
                    fill="none"
                    color="danger"
                    loading={profile.loggingOut}
                    onClick={() => void profile.logout()}
                  >
                    {entry.title}
                  </Button>
                </List.Item>
              );
            }
            // A real link or button inside the row (stretched over it by CSS), so the keyboard
            // and screen readers reach every entry: antd's clickable row is an <a> without href.
            return (
              <List.Item
                key={entry.key}
                className="profile-list__item"
                arrowIcon
                extra={
                  entry.dot ? <Badge content={Badge.dot} data-testid="voucher-red-dot" /> : null
                }
              >
                {entry.to ? (
                  <Link to={entry.to} viewTransition className="profile-list__action">
                    {entry.title}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="profile-list__action"
                    onClick={() => void profile.openMyKyc()}
                  >
                    {entry.title}
                  </button>
                )}
              </List.Item>
            );
          })}
        </List>

        <footer className="profile-footer">
          <p>{COMPANY.name}</p>
          <p>Registration No. {COMPANY.registrationNumber}</p>
          <p>Certificate of Authority {COMPANY.certificateOfAuthority}</p>
        </footer>
      </section>
    </PullRefresh>
  );
});

export default ProfileScreen;

/**
 * /reg/:channel (public): borrower sign-up from a marketing channel or an invitation link
 * (`?inviter=`). KYC and the application happen in the native lender app, so a new borrower is
 * sent to download it.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { appStoreLink } from '@shared/constants';
import NotFound from '@renderer/shell/NotFound';
import { useStores } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';
import { PhoneSignUpStore } from '@renderer/stores/PhoneSignUpStore';
import { SignUpForm } from '@renderer/components/SignUpForm';

/** Channel names are short slugs (facebook, tiktok, invite_earn_cash, partner…). */
const CHANNEL = /^[a-z0-9_-]{1,40}$/i;

const RegView = observer(function RegView() {
  const root = useStores();
  const [signedUpArea, setSignedUpArea] = useState<string | undefined>(undefined);
  const [store] = useState(
    () =>
      new PhoneSignUpStore({
        kind: 'borrower',
        api: root.api,
        user: root.user,
        ui: root.services.ui,
        clock: root.services.clock,
        profile: () => root.session.profile,
        onSignedUp: (user) => setSignedUpArea(user.areaCode),
      }),
  );
  useEffect(() => () => store.stop(), [store]);

  if (signedUpArea) {
    return (
      <ContentPage title="Sign Up">
        <div className="card notice">
          <p className="notice__title">You are registered!</p>
          <p>Download the Direct Loan app to verify your identity and apply for your loan.</p>
          <button
            type="button"
            className="primary-button"
            onClick={() => void root.services.native.openBrowser(appStoreLink(signedUpArea))}
          >
            Download the App
          </button>
          <Link className="secondary-button" to="/" replace viewTransition>
            Go to Home
          </Link>
        </div>
      </ContentPage>
    );
  }
  return (
    <ContentPage title="Sign Up">
      <div className="hero">
        <h2 className="hero__title">Cash loans up to ₱100,000.00</h2>
        <p className="hero__sub">Sign up in a minute with your mobile number.</p>
      </div>
      <SignUpForm store={store} submitLabel="SIGN UP" />
      <p className="muted">
        By signing up you agree to the{' '}
        <Link to="/doc/directloan_terms_and_conditions">Terms and Conditions</Link> and the{' '}
        <Link to="/doc/privacy_policy">Privacy Notice</Link>.
      </p>
    </ContentPage>
  );
});

export default function RegScreen() {
  const { channel = '' } = useParams();
  if (!CHANNEL.test(channel)) return <NotFound />;
  return <RegView key={channel} />;
}

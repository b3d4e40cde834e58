/** /channel/reg: partner registration on the channel host; lands on the partner center. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';
import { PhoneSignUpStore } from '@renderer/stores/PhoneSignUpStore';
import { SignUpForm } from '@renderer/components/SignUpForm';

/** Where a registered partner lands. */
function adminUrl(token: string, from: string): string {
  return `/channel/admin?${new URLSearchParams({ token, from })}`;
}

export default observer(function PartnerReg() {
  const root = useStores();
  const [store] = useState(
    () =>
      new PhoneSignUpStore({
        kind: 'partner',
        api: root.api,
        user: root.user,
        ui: root.services.ui,
        clock: root.services.clock,
        profile: () => root.session.profile,
        onSignedUp: (user) => root.services.navigation.go(adminUrl(user.tokenValue, 'reg')),
      }),
  );
  useEffect(() => () => store.stop(), [store]);
  return (
    <ContentPage title="Partner Registration">
      <div className="hero">
        <h2 className="hero__title">Earn with Direct Loan</h2>
        <p className="hero__sub">Register with your mobile number to get your invitation link.</p>
      </div>
      <SignUpForm store={store} submitLabel="REGISTER" />
    </ContentPage>
  );
});

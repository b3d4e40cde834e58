/** /channel/reg: partner registration on the channel host (PartnerRegStore). */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { AreaCode } from '../../../../shared/constants';
import { useStores } from '../../stores/StoresContext';
import { ContentPage } from '../doc/ContentPage';
import { resendLabel } from '../login/countdown';
import { PartnerRegStore } from './PartnerRegStore';

export default observer(function PartnerReg() {
  const root = useStores();
  const [store] = useState(
    () =>
      new PartnerRegStore({
        api: root.api,
        user: root.user,
        ui: root.services.ui,
        navigation: root.services.navigation,
        clock: root.services.clock,
        profile: () => root.session.profile,
      }),
  );
  useEffect(() => () => store.stop(), [store]);
  return (
    <ContentPage title="Partner Registration">
      <div className="hero">
        <h2 className="hero__title">Earn with Direct Loan</h2>
        <p className="hero__sub">Register with your mobile number to get your invitation link.</p>
      </div>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          void store.register();
        }}
      >
        <div className="form-row">
          <select
            aria-label="Area code"
            value={store.areaCode}
            onChange={(e) => store.setAreaCode(e.target.value as AreaCode)}
          >
            {store.areaCodes.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <input
            aria-label="Mobile number"
            placeholder="Mobile number"
            type="tel"
            inputMode="numeric"
            value={store.phone}
            onChange={(e) => store.setPhone(e.target.value)}
          />
        </div>
        <div className="form-row">
          <input
            aria-label="Verification code"
            placeholder="Verification code"
            inputMode="numeric"
            maxLength={4}
            value={store.code}
            onChange={(e) => store.setCode(e.target.value)}
          />
          <button
            type="button"
            className="secondary-button"
            disabled={store.phone !== '' && !store.canGetCode}
            onClick={() => void store.sendCode()}
          >
            {store.secondsLeft > 0 ? resendLabel(store.secondsLeft) : 'Get Code'}
          </button>
        </div>
        <button type="submit" className="primary-button" disabled={store.submitting}>
          REGISTER
        </button>
      </form>
    </ContentPage>
  );
});

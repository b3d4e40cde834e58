/** The phone + SMS code form of PhoneSignUpStore (the partner and the borrower sign-up pages). */
import { observer } from 'mobx-react-lite';
import { SMS_CODE_LENGTH } from '@shared/constants';
import { PhoneField } from './PhoneField';
import { resendLabel } from '../rules/countdown';
import type { PhoneSignUpStore } from '../stores/PhoneSignUpStore';

export const SignUpForm = observer(function SignUpForm({
  store,
  submitLabel,
}: {
  store: PhoneSignUpStore;
  submitLabel: string;
}) {
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        void store.register();
      }}
    >
      <PhoneField
        areaCodes={store.areaCodes}
        areaCode={store.areaCode}
        phone={store.phone}
        placeholder="Mobile number"
        onAreaCode={(code) => store.setAreaCode(code)}
        onPhone={(input) => store.setPhone(input)}
      />
      <div className="form-row">
        <input
          aria-label="Verification code"
          placeholder="Verification code"
          inputMode="numeric"
          maxLength={SMS_CODE_LENGTH}
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
        {submitLabel}
      </button>
    </form>
  );
});

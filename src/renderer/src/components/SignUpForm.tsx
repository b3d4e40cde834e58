/** The phone + SMS code form of PhoneSignUpStore (the partner and the borrower sign-up pages). */
import { observer } from 'mobx-react-lite';
import { SMS_CODE_LENGTH } from '@shared/constants';
import { PhoneField } from './PhoneField';
import type { PhoneSignUpStore } from '@renderer/stores/PhoneSignUpStore';

export const SignUpForm = observer(function SignUpForm({
  store,
  submitLabel,
}: {
  store: PhoneSignUpStore;
  submitLabel: string;
}) {
  const { form } = store;
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        void store.register();
      }}
    >
      <PhoneField
        areaCodes={form.areaCodes}
        areaCode={form.areaCode}
        phone={form.phone}
        placeholder="Mobile number"
        onAreaCode={(code) => form.setAreaCode(code)}
        onPhone={(input) => form.setPhone(input)}
      />
      <div className="form-row">
        <input
          aria-label="Verification code"
          placeholder="Verification code"
          inputMode="numeric"
          maxLength={SMS_CODE_LENGTH}
          value={form.code}
          onChange={(e) => form.setCode(e.target.value)}
        />
        <button
          type="button"
          className="secondary-button"
          disabled={form.getCodeDisabled}
          onClick={() => void store.sendCode()}
        >
          {form.getCodeLabel}
        </button>
      </div>
      <button type="submit" className="primary-button" disabled={store.submitting}>
        {submitLabel}
      </button>
    </form>
  );
});

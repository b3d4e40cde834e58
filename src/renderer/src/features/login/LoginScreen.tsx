/** /login (PRODUCT.md §2 "Login page"). The store holds every rule; this view only renders it. */
import { Button, Input } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { type AreaCode, SMS_CODE_LENGTH } from '../../../../shared/constants';
import { useFeature } from '../../stores/StoresContext';
import { resendLabel } from '../../rules/countdown';
import { loginFeature } from './LoginStore';
import './login.css';

const PuzzlePopup = lazy(() => import('./PuzzlePopup'));

const LoginScreen = observer(function LoginScreen() {
  const login = useFeature(loginFeature);
  useEffect(() => () => login.closePuzzle(), [login]);

  const codeButtonText =
    login.smsState === 'countdown' ? resendLabel(login.secondsLeft) : 'Get Code';

  return (
    <section className="login-page">
      <h1 className="login-page__title">Direct Loan</h1>
      <form
        className="login-form"
        onSubmit={(event) => {
          event.preventDefault();
          void login.login();
        }}
      >
        <div className="login-form__row">
          <select
            className="login-form__area"
            aria-label="Area code"
            value={login.areaCode}
            onChange={(event) => login.setAreaCode(event.target.value as AreaCode)}
          >
            {login.areaCodes.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <Input
            className="login-form__phone"
            aria-label="Mobile number"
            placeholder="Mobile number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={login.phone}
            onChange={(value) => login.setPhone(value)}
          />
        </div>
        <div className="login-form__row">
          <Input
            className="login-form__code"
            aria-label="Verification code"
            placeholder="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={login.code}
            onChange={(value) => login.setCode(value)}
          />
          <Button
            className="login-form__get-code"
            size="small"
            color="primary"
            fill="outline"
            type="button"
            loading={login.smsState === 'sending'}
            // An empty phone stays clickable so the user learns what is missing.
            disabled={login.phone !== '' && !login.canGetCode}
            onClick={() => login.requestCode()}
          >
            {codeButtonText}
          </Button>
        </div>
        <Button
          block
          className="login-form__submit"
          color="primary"
          size="large"
          type="submit"
          loading={login.submitting}
        >
          LOGIN
        </Button>
      </form>
      {login.puzzleOpen && (
        <Suspense fallback={null}>
          <PuzzlePopup onSuccess={() => login.puzzleSolved()} onClose={() => login.closePuzzle()} />
        </Suspense>
      )}
    </section>
  );
});

export default LoginScreen;

/**
 * /login (PRODUCT.md §2 "Login page"). The store holds every rule; this view only renders it.
 * No antd-mobile component paints Login: its fields and buttons are plain elements styled like
 * the library's Input and Button (login.css), so the first page of a borrower signed out needs
 * no library chunk beside the boot chunk on a slow link (bench/README.md, Login usable).
 */
import { observer } from 'mobx-react-lite';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { type AreaCode, SMS_CODE_LENGTH } from '@shared/constants';
import { takeFirstFrame } from '../../lib/firstFrameTakeOver';
import { useFeature } from '../../stores/StoresContext';
import { loginFeature } from './LoginStore';
import './login.css';

const PuzzlePopup = lazy(() => import('./PuzzlePopup'));

/**
 * A button drawn like antd-mobile's: while `loading` it is disabled, says so (aria-busy) and shows
 * a spinner over its label, which stays its accessible name.
 */
function FormButton({
  className,
  type,
  loading,
  disabled,
  onClick,
  children,
}: {
  className: string;
  type: 'button' | 'submit';
  loading: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={type}
      className={`login-button ${className}${loading ? ' login-button--loading' : ''}`}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      onClick={onClick}
    >
      <span className="login-button__label">{children}</span>
    </button>
  );
}

const LoginScreen = observer(function LoginScreen() {
  const login = useFeature(loginFeature);
  const { form } = login;
  useEffect(() => () => login.closePuzzle(), [login]);
  const phoneField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const areaField = useRef<HTMLSelectElement>(null);

  // The Login form index.html painted before the app ran goes in the commit that shows this one:
  // what was typed there is kept, the focus stays in its field, and a press of Get Code or LOGIN
  // made there is made here (lib/firstFrame.ts).
  useLayoutEffect(() => {
    const taken = takeFirstFrame('login');
    if (!taken) return;
    const { areaCode, phone, code } = taken.values;
    if (areaCode && form.areaCodes.includes(areaCode as AreaCode)) {
      form.setAreaCode(areaCode as AreaCode);
    }
    if (phone) form.setPhone(phone);
    if (code) form.setCode(code);
    const fields = { areaCode: areaField, phone: phoneField, code: codeField };
    const focus = taken.focus;
    const target = focus && fields[focus.field as keyof typeof fields]?.current;
    if (focus && target) {
      target.focus();
      if (target instanceof HTMLInputElement && focus.selectionStart !== null) {
        target.setSelectionRange(focus.selectionStart, focus.selectionEnd);
      }
    }
    if (taken.press === 'code') login.requestCode();
    else if (taken.press === 'login') void login.login();
  }, [login, form]);


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
            ref={areaField}
            className="login-form__area"
            aria-label="Area code"
            value={form.areaCode}
            onChange={(event) => form.setAreaCode(event.target.value as AreaCode)}
          >
            {form.areaCodes.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <input
            ref={phoneField}
            className="login-input login-form__phone"
            aria-label="Mobile number"
            placeholder="Mobile number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={form.phone}
            onChange={(event) => form.setPhone(event.target.value)}
          />
        </div>
        <div className="login-form__row">
          <input
            ref={codeField}
            className="login-input login-form__code"
            aria-label="Verification code"
            placeholder="Verification code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={form.code}
            onChange={(event) => form.setCode(event.target.value)}
          />
          <FormButton
            className="login-form__get-code"
            type="button"
            loading={form.smsState === 'sending'}
            // An empty phone stays clickable so the user learns what is missing.
            disabled={form.getCodeDisabled}
            onClick={() => login.requestCode()}
          >
            {form.getCodeLabel}
          </FormButton>
        </div>
        <FormButton className="login-form__submit" type="submit" loading={login.submitting}>
          LOGIN
        </FormButton>
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

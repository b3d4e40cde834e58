/**
 * /login (PRODUCT.md §2 "Login page"). The store holds every rule; the view is LoginForm, the same
 * markup index.html paints before the app runs.
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import type { AreaCode } from '@shared/constants';
import { restoreFocus, takeFirstFrame } from '@renderer/lib/firstFrameTakeOver';
import { useFeature } from '@renderer/stores/StoresContext';
import { LoginForm } from './LoginForm';
import { loginFeature } from './LoginStore';
import './login.css';

const PuzzlePopup = lazy(() => import('./PuzzlePopup'));

const LoginScreen = observer(function LoginScreen() {
  const login = useFeature(loginFeature);
  const { form } = login;
  useEffect(() => () => login.closePuzzle(), [login]);
  const areaCodeRef = useRef<HTMLSelectElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const getCodeRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

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
    restoreFocus(taken.focus, {
      areaCode: areaCodeRef,
      phone: phoneRef,
      code: codeRef,
      getCode: getCodeRef,
      submit: submitRef,
    });
    if (taken.press === 'code') login.requestCode();
    else if (taken.press === 'login') void login.login();
  }, [login, form]);

  return (
    <LoginForm
      areaCodes={form.areaCodes}
      areaCode={form.areaCode}
      phone={form.phone}
      code={form.code}
      getCode={{
        label: form.getCodeLabel,
        loading: form.smsState === 'sending',
        disabled: form.getCodeDisabled,
      }}
      submitting={login.submitting}
      onAreaCode={(areaCode) => form.setAreaCode(areaCode)}
      onPhone={(input) => form.setPhone(input)}
      onCode={(input) => form.setCode(input)}
      onGetCode={() => login.requestCode()}
      onSubmit={() => void login.login()}
      partRefs={{
        areaCode: areaCodeRef,
        phone: phoneRef,
        code: codeRef,
        getCode: getCodeRef,
        submit: submitRef,
      }}
    >
      {login.puzzleOpen && (
        <Suspense fallback={null}>
          <PuzzlePopup onSuccess={() => login.puzzleSolved()} onClose={() => login.closePuzzle()} />
        </Suspense>
      )}
    </LoginForm>
  );
});

export default LoginScreen;

/**
 * The login page's view (PRODUCT.md §2 "Login page"): title, area code, phone, verification code
 * with Get Code, LOGIN. Pure: LoginScreen renders it from its store, and the web build renders it
 * once into the `<template>` index.html paints the first Login from (src/renderer/inline), so the
 * painted form is this markup, never a second copy of it (docs/architecture.md "Startup"). No
 * antd-mobile component: plain elements styled like the library's Input and Button (login.css), so
 * the first page of a borrower signed out needs no library chunk beside the boot chunk
 * (bench/README.md).
 */
import type { ReactNode, Ref } from 'react';
import { type AreaCode, SMS_CODE_LENGTH } from '@shared/constants';

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
  buttonRef,
  children,
}: {
  className: string;
  type: 'button' | 'submit';
  loading: boolean;
  disabled?: boolean;
  onClick?: (() => void) | undefined;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
  children: ReactNode;
}) {
  return (
    <button
      ref={buttonRef}
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

export interface LoginFormProps {
  areaCodes: readonly AreaCode[];
  areaCode: AreaCode;
  phone: string;
  code: string;
  /** Get Code: its text ("Get Code" or the countdown), sending, and PRODUCT.md §5's rule. */
  getCode: { label: string; loading: boolean; disabled: boolean };
  submitting: boolean;
  onAreaCode: (areaCode: AreaCode) => void;
  onPhone: (input: string) => void;
  onCode: (input: string) => void;
  onGetCode: () => void;
  onSubmit: () => void;
  /** The fields and buttons, for the screen that moves the focus into them. */
  partRefs?: {
    areaCode?: Ref<HTMLSelectElement>;
    phone?: Ref<HTMLInputElement>;
    code?: Ref<HTMLInputElement>;
    getCode?: Ref<HTMLButtonElement>;
    submit?: Ref<HTMLButtonElement>;
  };
  /** Below the form (the puzzle popup of the puzzle variant). */
  children?: ReactNode;
}

export function LoginForm(props: LoginFormProps) {
  const { getCode, partRefs } = props;
  return (
    <section className="login-page">
      <h1 className="login-page__title">Direct Loan</h1>
      <form
        className="login-form"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <div className="login-form__row">
          <select
            ref={partRefs?.areaCode}
            className="login-form__area"
            aria-label="Area code"
            value={props.areaCode}
            onChange={(event) => props.onAreaCode(event.target.value as AreaCode)}
          >
            {props.areaCodes.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <input
            ref={partRefs?.phone}
            className="login-input login-form__phone"
            aria-label="Mobile number"
            placeholder="Mobile number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={props.phone}
            onChange={(event) => props.onPhone(event.target.value)}
          />
        </div>
        <div className="login-form__row">
          <input
            ref={partRefs?.code}
            className="login-input login-form__code"
            aria-label="Verification code"
            placeholder="Verification code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={props.code}
            onChange={(event) => props.onCode(event.target.value)}
          />
          <FormButton
            className="login-form__get-code"
            type="button"
            loading={getCode.loading}
            disabled={getCode.disabled}
            onClick={props.onGetCode}
            buttonRef={partRefs?.getCode}
          >
            {getCode.label}
          </FormButton>
        </div>
        <FormButton
          className="login-form__submit"
          type="submit"
          loading={props.submitting}
          buttonRef={partRefs?.submit}
        >
          LOGIN
        </FormButton>
      </form>
      {props.children}
    </section>
  );
}

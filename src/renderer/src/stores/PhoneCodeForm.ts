/**
 * The phone-and-code form of PRODUCT.md §5 and the SMS code button of §4, once: the login page
 * (features/login/LoginStore.ts) and the sign-up pages (./PhoneSignUpStore.ts) each hold one. The
 * rules it applies are the pure functions of rules/loginValidation.ts, which the Login form
 * painted by index.html before the app runs applies too (src/renderer/inline/firstFrame.ts).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AreaCode } from '@shared/constants';
import { timestampShape } from '@renderer/lib/bootShapes';
import {
  countdownUntil,
  GET_CODE_LABEL,
  resendLabel,
  secondsLeft,
} from '@renderer/rules/countdown';
import {
  COUNTRY_OF,
  ENTER_MOBILE_FIRST,
  getCodeDisabled,
  isValidPhone,
  normalizeCode,
  normalizePhone,
} from '@renderer/rules/loginValidation';
import type { Clock } from '@renderer/services/clock';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';
import type { UiService } from '@renderer/services/ui';

/** Get Code's states (PRODUCT.md §4): idle, sending, a 180-second countdown, idle. */
export type SmsState = 'idle' | 'sending' | 'countdown';

/** What the SMS code calls send (getSmsCodeWithLogin, channelGetSmsCode). */
export interface SmsCodeRequest {
  areaCode: AreaCode;
  countryCode: string;
  msisdn: string;
}

export interface PhoneCodeFormDeps {
  clock: Clock;
  ui: UiService;
  /** The area codes this page offers (PRODUCT.md §5: only 886 inside a native webview). */
  areaCodes: () => readonly AreaCode[];
  /** The area code chosen at first, when offered. */
  areaCode: AreaCode;
  /** Where a running countdown is kept, to survive a reload (Login: session storage). */
  countdownStorage?: JsonStorage;
}

export class PhoneCodeForm {
  areaCode: AreaCode;
  phone = '';
  code = '';
  smsState: SmsState = 'idle';
  secondsLeft = 0;
  private stopTicking: (() => void) | undefined;

  constructor(private readonly deps: PhoneCodeFormDeps) {
    this.areaCode = deps.areaCode;
    makeAutoObservable<PhoneCodeForm, 'deps' | 'stopTicking'>(this, {
      deps: false,
      stopTicking: false,
    });
    if (!this.areaCodes.includes(this.areaCode)) this.areaCode = this.areaCodes[0] ?? '886';
    const until = deps.countdownStorage?.read(StorageKey.smsCountdown, timestampShape);
    if (until !== undefined && secondsLeft(until, deps.clock.now()) > 0) this.tick(until);
  }

  get areaCodes(): readonly AreaCode[] {
    return this.deps.areaCodes();
  }

  get phoneValid(): boolean {
    return isValidPhone(this.areaCode, this.phone);
  }

  /** Get Code may send: the phone matches its pattern and no code is being sent or counted. */
  get canGetCode(): boolean {
    return this.phoneValid && this.smsState === 'idle';
  }

  get getCodeDisabled(): boolean {
    return getCodeDisabled(this.areaCode, this.phone, this.smsState === 'idle');
  }

  /** "Get Code", or the countdown ("Resend in Ns"). */
  get getCodeLabel(): string {
    return this.smsState === 'countdown' ? resendLabel(this.secondsLeft) : GET_CODE_LABEL;
  }

  get smsRequest(): SmsCodeRequest {
    return { areaCode: this.areaCode, countryCode: COUNTRY_OF[this.areaCode], msisdn: this.phone };
  }

  get loginRequest(): { areaCode: AreaCode; msisdn: string; code: string } {
    return { areaCode: this.areaCode, msisdn: this.phone, code: this.code };
  }

  setAreaCode(areaCode: AreaCode): void {
    this.areaCode = areaCode;
    this.phone = normalizePhone(areaCode, this.phone);
  }

  setPhone(input: string): void {
    this.phone = normalizePhone(this.areaCode, input);
  }

  setCode(input: string): void {
    this.code = normalizeCode(input);
  }

  /**
   * Get Code pressed: an empty phone is told what is missing (PRODUCT.md §5); true when a code
   * may be sent now.
   */
  mayRequestCode(): boolean {
    if (this.phone === '') {
      this.deps.ui.toast(ENTER_MOBILE_FIRST);
      return false;
    }
    return this.canGetCode;
  }

  /**
   * Sends the code with `send` (true when the server took it), then counts down; back to idle
   * when it did not.
   */
  async sendCode(send: (request: SmsCodeRequest) => Promise<boolean>): Promise<void> {
    if (!this.canGetCode) return;
    this.smsState = 'sending';
    const sent = await send(this.smsRequest).catch(() => false);
    if (!sent) {
      runInAction(() => {
        this.smsState = 'idle';
      });
      return;
    }
    const until = countdownUntil(this.deps.clock.now());
    this.deps.countdownStorage?.write(StorageKey.smsCountdown, until);
    this.tick(until);
  }

  /** The code was used (a login) or the page went away: Get Code is idle again. */
  resetCountdown(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
    this.smsState = 'idle';
    this.secondsLeft = 0;
    this.deps.countdownStorage?.remove(StorageKey.smsCountdown);
  }

  dispose(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
  }

  private tick(until: number): void {
    this.stopTicking?.();
    this.smsState = 'countdown';
    this.secondsLeft = secondsLeft(until, this.deps.clock.now());
    this.stopTicking = this.deps.clock.setInterval(() => {
      const left = secondsLeft(until, this.deps.clock.now());
      runInAction(() => {
        this.secondsLeft = left;
        if (left === 0) this.resetCountdown();
      });
    }, 1000);
  }
}

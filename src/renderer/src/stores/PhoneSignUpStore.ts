/**
 * Signing up with a phone number and an SMS code, for partners on the channel host
 * (/channel/reg: app/channel/getSmsCode/v1 then app/channel/userLogin/v1) and for borrowers
 * (/reg/:channel: user/getSmsCodeWithLogin then user/login, `?hk` for 852). Both create the
 * account of a new number. Same phone rules as the login page (PRODUCT.md §5); a welcome message
 * other than "success" shows 600 ms before moving on (PRODUCT.md §8). Page-local (each page makes
 * its own); here because two features, reg and channel, sign up with it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { User } from '@shared/api/entities';
import { OK } from '@shared/codes';
import type { AreaCode } from '@shared/constants';
import { INVITE_MESSAGE_MS, SMS_COUNTDOWN_SECONDS } from '@shared/constants';
import type { HostProfile } from '../native';
import {
  areaCodesFor,
  ENTER_MOBILE_FIRST,
  INVALID_PHONE_OR_CODE,
  isValidPhone,
  normalizeCode,
  normalizePhone,
} from '../rules/loginValidation';
import { countdownUntil, secondsLeft } from '../rules/countdown';
import type { Clock } from '../services/clock';
import type { UiService } from '../services/ui';
import type { ApiService } from '../services/ApiService';
import type { UserStore } from './UserStore';

const COUNTRY_OF: Readonly<Record<AreaCode, string>> = { '886': 'TW', '63': 'PH', '852': 'HK' };

/** Partners sign up on the channel host, borrowers on the main one. */
export type SignUpKind = 'partner' | 'borrower';

export interface PhoneSignUpDeps {
  kind: SignUpKind;
  api: ApiService;
  user: UserStore;
  ui: UiService;
  clock: Clock;
  profile: () => HostProfile;
  /** After sign-up (and its message, if any): where the page goes next. */
  onSignedUp: (user: User) => void;
}

export class PhoneSignUpStore {
  areaCode: AreaCode = '63';
  phone = '';
  code = '';
  secondsLeft = 0;
  sending = false;
  submitting = false;
  private stopTicking: (() => void) | undefined;

  constructor(private readonly deps: PhoneSignUpDeps) {
    makeAutoObservable<PhoneSignUpStore, 'deps' | 'stopTicking'>(this, {
      deps: false,
      stopTicking: false,
    });
    if (!this.areaCodes.includes(this.areaCode)) this.areaCode = this.areaCodes[0] ?? '886';
  }

  get areaCodes(): readonly AreaCode[] {
    return areaCodesFor(this.deps.profile());
  }

  get canGetCode(): boolean {
    return isValidPhone(this.areaCode, this.phone) && !this.sending && this.secondsLeft === 0;
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

  async sendCode(): Promise<void> {
    if (this.phone === '') {
      this.deps.ui.toast(ENTER_MOBILE_FIRST);
      return;
    }
    if (!this.canGetCode) return;
    this.sending = true;
    try {
      const request = {
        areaCode: this.areaCode,
        countryCode: COUNTRY_OF[this.areaCode],
        msisdn: this.phone,
      };
      const answer =
        this.deps.kind === 'partner'
          ? await this.deps.api.call('channelGetSmsCode', request)
          : await this.deps.api.call('getSmsCodeWithLogin', request, {
              hk: this.areaCode === '852',
            });
      if (answer.code === OK) this.startCountdown();
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  async register(): Promise<void> {
    if (this.phone === '' || this.code === '' || this.submitting) return;
    if (!isValidPhone(this.areaCode, this.phone)) {
      this.deps.ui.toast(INVALID_PHONE_OR_CODE);
      return;
    }
    this.submitting = true;
    try {
      const request = { areaCode: this.areaCode, msisdn: this.phone, code: this.code };
      const answer =
        this.deps.kind === 'partner'
          ? await this.deps.api.call('channelUserLogin', request)
          : await this.deps.api.call('login', request, { hk: this.areaCode === '852' });
      if (answer.code !== OK) return;
      const user = answer.data;
      this.deps.user.setUser(user);
      this.stop();
      if (answer.message !== 'success') {
        this.deps.ui.notify(answer.message, INVITE_MESSAGE_MS);
        this.deps.clock.setTimeout(() => this.deps.onSignedUp(user), INVITE_MESSAGE_MS);
      } else this.deps.onSignedUp(user);
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  /** The page went away: no timer keeps running. */
  stop(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
    this.secondsLeft = 0;
  }

  private startCountdown(): void {
    this.stopTicking?.();
    const until = countdownUntil(this.deps.clock.now());
    this.secondsLeft = SMS_COUNTDOWN_SECONDS;
    this.stopTicking = this.deps.clock.setInterval(() => {
      runInAction(() => {
        this.secondsLeft = secondsLeft(until, this.deps.clock.now());
        if (this.secondsLeft === 0) this.stop();
      });
    }, 1000);
  }
}

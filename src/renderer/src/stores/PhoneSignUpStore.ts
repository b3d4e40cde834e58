/**
 * Signing up with a phone number and an SMS code, for partners on the channel host
 * (/channel/reg: app/channel/getSmsCode/v1 then app/channel/userLogin/v1) and for borrowers
 * (/reg/:channel: user/getSmsCodeWithLogin then user/login, `?hk` for 852). Both create the
 * account of a new number. Same phone rules as the login page (PRODUCT.md §5); a welcome message
 * other than "success" shows 600 ms before moving on (PRODUCT.md §8). The form and its Get Code are
 * the phone-and-code form (./PhoneCodeForm.ts), the login page's too. Page-local (each page makes
 * its own); here because two features, reg and channel, sign up with it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { User } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { INVITE_MESSAGE_MS } from '@shared/constants';
import type { HostProfile } from '@renderer/native';
import { areaCodesFor, INVALID_PHONE_OR_CODE } from '@renderer/rules/loginValidation';
import type { Clock } from '@renderer/services/clock';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';
import { PhoneCodeForm } from './PhoneCodeForm';
import type { UserStore } from './UserStore';

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
  /** The phone, the code and Get Code (PRODUCT.md §4, §5). */
  readonly form: PhoneCodeForm;
  submitting = false;

  constructor(private readonly deps: PhoneSignUpDeps) {
    this.form = new PhoneCodeForm({
      clock: deps.clock,
      ui: deps.ui,
      areaCodes: () => areaCodesFor(deps.profile()),
      areaCode: '63',
    });
    makeAutoObservable<PhoneSignUpStore, 'deps'>(this, { deps: false, form: false });
  }

  /** Get Code: validates, sends (a failure is already shown by the ApiService), counts down. */
  async sendCode(): Promise<void> {
    if (!this.form.mayRequestCode()) return;
    await this.form.sendCode(async (request) => {
      const answer =
        this.deps.kind === 'partner'
          ? await this.deps.api.call('channelGetSmsCode', request)
          : await this.deps.api.call('getSmsCodeWithLogin', request, {
              hk: request.areaCode === '852',
            });
      return answer.code === OK;
    });
  }

  async register(): Promise<void> {
    const { form } = this;
    if (form.phone === '' || form.code === '' || this.submitting) return;
    if (!form.phoneValid) {
      this.deps.ui.toast(INVALID_PHONE_OR_CODE);
      return;
    }
    this.submitting = true;
    try {
      const request = form.loginRequest;
      const answer =
        this.deps.kind === 'partner'
          ? await this.deps.api.call('channelUserLogin', request)
          : await this.deps.api.call('login', request, { hk: request.areaCode === '852' });
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
    this.form.resetCountdown();
  }
}

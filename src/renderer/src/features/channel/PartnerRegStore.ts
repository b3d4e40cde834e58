/**
 * /channel/reg: partner registration on the channel host (app/channel/getSmsCode/v1, then
 * app/channel/userLogin/v1, which creates the account of a new number). Same phone rules as the
 * login page (PRODUCT.md §5); a welcome message other than "success" shows 600 ms before the
 * partner lands on /channel/admin (PRODUCT.md §8).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AreaCode } from '../../../../shared/constants';
import { INVITE_MESSAGE_MS, SMS_COUNTDOWN_SECONDS } from '../../../../shared/constants';
import { OK } from '../../../../shared/codes';
import type { HostProfile } from '../../native';
import {
  areaCodesFor,
  ENTER_MOBILE_FIRST,
  INVALID_PHONE_OR_CODE,
  isValidPhone,
  normalizePhone,
} from '../../rules/loginValidation';
import type { Clock } from '../../services/clock';
import type { Navigation } from '../../services/navigation';
import type { UiService } from '../../services/ui';
import type { ApiStore } from '../../stores/ApiStore';
import type { UserStore } from '../../stores/UserStore';

const COUNTRY_OF: Readonly<Record<AreaCode, string>> = { '886': 'TW', '63': 'PH', '852': 'HK' };

export interface PartnerRegDeps {
  api: ApiStore;
  user: UserStore;
  ui: UiService;
  navigation: Navigation;
  clock: Clock;
  profile: () => HostProfile;
}

/** Where a registered partner lands. */
export function adminUrl(token: string, from: string): string {
  return `/channel/admin?${new URLSearchParams({ token, from })}`;
}

export class PartnerRegStore {
  areaCode: AreaCode = '63';
  phone = '';
  code = '';
  secondsLeft = 0;
  sending = false;
  submitting = false;
  private stopTicking: (() => void) | undefined;

  constructor(private readonly deps: PartnerRegDeps) {
    makeAutoObservable<PartnerRegStore, 'deps' | 'stopTicking'>(this, {
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
    this.code = input.replace(/\s/g, '').slice(0, 4);
  }

  async sendCode(): Promise<void> {
    if (this.phone === '') {
      this.deps.ui.toast(ENTER_MOBILE_FIRST);
      return;
    }
    if (!this.canGetCode) return;
    this.sending = true;
    try {
      const answer = await this.deps.api.call('channelGetSmsCode', {
        areaCode: this.areaCode,
        countryCode: COUNTRY_OF[this.areaCode],
        msisdn: this.phone,
      });
      if (answer.code === OK) this.startCountdown();
    } catch {
      // Already shown by the ApiStore.
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
      const answer = await this.deps.api.call('channelUserLogin', {
        areaCode: this.areaCode,
        msisdn: this.phone,
        code: this.code,
      });
      if (answer.code !== OK) return;
      this.deps.user.setUser(answer.data);
      this.stop();
      const target = adminUrl(answer.data.tokenValue, 'reg');
      if (answer.message !== 'success') {
        this.deps.ui.notify(answer.message, INVITE_MESSAGE_MS);
        this.deps.clock.setTimeout(() => this.deps.navigation.go(target), INVITE_MESSAGE_MS);
      } else this.deps.navigation.go(target);
    } catch {
      // Already shown by the ApiStore.
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
    const until = this.deps.clock.now() + SMS_COUNTDOWN_SECONDS * 1000;
    this.secondsLeft = SMS_COUNTDOWN_SECONDS;
    this.stopTicking = this.deps.clock.setInterval(() => {
      runInAction(() => {
        this.secondsLeft = Math.max(0, Math.ceil((until - this.deps.clock.now()) / 1000));
        if (this.secondsLeft === 0) this.stop();
      });
    }, 1000);
  }
}

/**
 * The login page (PRODUCT.md §2 "Login page", §4 SMS code states, §5 validation, §8 invite_friend
 * rule). The countdown survives a reload through session storage.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import type { AreaCode } from '@shared/constants';
import { DEFAULT_AREA_CODE, INVITE_MESSAGE_MS } from '@shared/constants';
import { safeLink } from '@shared/links';
import { timestampShape } from '../../lib/bootShapes';
import {
  areaCodesFor,
  ENTER_MOBILE_FIRST,
  INVALID_PHONE_OR_CODE,
  isValidPhone,
  normalizeCode,
  normalizePhone,
} from '../../rules/loginValidation';
import type { Clock } from '../../services/clock';
import type { Navigation } from '../../services/navigation';
import { type JsonStorage, StorageKey } from '../../services/storage';
import type { UiService } from '../../services/ui';
import type { ApiService } from '../../services/ApiService';
import type { Feature } from '../../stores/RootStore';
import type { SessionStore } from '../../stores/SessionStore';
import type { UserStore } from '../../stores/UserStore';
import { countdownUntil, secondsLeft } from '../../rules/countdown';

export type SmsState = 'idle' | 'sending' | 'countdown';

const INVITE_FRIEND = 'invite_friend';

const COUNTRY_OF: Readonly<Record<AreaCode, string>> = { '886': 'TW', '63': 'PH', '852': 'HK' };

export interface LoginDeps {
  api: ApiService;
  user: UserStore;
  session: SessionStore;
  ui: UiService;
  navigation: Navigation;
  clock: Clock;
  /** Session storage: the countdown lives as long as the tab. */
  sessionStorage: JsonStorage;
  puzzleCheck: boolean;
}

export class LoginStore {
  areaCode: AreaCode = DEFAULT_AREA_CODE;
  phone = '';
  code = '';
  smsState: SmsState = 'idle';
  secondsLeft = 0;
  submitting = false;
  /** The slider-puzzle popup is open (puzzle variant only). */
  puzzleOpen = false;
  private stopTicking: (() => void) | undefined;

  constructor(private readonly deps: LoginDeps) {
    makeAutoObservable<LoginStore, 'deps' | 'stopTicking'>(this, {
      deps: false,
      stopTicking: false,
    });
    const until = deps.sessionStorage.read(StorageKey.smsCountdown, timestampShape);
    if (until !== undefined && secondsLeft(until, deps.clock.now()) > 0) this.tick(until);
  }

  get areaCodes(): readonly AreaCode[] {
    return areaCodesFor(this.deps.session.profile);
  }

  get phoneValid(): boolean {
    return isValidPhone(this.areaCode, this.phone);
  }

  /** Get Code is disabled until the phone matches its pattern, and while sending or counting. */
  get canGetCode(): boolean {
    return this.phoneValid && this.smsState === 'idle';
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

  /** Get Code: validates, opens the puzzle in that variant, else sends. */
  requestCode(): void {
    if (this.phone === '') {
      this.deps.ui.toast(ENTER_MOBILE_FIRST);
      return;
    }
    if (!this.canGetCode) return;
    if (this.deps.puzzleCheck) {
      this.puzzleOpen = true;
      return;
    }
    void this.sendCode();
  }

  closePuzzle(): void {
    this.puzzleOpen = false;
  }

  /** The puzzle was solved: send the code. */
  puzzleSolved(): void {
    this.puzzleOpen = false;
    void this.sendCode();
  }

  async sendCode(from = this.from()): Promise<void> {
    if (!this.canGetCode) return;
    this.smsState = 'sending';
    const request = {
      areaCode: this.areaCode,
      countryCode: COUNTRY_OF[this.areaCode],
      msisdn: this.phone,
    };
    let ok = false;
    try {
      const answer =
        from === INVITE_FRIEND
          ? await this.deps.api.call('channelGetSmsCode', request)
          : await this.deps.api.call('getSmsCodeWithLogin', request, {
              hk: this.areaCode === '852',
            });
      ok = answer.code === OK;
    } catch {
      // Already shown by the ApiService.
    }
    if (!ok) {
      runInAction(() => {
        this.smsState = 'idle';
      });
      return;
    }
    const until = countdownUntil(this.deps.clock.now());
    this.deps.sessionStorage.write(StorageKey.smsCountdown, until);
    this.tick(until);
  }

  /** LOGIN (PRODUCT.md §2, §5, §8). */
  async login(): Promise<void> {
    if (this.phone === '' || this.code === '' || this.submitting) return;
    if (!this.phoneValid) {
      this.deps.ui.toast(INVALID_PHONE_OR_CODE);
      return;
    }
    const from = this.from();
    const request = { areaCode: this.areaCode, msisdn: this.phone, code: this.code };
    this.submitting = true;
    try {
      const answer =
        from === INVITE_FRIEND
          ? await this.deps.api.call('channelUserLogin', request)
          : await this.deps.api.call('login', request, { hk: this.areaCode === '852' });
      if (answer.code !== OK) return;
      this.deps.user.setUser(answer.data);
      this.resetCountdown();
      this.code = '';
      if (from === INVITE_FRIEND) {
        const target = `/channel/admin?${new URLSearchParams({
          token: answer.data.tokenValue,
          from: INVITE_FRIEND,
          back: 'login',
        })}`;
        if (answer.message !== 'success') {
          this.deps.ui.notify(answer.message, INVITE_MESSAGE_MS);
          this.deps.clock.setTimeout(() => this.deps.navigation.go(target), INVITE_MESSAGE_MS);
        } else this.deps.navigation.go(target);
        return;
      }
      this.deps.navigation.go(this.redirectTarget(), { replace: true });
      void this.deps.session.refreshUser();
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  private from(): string | null {
    return this.query().get('from');
  }

  /** Where a deep link that bounced through login goes back to; only paths of this app. */
  private redirectTarget(): string {
    const link = safeLink(this.query().get('redirect'));
    return link?.kind === 'route' ? link.href : '/';
  }

  private query(): URLSearchParams {
    const current = this.deps.navigation.current();
    const index = current.indexOf('?');
    return new URLSearchParams(index < 0 ? '' : current.slice(index + 1));
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

  private resetCountdown(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
    this.smsState = 'idle';
    this.secondsLeft = 0;
    this.deps.sessionStorage.remove(StorageKey.smsCountdown);
  }

  dispose(): void {
    this.stopTicking?.();
  }
}

/** The login feature's store (RootStore.feature): made with the feature's code. */
export const loginFeature: Feature<LoginStore> = {
  name: 'login',
  create: (root) =>
    new LoginStore({
      api: root.api,
      user: root.user,
      session: root.session,
      ui: root.services.ui,
      navigation: root.services.navigation,
      clock: root.services.clock,
      sessionStorage: root.services.sessionStorage,
      puzzleCheck: root.services.config.puzzleCheck === true,
    }),
};

/**
 * The login page (PRODUCT.md §2 "Login page", §4 SMS code states, §5 validation, §8 invite_friend
 * rule). The form and its Get Code are the phone-and-code form (stores/PhoneCodeForm.ts), whose
 * countdown survives a reload through session storage.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import { DEFAULT_AREA_CODE, INVITE_MESSAGE_MS } from '@shared/constants';
import { safeLink } from '@shared/links';
import { areaCodesFor, INVALID_PHONE_OR_CODE } from '@renderer/rules/loginValidation';
import type { Clock } from '@renderer/services/clock';
import type { Navigation } from '@renderer/services/navigation';
import type { JsonStorage } from '@renderer/lib/storage';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';
import { PhoneCodeForm } from '@renderer/stores/PhoneCodeForm';
import type { Feature } from '@renderer/stores/RootStore';
import type { SessionStore } from '@renderer/stores/SessionStore';
import type { UserStore } from '@renderer/stores/UserStore';

const INVITE_FRIEND = 'invite_friend';

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
  /** The phone, the code and Get Code (PRODUCT.md §4, §5). */
  readonly form: PhoneCodeForm;
  submitting = false;
  /** The slider-puzzle popup is open (puzzle variant only). */
  puzzleOpen = false;

  constructor(private readonly deps: LoginDeps) {
    this.form = new PhoneCodeForm({
      clock: deps.clock,
      ui: deps.ui,
      areaCodes: () => areaCodesFor(deps.session.profile),
      areaCode: DEFAULT_AREA_CODE,
      countdownStorage: deps.sessionStorage,
    });
    makeAutoObservable<LoginStore, 'deps'>(this, { deps: false, form: false });
  }

  /** Get Code: validates, opens the puzzle in that variant, else sends. */
  requestCode(): void {
    if (!this.form.mayRequestCode()) return;
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

  /** Sends the code (a failure is already shown by the ApiService), then counts down. */
  sendCode(from = this.from()): Promise<void> {
    return this.form.sendCode(async (request) => {
      const answer =
        from === INVITE_FRIEND
          ? await this.deps.api.call('channelGetSmsCode', request)
          : await this.deps.api.call('getSmsCodeWithLogin', request, {
              hk: request.areaCode === '852',
            });
      return answer.code === OK;
    });
  }

  /** LOGIN (PRODUCT.md §2, §5, §8). */
  async login(): Promise<void> {
    const { form } = this;
    if (form.phone === '' || form.code === '' || this.submitting) return;
    if (!form.phoneValid) {
      this.deps.ui.toast(INVALID_PHONE_OR_CODE);
      return;
    }
    const from = this.from();
    const request = form.loginRequest;
    this.submitting = true;
    try {
      const answer =
        from === INVITE_FRIEND
          ? await this.deps.api.call('channelUserLogin', request)
          : await this.deps.api.call('login', request, { hk: request.areaCode === '852' });
      if (answer.code !== OK) return;
      this.deps.user.setUser(answer.data);
      form.resetCountdown();
      form.setCode('');
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

  dispose(): void {
    this.form.dispose();
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

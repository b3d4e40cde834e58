/**
 * Startup and access (PRODUCT.md §2 "Startup and access", §4 "App start"), the three host
 * profiles (§1, §6), re-login and kick-out (§4, §8) and the host events (§2 "Other").
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '../../../shared/codes';
import { FASTPAY_DENY_DELAY_MS } from '../../../shared/constants';
import { missingCaseError } from '../errors/missingCaseError';
import type { ErrorReporter } from '../errors/reporter';
import type { BaseInfo, HostProfile, NativeHost } from '../native';
import { accessOf } from '../rules/access';
import type { Clock } from '../services/clock';
import type { EventBus } from '../services/events';
import type { Navigation } from '../services/navigation';
import type { ApiStore } from './ApiStore';
import type { ConfigStore } from './ConfigStore';
import type { KycFormStore } from './KycFormStore';
import type { UserStore } from './UserStore';

export type RequireLoginMode = 'close' | 'login';

export interface SessionDeps {
  native: NativeHost;
  user: UserStore;
  kycForm: KycFormStore;
  config: ConfigStore;
  navigation: Navigation;
  events: EventBus;
  reporter: ErrorReporter;
  clock: Clock;
  /** Reloads the page (web answer to the secure-connection dialog). */
  reload: () => void;
}

/** /login with a way back to where the user was going. */
export function loginPath(back: string): string {
  const path = back.split('?')[0] ?? '/';
  if (back === '' || back === '/' || path === '/login') return '/login';
  return `/login?redirect=${encodeURIComponent(back)}`;
}

export class SessionStore {
  /** False until the startup checks finish (PRODUCT.md §3 start state). */
  appInited = false;
  /** The address the app started at, without origin. */
  url = '';
  baseInfo: BaseInfo | null = null;
  /** Set when startup failed; the loading page stays (PRODUCT.md §4). */
  initError = '';
  api!: ApiStore;
  /** The user-info reload in flight: startup and Home's first refresh share it. */
  private userRefresh: Promise<void> | null = null;

  constructor(private readonly deps: SessionDeps) {
    makeAutoObservable<SessionStore, 'deps' | 'userRefresh'>(this, {
      deps: false,
      api: false,
      userRefresh: false,
    });
    deps.events.on('relogin', () => this.relogin());
  }

  get profile(): HostProfile {
    return this.baseInfo?.profile ?? (this.deps.native.native ? 'lender' : 'web');
  }

  /** Called once by RootStore: the ApiStore needs the session and the session needs the api. */
  attachApi(api: ApiStore): void {
    this.api = api;
  }

  /** App start of PRODUCT.md §4. Never rejects: failures are logged, reported and kept. */
  async start(url: string): Promise<void> {
    this.url = url;
    const pathname = url.split('?')[0] ?? '/';
    try {
      const baseInfo = await this.deps.native.getBaseInfo();
      runInAction(() => {
        this.baseInfo = baseInfo;
      });
      this.listenToHost();
      const access = accessOf(pathname);
      const denied = access !== 'deny' && !(await this.adoptHostSession(baseInfo));
      // A failed FastPay login is sent to its deny page instead of a login it cannot do.
      if (!denied && access === 'private' && !this.deps.user.isLoggedIn) {
        this.requireLogin('close', url);
      }
      runInAction(() => {
        this.appInited = true;
      });
      if (access !== 'deny' && this.deps.user.isLoggedIn) void this.refreshUser();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error('App init failed', message);
      this.deps.reporter.capture(error, { stage: 'App init failed' });
      runInAction(() => {
        this.initError = message;
      });
    }
  }

  /** Runs the startup again after it failed (the retry on the Loading page). */
  retryStart(): Promise<void> {
    this.initError = '';
    return this.start(this.url);
  }

  /**
   * Reloads the user info (and unread list); any non-200 forces a re-login (PRODUCT.md §4).
   * Concurrent callers share one request, so an expired session is kicked out once, not once per
   * screen that asked.
   */
  refreshUser(): Promise<void> {
    this.userRefresh ??= this.loadUser().finally(() => {
      this.userRefresh = null;
    });
    return this.userRefresh;
  }

  private async loadUser(): Promise<void> {
    const [info, unread] = await Promise.allSettled([
      this.api.call('userInfo', {}),
      this.api.call('unread', {}),
    ]);
    if (info.status === 'fulfilled') {
      if (info.value.code === OK) this.deps.user.setUser(info.value.data);
      else if (this.deps.user.isLoggedIn) {
        this.deps.user.clear();
        this.deps.events.emit('relogin', undefined);
      }
    }
    if (unread.status === 'fulfilled' && unread.value.code === OK) {
      this.deps.user.setUnread(unread.value.data);
    }
  }

  /**
   * Clears user and KYC state; in a host, mode close closes the page and mode login opens the
   * native login. On the web both send the user to /login and back.
   */
  requireLogin(mode: RequireLoginMode, back = this.deps.navigation.current()): void {
    this.deps.user.clear();
    this.deps.kycForm.clear();
    if (this.profile === 'web') {
      this.goToLogin(back);
      return;
    }
    if (mode === 'close') void this.deps.native.closePage();
    else void this.deps.native.showLogin();
  }

  /** The relogin event: native login in the lender app, /login otherwise. */
  relogin(): void {
    if (this.profile === 'lender') void this.deps.native.showLogin();
    else this.goToLogin(this.deps.navigation.current());
  }

  /** Session codes 9000000–9000005 while logged in (PRODUCT.md §8). */
  onSessionExpired(tip: boolean): void {
    void this.deps.native.kickOut(tip);
    this.deps.user.clear();
    this.deps.kycForm.clear();
    const routesToLogin =
      this.profile !== 'lender' && this.profile !== 'fastpay' && !this.deps.config.isProduction;
    if (routesToLogin) this.goToLogin(this.deps.navigation.current());
  }

  onSecureConnectionConfirmed(): void {
    if (this.deps.native.native) void this.deps.native.closePage();
    else this.deps.reload();
  }

  /** Logout (PRODUCT.md §4): code 200 clears user and KYC state and goes to /. */
  async logout(): Promise<boolean> {
    const answer = await this.api.call('logout', {});
    if (answer.code !== OK) return false;
    this.deps.user.clear();
    this.deps.kycForm.clear();
    this.api.resetSessions();
    this.deps.navigation.go('/', { replace: true });
    return true;
  }

  private goToLogin(back: string): void {
    const current = this.deps.navigation.current().split('?')[0];
    if (current === '/login') return;
    this.deps.navigation.go(loginPath(back), { replace: true });
  }

  /** Lender app: the host's token is the session. FastPay: log in with the wallet's token. */
  private async adoptHostSession(baseInfo: BaseInfo): Promise<boolean> {
    switch (baseInfo.profile) {
      case 'web':
        return true;
      case 'lender':
        if (baseInfo.tokenValue !== this.deps.user.tokenValue) {
          this.deps.user.clear();
          if (baseInfo.tokenValue) this.deps.user.setToken(baseInfo.tokenValue);
        }
        return true;
      case 'fastpay':
        return this.fastpayLogin(baseInfo.tokenValue);
      default:
        throw missingCaseError(baseInfo.profile);
    }
  }

  /** False when the wallet login failed (the deny redirect follows after 500 ms). */
  private async fastpayLogin(tokenValue: string): Promise<boolean> {
    let code: number | string;
    try {
      const answer = await this.api.call('fastpayLogin', { tokenValue });
      if (answer.code === OK) {
        const { paymentAccountId, paymentAccount, ...user } = answer.data;
        this.deps.user.setUser(user);
        this.deps.user.setFastpayAccount({ paymentAccountId, paymentAccount });
        return true;
      }
      code = answer.code;
    } catch (error) {
      code = (error as { kind?: string }).kind ?? 'error';
    }
    this.deps.user.clear();
    this.deps.clock.setTimeout(
      () => this.deps.navigation.go(`/deny/fastpaylogin${code}`, { replace: true }),
      FASTPAY_DENY_DELAY_MS,
    );
    return false;
  }

  private listenToHost(): void {
    const { native, navigation, events } = this.deps;
    native.on('kycSuccess', () => navigation.go('/kyc/review'));
    native.on('loanSuccess', () => navigation.go('/loan/review/?success=1'));
    native.on('pageResume', () => {
      if (this.deps.user.isLoggedIn) void this.refreshUser();
      events.emit('resume', undefined);
    });
  }
}

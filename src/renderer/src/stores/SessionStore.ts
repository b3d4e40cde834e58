/**
 * Startup and access (PRODUCT.md §2 "Startup and access", §4 "App start"), the three host
 * profiles (§1, §6), re-login and kick-out (§4, §8) and the host events (§2 "Other").
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import { FASTPAY_DENY_DELAY_MS } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import type { ErrorReporter } from '@renderer/errors/reporter';
import type { BaseInfo, HostProfile, NativeHost } from '@renderer/native';
import { accessOf } from '@renderer/rules/access';
import type { Clock } from '@renderer/services/clock';
import type { EventBus } from '@renderer/services/events';
import type { Navigation } from '@renderer/services/navigation';
import type { ApiService } from '@renderer/services/ApiService';
import type { ConfigStore } from './ConfigStore';
import { Freshness } from './Freshness';
import type { UserStore } from './UserStore';
import { errorMessage } from '@shared/errors';

export type RequireLoginMode = 'close' | 'login';

/**
 * How the session ended when the app itself does not route to /login (PRODUCT.md §4, §8): the
 * host was told once — kicked out, page closed, native login shown — or a FastPay wallet login
 * failed and its deny page follows. While set, nothing asks the host or the borrower again.
 */
export type SessionEnding = 'kicked' | 'closed' | 'native-login' | 'denied';

export interface SessionDeps {
  native: NativeHost;
  user: UserStore;
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
  /** Set once the session ended in a host or in production web; cleared by a new session. */
  ending: SessionEnding | null = null;
  api!: ApiService;
  /** The user-info reload in flight: startup and Home's first refresh share it. */
  private userRefresh: Promise<void> | null = null;
  /** FastPay: the wallet login was redone after a failure and no user info has worked since. */
  private walletRenewed = false;
  /** When the user info of this session last arrived (renewed with the session). */
  private userFreshness: Freshness;
  /**
   * Where a logout sends the borrower (PRODUCT.md §4: "/"), until the next session: the shell may
   * ask for a login before the router has left the page the borrower logged out on, and that page
   * is not where the next login should lead.
   */
  private loggedOutTo: string | null = null;

  constructor(private readonly deps: SessionDeps) {
    this.userFreshness = new Freshness(deps.clock);
    makeAutoObservable<
      SessionStore,
      'deps' | 'userRefresh' | 'walletRenewed' | 'userFreshness' | 'loggedOutTo'
    >(this, {
      deps: false,
      api: false,
      userRefresh: false,
      walletRenewed: false,
      userFreshness: false,
      loggedOutTo: false,
    });
    deps.events.on('relogin', () => this.relogin());
    // A new login starts a new session: its own ending may come later.
    reaction(
      () => deps.user.isLoggedIn,
      (loggedIn) => {
        if (loggedIn) this.ending = null;
      },
    );
  }

  get profile(): HostProfile {
    return this.baseInfo?.profile ?? (this.deps.native.native ? 'lender' : 'web');
  }

  /**
   * The session token changed (RootStore): what this store knew of the previous session — when
   * its user info came, its reload in flight — is not the new one's (DESIGN.md §6).
   */
  onSessionChanged(): void {
    this.userFreshness = new Freshness(this.deps.clock);
    this.userRefresh = null;
    this.loggedOutTo = null;
  }

  /** Called once by RootStore: the ApiService needs the session and the session needs the api. */
  attachApi(api: ApiService): void {
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
      const message = errorMessage(error);
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
  refreshUser(maxAgeMs = 0): Promise<void> {
    // A kept-alive screen shown again reuses a user info loaded moments ago (startup, another
    // tab): one call per need. Pull-to-refresh and the host resuming the page ask with 0.
    if (!this.userRefresh && this.userFreshness.isFresh(maxAgeMs)) return Promise.resolve();
    if (!this.userRefresh) {
      // A reload of an earlier session may still end after this one began: only its own clears.
      const load: Promise<void> = this.loadUser().finally(() => {
        if (this.userRefresh === load) this.userRefresh = null;
      });
      this.userRefresh = load;
    }
    return this.userRefresh;
  }

  private async loadUser(): Promise<void> {
    const session = this.deps.user.tokenValue;
    const [info, unread] = await Promise.allSettled([
      this.api.call('userInfo', {}),
      this.api.call('unread', {}),
    ]);
    // The session ended (or changed) while these were in flight: their answers belong to it and
    // must not bring the user back.
    if (this.deps.user.tokenValue !== session) return;
    if (info.status === 'fulfilled') {
      if (info.value.code === OK) {
        this.walletRenewed = false;
        this.userFreshness.markLoaded();
        this.deps.user.updateUser(info.value.data);
      } else if (this.deps.user.isLoggedIn) {
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
    if (this.profile === 'web') {
      this.goToLogin(back);
      return;
    }
    if (this.ending) return;
    this.ending = mode === 'close' ? 'closed' : 'native-login';
    if (mode === 'close') void this.deps.native.closePage();
    else void this.deps.native.showLogin();
  }

  /**
   * The relogin event (PRODUCT.md §4): native login in the lender app, /login on the web. The
   * FastPay wallet has no SMS login: its session is the wallet's, so it logs in with the wallet
   * token again (and its deny page follows a failure). Once the session ended, nothing more.
   */
  relogin(): void {
    if (this.ending) return;
    switch (this.profile) {
      case 'lender':
        this.ending = 'native-login';
        void this.deps.native.showLogin();
        return;
      case 'fastpay':
        // One wallet login again; if that session fails too, the wallet takes over (kickOut).
        if (this.walletRenewed) {
          this.ending = 'kicked';
          void this.deps.native.kickOut(false);
          return;
        }
        this.walletRenewed = true;
        void this.renewHostSession();
        return;
      case 'web':
        this.goToLogin(this.deps.navigation.current());
        return;
      default:
        throw missingCaseError(this.profile);
    }
  }

  /**
   * Session codes 9000000–9000005 while logged in (PRODUCT.md §8): the host is told to kick out
   * (the only host call of this ending) and only the non-production web routes to /login.
   */
  onSessionExpired(tip: boolean): void {
    this.deps.user.clear();
    const routesToLogin = this.profile === 'web' && !this.deps.config.isProduction;
    // Only called while logged in: whatever ended an earlier session is over.
    this.ending = routesToLogin ? null : 'kicked';
    void this.deps.native.kickOut(tip);
    if (routesToLogin) this.goToLogin(this.deps.navigation.current());
  }

  /**
   * The host brought the page back (pageResume) after the session ended — the borrower logged in
   * natively, or the wallet has a new token: read the host's session again instead of staying on
   * Loading.
   */
  private async renewHostSession(): Promise<void> {
    // The host's session may now be another borrower's: its token is asked again.
    const baseInfo = await this.deps.native.getBaseInfo({ fresh: true });
    runInAction(() => {
      this.baseInfo = baseInfo;
      this.ending = null;
    });
    if (await this.adoptHostSession(baseInfo)) {
      if (this.deps.user.isLoggedIn) await this.refreshUser();
      else if (accessOf(this.deps.navigation.current().split('?')[0] ?? '/') === 'private') {
        this.requireLogin('login');
      }
    }
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
    this.loggedOutTo = '/';
    // The secure channel is the device's, not the borrower's (DESIGN.md §5: the token names the
    // borrower on every call): the next login goes on with it, no new handshake.
    this.deps.navigation.go('/', { replace: true });
    return true;
  }

  private goToLogin(back: string): void {
    const current = this.deps.navigation.current().split('?')[0];
    if (current === '/login') return;
    this.deps.navigation.go(loginPath(this.loggedOutTo ?? back), { replace: true });
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
    // Until the deny page, nothing else shows: never the web login (PRODUCT.md §4, §8).
    runInAction(() => {
      this.ending = 'denied';
    });
    this.deps.clock.setTimeout(
      () => this.deps.navigation.go(`/deny/fastpaylogin${code}`, { replace: true }),
      FASTPAY_DENY_DELAY_MS,
    );
    return false;
  }

  private listenToHost(): void {
    const { native, navigation, events } = this.deps;
    native.on('kycSuccess', () => {
      // The KYC state changed in the lender app: the review asks the user info again.
      this.userFreshness.invalidate();
      navigation.go('/kyc/review');
    });
    native.on('loanSuccess', () => {
      // The lender app applied natively: Home's figures are wrong, Bill is out of date.
      this.deps.user.forgetLoanInfo();
      events.emit('account-changed', undefined);
      navigation.go('/loan/review/?success=1');
    });
    native.on('pageResume', () => {
      if (this.ending && this.ending !== 'denied') void this.renewHostSession();
      else if (this.deps.user.isLoggedIn) void this.refreshUser();
      events.emit('account-changed', undefined);
      events.emit('resume', undefined);
    });
  }
}

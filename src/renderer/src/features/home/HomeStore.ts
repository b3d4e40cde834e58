/**
 * The Home tab (PRODUCT.md §2 Home, §4 Home button): refreshes user info, loan info, the
 * red-dot lists and the ads; shows each popup ad once (remembered in adddsViewed); runs the main
 * button's action.
 */

import { makeAutoObservable, runInAction } from 'mobx';
import type { Advertisement, KycState } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { appStoreLink, HOME_BANNER_LOCATION } from '@shared/constants';
import { safeLink } from '@shared/links';
import { missingCaseError } from '@shared/missingCaseError';
import type { NativeHost } from '@renderer/native';
import type { Navigation } from '@renderer/services/navigation';
import type { UiService } from '@renderer/services/ui';
import type { Clock } from '@renderer/services/clock';
import type { ApiCaller } from '@renderer/services/ApiService';
import type { ConfigStore } from '@renderer/stores/ConfigStore';
import { Freshness } from '@renderer/stores/Freshness';
import { type LoanInfoStore, loanInfoFeature } from '@renderer/stores/LoanInfoStore';
import type { Feature } from '@renderer/stores/RootStore';
import type { UserStore } from '@renderer/stores/UserStore';
import {
  type HomeButtonView,
  homeButtonActionOf,
  homeButtonOf,
  KYC_EXPIRED_NOTICE,
} from '@renderer/rules/homeButton';
import { bannersOf, unseenPopups } from '@renderer/rules/popupAds';

/** Location of the Home banner (advertisement/loadBanner). */

export interface HomeDeps {
  api: ApiCaller;
  clock: Clock;
  user: UserStore;
  config: ConfigStore;
  navigation: Navigation;
  ui: UiService;
  native: NativeHost;
  /** The session's loan info, shared with the loan feature. */
  loanInfo: LoanInfoStore;
  /** Reloads user info and the unread list unless loaded within `maxAgeMs` (SessionStore). */
  refreshUser: (maxAgeMs?: number) => Promise<void>;
  /** Resets the loan application form before the main button navigates. */
  resetLoanForm: () => void;
}

export class HomeStore {
  ads: Advertisement[] = [];
  /** When the ads were last asked for. */
  private readonly freshness: Freshness;
  locationBanner: Advertisement | null = null;
  /** The popup ad on screen, if any. */
  popup: Advertisement | null = null;

  constructor(private readonly deps: HomeDeps) {
    this.freshness = new Freshness(deps.clock);
    makeAutoObservable<HomeStore, 'deps' | 'freshness'>(this, {
      deps: false,
      freshness: false,
    });
  }

  /** Where the loan info stands: the figures and the main button depend on it. */
  get loanInfoStatus(): LoanInfoStore['status'] {
    return this.deps.loanInfo.status;
  }

  get kycState(): KycState | undefined {
    return this.deps.user.user?.state;
  }

  get banners(): Advertisement[] {
    return bannersOf(this.ads, this.locationBanner);
  }

  buttonView(navigating: boolean): HomeButtonView {
    const loan = this.deps.user.loanInfo;
    return homeButtonOf({
      kycState: this.kycState,
      loanState: loan?.state ?? 0,
      lastAmount: loan?.lastAmount ?? 0,
      navigating,
    });
  }

  /**
   * Pull-to-refresh and the host resuming the page (maxAgeMs 0): user info, loan info, red dots
   * and ads, side by side. Shown again as a kept-alive tab (maxAgeMs > 0), only what is older
   * than that is asked again — one call per need.
   */
  async refresh(maxAgeMs = 0): Promise<void> {
    // Visitors without a token get no ads or user data (PRODUCT.md §4).
    if (!this.deps.user.isLoggedIn) return;
    const adsStale = !this.freshness.isFresh(maxAgeMs);
    if (adsStale) this.freshness.markLoaded();
    await Promise.allSettled([
      this.deps.refreshUser(maxAgeMs),
      this.deps.loanInfo.refresh(maxAgeMs),
      adsStale ? this.loadAds() : undefined,
    ]);
  }

  /**
   * Loan info is missing: the call failed (a timeout, a refusal) and nothing was kept from an
   * earlier visit. Home then says so with a retry instead of "₱0" and no button.
   */
  get loanInfoMissing(): boolean {
    return this.loanInfoStatus === 'failed' && !this.deps.user.loanInfo;
  }

  /** The figures on screen are the kept ones: the refresh failed (say so, offer a retry). */
  get loanInfoStale(): boolean {
    return this.loanInfoStatus === 'failed' && Boolean(this.deps.user.loanInfo);
  }

  /** The loan changed on the server (a repayment, pageResume): the next show reloads it. */
  invalidate(): void {
    this.freshness.invalidate();
  }

  /**
   * The loan figures are not known yet in this session (just signed in, nothing saved for this
   * borrower): Home shows placeholders, never an amount it does not know (DESIGN.md §6).
   */
  get figuresPending(): boolean {
    return !this.deps.user.loanInfo && this.loanInfoStatus !== 'failed';
  }

  async retryLoanInfo(): Promise<void> {
    await this.deps.loanInfo.refresh();
  }

  /** The main button (PRODUCT.md §4): reset the loan form, then go where the states say. */
  pressMainButton(): void {
    // Fresh loan info first: the button's target depends on the loan state.
    const pending = this.deps.loanInfo.pending;
    if (pending) {
      void pending.then(() => this.pressMainButton());
      return;
    }
    this.deps.resetLoanForm();
    const action = homeButtonActionOf(this.kycState, this.deps.user.loanInfo?.state ?? 0);
    switch (action.kind) {
      case 'go':
        this.deps.navigation.go(action.to);
        return;
      case 'kycExpired':
        void this.showKycExpired();
        return;
      case 'none':
        return;
      default:
        throw missingCaseError(action);
    }
  }

  /** Closes the popup on screen; the next unseen one (if any) follows. */
  closePopup(): void {
    this.popup = null;
    this.showNextPopup();
  }

  /** Opens the popup's link (in-app paths route, others open the browser). */
  openPopup(): void {
    const ad = this.popup;
    if (!ad) return;
    this.popup = null;
    this.openLink(ad.link);
  }

  /** An app route navigates; a web link opens in the browser; nothing else is followed. */
  openLink(raw: string): void {
    const link = safeLink(raw, { allowHttp: true });
    if (link?.kind === 'route') this.deps.navigation.go(link.href);
    else if (link?.kind === 'web') void this.deps.native.openBrowser(link.href);
  }

  /** The KYC-expired Notice: Update opens the store; the mask, Escape or a page change do not. */
  private async showKycExpired(): Promise<void> {
    const confirmed = await this.deps.ui.alert({
      title: KYC_EXPIRED_NOTICE.title,
      content: KYC_EXPIRED_NOTICE.content,
      confirmText: KYC_EXPIRED_NOTICE.button,
      dismissible: true,
    });
    if (!confirmed) return;
    await this.deps.native.openBrowser(appStoreLink(this.deps.user.user?.areaCode ?? ''));
  }

  private async loadAds(): Promise<void> {
    const [ads, banner] = await Promise.allSettled([
      this.deps.api.call('loadAdvertisement', {}),
      this.deps.api.call('loadBanner', { location: HOME_BANNER_LOCATION }),
    ]);
    runInAction(() => {
      if (ads.status === 'fulfilled' && ads.value.code === OK) this.ads = ads.value.data;
      if (banner.status === 'fulfilled' && banner.value.code === OK) {
        this.locationBanner = banner.value.data;
      }
      if (!this.popup) this.showNextPopup();
    });
  }

  /** A popup counts as seen once shown, so a reload never shows it again. */
  private showNextPopup(): void {
    const next = unseenPopups(this.ads, this.deps.config.adddsViewed)[0];
    if (!next) return;
    this.deps.config.markAdSeen(next.id);
    this.popup = next;
  }
}

/** The home feature's store (RootStore.feature): made with the feature's code. */
export const homeFeature: Feature<HomeStore> = {
  name: 'home',
  create: (root, scope) => {
    const { services, session, events } = root;
    const store = new HomeStore({
      api: root.api,
      clock: services.clock,
      user: root.user,
      config: root.config,
      navigation: services.navigation,
      ui: services.ui,
      native: services.native,
      loanInfo: root.feature(loanInfoFeature),
      refreshUser: (maxAgeMs?: number) => session.refreshUser(maxAgeMs),
      resetLoanForm: () => events.emit('new-loan', undefined),
    });
    // A repayment, a loan application or the host resuming the page changes what the kept-alive
    // tabs hold, mounted or not (a non-tab page such as the repay result unmounts them): it
    // reloads when shown.
    scope.on(events, 'account-changed', () => store.invalidate());
    return store;
  },
};

/**
 * The Profile tab's actions (PRODUCT.md §2 Profile): the My KYC dialog and its "Go To App",
 * the Direct Loan App download, and logout. What the tab shows is read from UserStore through
 * the pure rules of profileRules.ts.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { appStoreLink } from '@shared/constants';
import type { NativeHost } from '@renderer/native';
import type { UiService } from '@renderer/services/ui';
import type { Feature } from '@renderer/stores/RootStore';
import type { UserStore } from '@renderer/stores/UserStore';
import { MY_KYC_DIALOG } from './profileRules';

export interface ProfileDeps {
  user: UserStore;
  native: NativeHost;
  ui: UiService;
  /** SessionStore.logout: code 200 clears user and KYC state and goes to /. */
  logout: () => Promise<boolean>;
  /** SessionStore.refreshUser: user info and the unread list (the red dots). */
  refreshUser: (maxAgeMs?: number) => Promise<void>;
}

export class ProfileStore {
  loggingOut = false;

  constructor(private readonly deps: ProfileDeps) {
    makeAutoObservable<ProfileStore, 'deps'>(this, { deps: false });
  }

  /** User info and red dots; shown again as a kept-alive tab, only when older than maxAgeMs. */
  refresh(maxAgeMs = 0): Promise<void> {
    if (!this.deps.user.isLoggedIn) return Promise.resolve();
    return this.deps.refreshUser(maxAgeMs);
  }

  /**
   * My KYC: KYC lives in the native app; "Go To App" opens it (or its store page). The dialog can
   * be dismissed without leaving for the store.
   */
  async openMyKyc(): Promise<void> {
    const confirmed = await this.deps.ui.alert({
      title: MY_KYC_DIALOG.title,
      content: MY_KYC_DIALOG.content,
      confirmText: MY_KYC_DIALOG.button,
      dismissible: true,
    });
    if (confirmed) await this.openApp('kyc');
  }

  /** Opens a page of the lender app inside it, or the app-store page everywhere else. */
  async openApp(page: string): Promise<void> {
    const opened = this.deps.native.native
      ? await this.deps.native.call('openNativePage', { page })
      : { resultCode: 1 };
    if (opened.resultCode !== 0) {
      await this.deps.native.openBrowser(appStoreLink(this.deps.user.user?.areaCode ?? ''));
    }
  }

  async logout(): Promise<void> {
    if (this.loggingOut) return;
    this.loggingOut = true;
    try {
      await this.deps.logout();
    } catch {
      // No answer: the API layer already told the user; they can try again.
    } finally {
      runInAction(() => {
        this.loggingOut = false;
      });
    }
  }
}

/** The profile feature's store (RootStore.feature): made with the feature's code. */
export const profileFeature: Feature<ProfileStore> = {
  name: 'profile',
  create: (root) =>
    new ProfileStore({
      user: root.user,
      native: root.services.native,
      ui: root.services.ui,
      logout: () => root.session.logout(),
      refreshUser: (maxAgeMs?: number) => root.session.refreshUser(maxAgeMs),
    }),
};

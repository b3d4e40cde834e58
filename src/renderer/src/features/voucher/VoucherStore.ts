/**
 * /user/voucher (PRODUCT.md §2 "Profile"): the coupons of one state (available, used, expired). Listing the
 * available ones reads them, so the Voucher red dot clears (voucherReaded) and the unread list is
 * reloaded. "Use" hands a coupon to the lender app (useVoucher) or, on the web, to the loan form.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { type Coupon, CouponStates } from '@shared/api/entities';
import { OK } from '@shared/codes';
import type { NativeHost } from '@renderer/native';
import type { Navigation } from '@renderer/services/navigation';
import type { ApiService } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import type { UserStore } from '@renderer/stores/UserStore';
import { loanFeature } from '@renderer/features/loan/LoanStore';
import type { CouponState } from './voucherRules';

export interface VoucherDeps {
  api: ApiService;
  user: UserStore;
  native: NativeHost;
  navigation: Navigation;
  /** Reloads user info and the unread list (SessionStore.refreshUser). */
  refreshUser: () => Promise<void>;
  /** Web: starts a new loan form with the coupon (LoanStore.startWithCoupon). */
  chooseCouponForLoan: (coupon: Coupon) => void;
}

export class VoucherStore {
  state: CouponState = 1;
  coupons: Coupon[] = [];
  status: 'idle' | 'loading' | 'error' = 'idle';
  loaded = false;
  private request = 0;

  constructor(private readonly deps: VoucherDeps) {
    makeAutoObservable<VoucherStore, 'deps' | 'request'>(this, { deps: false, request: false });
  }

  async load(state: CouponState): Promise<void> {
    if (state !== this.state) {
      this.coupons = [];
      this.loaded = false;
    }
    this.state = state;
    this.status = 'loading';
    const request = ++this.request;
    try {
      const answer = await this.deps.api.call('couponList', { state });
      if (request !== this.request) return;
      runInAction(() => {
        this.status = answer.code === OK ? 'idle' : 'error';
        if (answer.code === OK) {
          this.coupons = answer.data;
          this.loaded = true;
        }
      });
      if (answer.code === OK && state === CouponStates.AVAILABLE) {
        this.deps.user.setVoucherReaded(true);
        await this.deps.refreshUser();
      }
    } catch {
      runInAction(() => {
        if (request === this.request) this.status = 'error';
      });
    }
  }

  /** Uses an available coupon: the lender app takes it natively, the web goes to the loan form. */
  async use(coupon: Coupon): Promise<void> {
    if (coupon.state !== CouponStates.AVAILABLE) return;
    if (this.deps.native.native) {
      const result = await this.deps.native.call('useVoucher', {
        userCouponId: coupon.userCouponId,
      });
      if (result.resultCode === 0) return;
    }
    this.deps.chooseCouponForLoan(coupon);
    this.deps.navigation.go('/loan/apply');
  }
}

/** The voucher feature's store (RootStore.feature): made with the feature's code. */
export const voucherFeature: Feature<VoucherStore> = {
  name: 'voucher',
  create: (root, scope) =>
    new VoucherStore({
      api: root.api,
      user: root.user,
      native: root.services.native,
      navigation: root.services.navigation,
      refreshUser: (maxAgeMs?: number) => root.session.refreshUser(maxAgeMs),
      // A voucher chosen as the session ended starts no form in the next one.
      chooseCouponForLoan: (coupon) => {
        if (scope.alive) root.feature(loanFeature).startWithCoupon(coupon);
      },
    }),
};

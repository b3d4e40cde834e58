/**
 * The loan application (PRODUCT.md §3 "Loan application form"): the form with
 * its defaults, the payee through `pickAccount` or the web picker, vouchers, the
 * loan/calculateLoanInfo preview, loan/loanCheckByArc, the pay-password SMS when the check asks
 * for it, then loan/ApplyNoPayPassword on the web or the `loanApply` bridge call in the lender
 * app. The review page's state lives in `review`.
 *
 * Public API for other features: `startWithCoupon` (the Voucher page); the Home button resets the
 * form through the `new-loan` event.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LoanPreview } from '@shared/api/endpoints';
import { type Coupon, CouponStates } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { DEFAULT_LOAN_PERIODS, DEFAULT_LOAN_TYPE } from '@shared/constants';
import type { NativeHost } from '@renderer/native';
import type { Clock } from '@renderer/services/clock';
import type { Navigation } from '@renderer/services/navigation';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';
import { KEPT_FRESH_MS } from '@renderer/stores/Freshness';
import { type LoanInfoStore, loanInfoFeature } from '@renderer/stores/LoanInfoStore';
import type { SessionStore } from '@renderer/stores/SessionStore';
import type { UserStore } from '@renderer/stores/UserStore';
import { LoanReviewStore } from './LoanReviewStore';
import { SentApplicationMark } from './sentApplication';

export const PICK_ACCOUNT_FAILED = 'The account could not be chosen. Please try again.';

import type { Feature } from '@renderer/stores/RootStore';
import {
  type LoanErrors,
  type LoanField,
  parseBorrowAmount,
  validateBorrowAmount,
  validateLoanForm,
} from './loanValidation';
import { sendApplication } from './sendApplication';

export interface LoanDeps {
  api: ApiService;
  user: UserStore;
  /** The session's loan info, shared with Home. */
  loanInfo: LoanInfoStore;
  session: SessionStore;
  native: NativeHost;
  ui: UiService;
  navigation: Navigation;
  clock: Clock;
  /** The application on its way, kept across a reload (./sentApplication.ts). */
  sent: SentApplicationMark;
  /** False once the session that made the store ended. */
  alive: () => boolean;
  /** The application went through: Home's figures are wrong, Bill is out of date. */
  onApplied: () => void;
}

/** The success state of the review page (PRODUCT.md §2 "Other"). */
export const REVIEW_SUCCESS_PATH = '/loan/review/?success=1';
const ENTER_SMS_CODE = 'Please enter the verification code.';
const PREVIEW_DELAY_MS = 400;

export class LoanStore {
  borrowAmount = '';
  periods = DEFAULT_LOAN_PERIODS;
  payeeId = '';
  payeeLabel = '';
  purpos = '';
  userCouponId: string | undefined = undefined;
  discountAmount = 0;
  /** The voucher the borrower chose while the amount is still below its minimum. */
  private waitingCouponId: string | undefined = undefined;
  type = DEFAULT_LOAN_TYPE;

  errors: LoanErrors = {};
  preview: LoanPreview | null = null;
  previewLoading = false;
  coupons: Coupon[] = [];
  /** The web payee picker is open (no host, or the host cannot pick). */
  webPickerOpen = false;
  submitting = false;
  /** loan/loanCheckByArc asked for the pay password: the SMS step shows. */
  needPayPassword = false;
  smsSent = false;
  smsCode = '';

  /** The review page's state (loan/loanDetail). */
  readonly review: LoanReviewStore;

  private previewTimer: (() => void) | undefined;
  private previewSeq = 0;

  constructor(private readonly deps: LoanDeps) {
    this.review = new LoanReviewStore({
      api: deps.api,
      loanInfo: deps.loanInfo,
      user: deps.user,
      sent: deps.sent,
      clock: deps.clock,
      alive: deps.alive,
    });
    makeAutoObservable<LoanStore, 'deps' | 'previewTimer' | 'previewSeq'>(this, {
      deps: false,
      review: false,
      previewTimer: false,
      previewSeq: false,
    });
  }

  /**
   * An application sent earlier (before a reload, or one whose answer never came) may still land:
   * the form is not offered, the review finds out what became of it.
   */
  get applicationOnItsWay(): boolean {
    return !this.submitting && this.deps.sent.current !== null;
  }

  /** The available amount; undefined while loan info is on its way (a placeholder, never ₱0). */
  get lastAmount(): number | undefined {
    return this.deps.user.loanInfo?.lastAmount;
  }

  /** Vouchers the current amount can use. */
  get usableCoupons(): Coupon[] {
    const amount = parseBorrowAmount(this.borrowAmount);
    return this.coupons.filter(
      (c) => c.state === CouponStates.AVAILABLE && !(amount < c.minBorrowAmount),
    );
  }

  /** Back to the defaults of PRODUCT.md §3 (periods 1, type ez). */
  resetForm(): void {
    this.borrowAmount = '';
    this.periods = DEFAULT_LOAN_PERIODS;
    this.payeeId = '';
    this.payeeLabel = '';
    this.purpos = '';
    this.userCouponId = undefined;
    this.waitingCouponId = undefined;
    this.discountAmount = 0;
    this.type = DEFAULT_LOAN_TYPE;
    this.errors = {};
    this.preview = null;
    this.needPayPassword = false;
    this.smsSent = false;
    this.smsCode = '';
  }

  /**
   * A new application with a voucher chosen on the Voucher page (web): the form starts from its
   * defaults with that voucher, kept until `open` brings the list it must still be on.
   */
  startWithCoupon(coupon: Coupon): void {
    this.resetForm();
    this.coupons = [coupon];
    this.setCoupon(coupon.userCouponId);
  }

  /**
   * Loads what the form needs: loan info (lastAmount), unless Home has just brought it (one call
   * per need, stores/Freshness.ts), and the available vouchers.
   */
  async open(): Promise<void> {
    const { api, loanInfo } = this.deps;
    const [, coupons] = await Promise.allSettled([
      loanInfo.refresh(KEPT_FRESH_MS),
      api.call('couponList', { state: CouponStates.AVAILABLE }),
    ]);
    runInAction(() => {
      if (coupons.status === 'fulfilled' && coupons.value.code === OK) {
        this.coupons = coupons.value.data;
        // A voucher chosen earlier that is no longer available (used, expired) is dropped.
        if (!this.coupons.some((c) => c.userCouponId === this.userCouponId)) {
          this.userCouponId = undefined;
          this.discountAmount = 0;
        }
      }
    });
    this.schedulePreview();
  }

  setBorrowAmount(input: string): void {
    this.borrowAmount = input.replace(/[^\d.,]/g, '').slice(0, 9);
    this.clearError('borrowAmount');
    // A voucher waits while the amount is below its minimum (typed digit by digit, "5" comes
    // before "5000") and applies again once the amount reaches it.
    const amount = parseBorrowAmount(this.borrowAmount);
    const wanted = this.userCouponId ?? this.waitingCouponId;
    const coupon = this.coupons.find((c) => c.userCouponId === wanted);
    if (coupon && amount < coupon.minBorrowAmount) {
      if (this.userCouponId) this.setCoupon(undefined);
      this.waitingCouponId = coupon.userCouponId;
    } else if (coupon && !this.userCouponId) {
      this.setCoupon(coupon.userCouponId);
    }
    this.schedulePreview();
  }

  setPeriods(periods: number): void {
    this.periods = periods;
    this.clearError('periods');
    this.schedulePreview();
  }

  setPurpose(purpos: string): void {
    this.purpos = purpos;
    this.clearError('purpos');
  }

  setCoupon(userCouponId: string | undefined): void {
    this.waitingCouponId = undefined;
    const coupon = this.coupons.find((c) => c.userCouponId === userCouponId);
    this.userCouponId = coupon?.userCouponId;
    this.discountAmount = coupon?.discountAmount ?? 0;
    this.schedulePreview();
  }

  setPayee(payeeId: string, payeeLabel: string): void {
    this.payeeId = payeeId;
    this.payeeLabel = payeeLabel;
    this.webPickerOpen = false;
    this.clearError('payeeId');
  }

  closeWebPicker(): void {
    this.webPickerOpen = false;
  }

  /** The host's account picker; the web picker where there is none. */
  async pickAccount(): Promise<void> {
    const { native, session } = this.deps;
    if (session.profile === 'web') {
      this.webPickerOpen = true;
      return;
    }
    const result = await native.call('pickAccount');
    if (result.resultCode === 0 && result.data) {
      this.setPayee(result.data.payeeId, result.data.payeeLabel);
    } else if (result.resultCode === 1) {
      runInAction(() => {
        this.webPickerOpen = true;
      });
    } else if (result.resultCode !== 2) {
      // Cancelled (2) is the borrower's choice; anything else is the host failing: say so.
      this.deps.ui.toast(PICK_ACCOUNT_FAILED, 'fail');
    }
  }

  /** Recomputes the preview shortly after the amount, periods or voucher stop changing. */
  schedulePreview(): void {
    this.previewTimer?.();
    if (validateBorrowAmount(this.borrowAmount, this.lastAmount) !== undefined) {
      this.preview = null;
      return;
    }
    this.previewTimer = this.deps.clock.setTimeout(() => void this.loadPreview(), PREVIEW_DELAY_MS);
  }

  async loadPreview(): Promise<void> {
    const seq = ++this.previewSeq;
    this.previewLoading = true;
    try {
      const answer = await this.deps.api.call('calculateLoanInfo', {
        borrowAmount: parseBorrowAmount(this.borrowAmount),
        periods: this.periods,
        ...(this.userCouponId ? { userCouponId: this.userCouponId } : {}),
      });
      runInAction(() => {
        // An older answer arriving late must not replace a newer preview.
        if (seq === this.previewSeq) this.preview = answer.code === OK ? answer.data : null;
      });
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        if (seq === this.previewSeq) this.previewLoading = false;
      });
    }
  }

  setSmsCode(code: string): void {
    this.smsCode = code.replace(/\D/g, '').slice(0, 6);
  }

  /** credit/getSmsCodeOfResetPayPassword. */
  async sendPayPasswordSms(): Promise<void> {
    try {
      const answer = await this.deps.api.call('getSmsCodeOfResetPayPassword', {});
      if (answer.code === OK) {
        runInAction(() => {
          this.smsSent = true;
        });
      }
    } catch {
      // Already shown by the ApiService.
    }
  }

  /** Submit: validate, check, (pay password), apply — never twice at once. */
  async submit(): Promise<void> {
    if (this.submitting) return;
    const form = {
      borrowAmount: this.borrowAmount,
      periods: this.periods,
      payeeId: this.payeeId,
      purpos: this.purpos,
    };
    this.errors = validateLoanForm(form, this.lastAmount);
    const first = Object.values(this.errors)[0];
    if (first) {
      this.deps.ui.toast(first, 'fail');
      return;
    }
    if (this.needPayPassword && this.smsCode === '') {
      this.deps.ui.toast(ENTER_SMS_CODE, 'fail');
      return;
    }
    this.submitting = true;
    try {
      await this.checkAndApply(parseBorrowAmount(this.borrowAmount));
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  private async checkAndApply(borrowAmount: number): Promise<void> {
    const { api, user, native, session, navigation, ui } = this.deps;
    if (!this.needPayPassword) {
      const check = await api.call('loanCheckByArc', { borrowAmount });
      if (check.code !== OK) return this.reloadLoanState();
      if (!check.data.pass) {
        ui.toast(check.data.reason ?? 'You cannot borrow now.', 'fail');
        return this.reloadLoanState();
      }
      if (check.data.needPayPassword) {
        runInAction(() => {
          this.needPayPassword = true;
        });
        await this.sendPayPasswordSms();
        return;
      }
    } else {
      const verified = await api.call('verifySmsOfPayPassword', { code: this.smsCode });
      if (verified.code !== OK) return;
      user.setPayPassword(verified.data.payPassword);
    }
    // Kept until an answer comes: a reload meanwhile, or no answer at all, leads to the review,
    // which asks the server's loan state instead of offering the form again.
    this.deps.sent.remember(borrowAmount);
    const sent = await sendApplication(
      { api, native, ui, profile: session.profile },
      {
        borrowAmount,
        periods: this.periods,
        payeeId: this.payeeId,
        payeeLabel: this.payeeLabel,
        purpos: this.purpos,
        type: this.type,
        ...(this.userCouponId
          ? { userCouponId: this.userCouponId, discountAmount: this.discountAmount }
          : {}),
        ...(user.payPassword ? { payPassword: user.payPassword } : {}),
      },
    );
    this.deps.sent.forget();
    if (!sent) return this.reloadLoanState();
    this.resetForm();
    this.deps.onApplied();
    navigation.go(REVIEW_SUCCESS_PATH, { replace: true });
  }

  /**
   * A refusal may mean the loan changed meanwhile — an application sent before a reload went
   * through, a loan was released: the loan state is asked again, and /loan/apply follows it to
   * the loan in progress (LoanApplyScreen, Home button rule) instead of a form with no way on.
   */
  private async reloadLoanState(): Promise<void> {
    // A failure was shown by the ApiService; the refusal's own message stays on screen.
    await this.deps.loanInfo.refresh();
  }

  private clearError(field: LoanField): void {
    if (this.errors[field]) {
      const { [field]: _, ...rest } = this.errors;
      this.errors = rest;
    }
  }
}

/** The loan feature's store (RootStore.feature): made with the feature's code. */
export const loanFeature: Feature<LoanStore> = {
  name: 'loan',
  create: (root, scope) => {
    const { services } = root;
    const store = new LoanStore({
      api: root.api,
      user: root.user,
      loanInfo: root.feature(loanInfoFeature),
      session: root.session,
      native: services.native,
      ui: services.ui,
      navigation: services.navigation,
      clock: services.clock,
      sent: new SentApplicationMark({
        storage: services.storage,
        user: root.user,
        apiHost: services.config.apiBase.main,
        clock: services.clock,
      }),
      alive: () => scope.alive,
      onApplied: () => {
        root.user.forgetLoanInfo();
        root.events.emit('account-changed', undefined);
      },
    });
    // Home's main button starts a new application (PRODUCT.md §4): the form goes back to its
    // defaults. Before the loan feature was ever used there is no form to reset.
    scope.on(root.events, 'new-loan', () => store.resetForm());
    return store;
  },
};

/**
 * The repay flow (PRODUCT.md §2 "Repay channel screens"): channel lists per market (config cache, refreshed from
 * repay/repayChannel/v2), the limit check before an order exists, repay/generatorRepayOrder,
 * paying through the host's wallet (gcashPayment / fastPayPayment) or showing the code or link on
 * the web, and the outcome (repay/repayResult) with the refreshes a repayment causes.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { endpoints, type RepayOrder } from '@shared/api/endpoints';
import { type OrderRefusal, orderRefusalSchema, type RepayChannel } from '@shared/api/entities';
import { OK, ServerCode } from '@shared/codes';
import { missingCaseError } from '@shared/missingCaseError';
import type { NativeHost } from '@renderer/native';
import type { EventBus } from '@renderer/services/events';
import type { Navigation } from '@renderer/services/navigation';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';
import type { ConfigStore } from '@renderer/stores/ConfigStore';
import type { Feature } from '@renderer/stores/RootStore';
import type { SessionStore } from '@renderer/stores/SessionStore';
import type { UserStore } from '@renderer/stores/UserStore';
import type { RepayFormStore } from '@renderer/stores/RepayFormStore';
import { repayFormFeature } from '@renderer/stores/RepayFormStore';
import { PendingOrders, UserPendingOrder } from './pendingOrder';
import { checkAmount, type Market, marketOf, NO_AMOUNT, paymentModeOf } from './repayRules';

export type RepayResultStatus = 'idle' | 'loading' | 'pending' | 'success' | 'failed' | 'error';

export interface RepayDeps {
  api: ApiService;
  user: UserStore;
  config: ConfigStore;
  session: SessionStore;
  native: NativeHost;
  ui: UiService;
  navigation: Navigation;
  events: EventBus;
  repayForm: RepayFormStore;
  /** The signed-in borrower's pending order, kept across reloads (DESIGN.md §6). */
  pendingOrder: UserPendingOrder;
}

/** Answers that say an order can no longer be paid: the kept copy goes. */
const UNPAYABLE_ORDER_CODES: readonly number[] = [
  ServerCode.ORDER_REPLACED,
  ServerCode.ORDER_EXPIRED,
  ServerCode.ORDER_ALREADY_PAID,
];

export const PAYMENT_CANCELLED = 'Payment cancelled.';
const PAYMENT_FAILED = 'The payment could not be completed. Please try again.';

/** The outcome page of an order (a public path: it needs no login). */
export function resultPath(orderNo: string): string {
  return `/repay/publicResult?${new URLSearchParams({ orderNo })}`;
}

export class RepayStore {
  channelsLoading = false;
  /** The generated order being paid (shown with its code or link on the web). */
  order: RepayOrder | null = null;
  ordering = false;
  /** The borrower's order for these bills on another channel, which REPAY here replaces. */
  replaces: RepayOrder | null = null;
  /** Why the last REPAY was refused (limit, missing bills, server message). */
  error = '';
  resultStatus: RepayResultStatus = 'idle';
  result: { orderNo: string; amount: number; channel: string } | null = null;
  /** Why the result is unavailable, as the server said (a replaced or expired order). */
  resultMessage = '';
  /** The result's order can never be paid, and why (a replaced, expired or paid order). */
  resultRefusal: OrderRefusal | null = null;
  /**
   * The wallet refused to pay the order on screen and said it never can be (replaced on another
   * device, expired, already paid): the order is gone from the screen (no Pay Again), the reason
   * and the way on stay.
   */
  refusedPayment: { message: string; refusal: OrderRefusal } | null = null;
  private repaidOrders = new Set<string>();
  /** The address amount ensureForm last finished looking at (NaN: none yet). */
  private checkedAmount = Number.NaN;

  constructor(private readonly deps: RepayDeps) {
    makeAutoObservable<RepayStore, 'deps' | 'repaidOrders' | 'checkedAmount'>(this, {
      deps: false,
      repaidOrders: false,
      checkedAmount: observable,
    });
  }

  /** The borrower's market: Taiwan (886) repays through FastPay. */
  get market(): Market {
    return marketOf(this.deps.user.user?.areaCode);
  }

  channelsOf(market: Market): RepayChannel[] {
    return this.deps.config.channels[market];
  }

  channelByKey(key: string): RepayChannel | undefined {
    const { ph, tw } = this.deps.config.channels;
    return [...ph, ...tw].find((c) => c.key === key);
  }

  /** Shows the cached lists at once and refreshes them from repay/repayChannel/v2. */
  async loadChannels(): Promise<void> {
    this.channelsLoading = true;
    try {
      const answer = await this.deps.api.call('repayChannel', {});
      if (answer.code === OK) this.deps.config.setChannels(answer.data);
    } catch {
      // Already shown by the ApiService; the cached lists stay.
    } finally {
      runInAction(() => {
        this.channelsLoading = false;
      });
    }
  }

  /**
   * A repay screen opened without the Bill tab (a reload in another tab, a deep link): the
   * preselected rows of the plan (types above 1, PRODUCT.md §4) stand in when they add up to the
   * amount of the address.
   */
  async ensureForm(amount: number): Promise<void> {
    const form = this.deps.repayForm;
    if (form.matches(amount) || !Number.isFinite(amount) || !this.deps.user.isLoggedIn) {
      this.checkedAmount = amount;
      return;
    }
    try {
      const answer = await this.deps.api.call('repayPlan', { pageNum: 1, pageSize: 100, type: '' });
      if (answer.code !== OK) return;
      const rows = answer.data.list.filter((row) => row.type > 1);
      const sum = Math.round(rows.reduce((total, row) => total + row.repayAmount, 0) * 100) / 100;
      if (rows.length > 0 && Math.abs(sum - amount) < 0.005) {
        form.fill(
          sum,
          rows.map((row) => row.periodId),
        );
      }
    } catch {
      // Already shown by the ApiService; REPAY will say the bills are missing.
    } finally {
      runInAction(() => {
        this.checkedAmount = amount;
      });
    }
  }

  /**
   * What the repay screens' amount (the address's `amount`) stands for: no amount; the sum of the
   * chosen bills; not known yet (the plan is being read for a link opened without the Bill tab);
   * or a mismatch — an amount that is not the sum of any chosen bills (a stale or edited link),
   * which the screens say instead of offering channels and a REPAY that can only refuse.
   */
  selectionOf(amount: number): 'none' | 'chosen' | 'checking' | 'mismatch' {
    if (!Number.isFinite(amount) || amount <= 0) return 'none';
    if (this.deps.repayForm.matches(amount)) return 'chosen';
    return this.checkedAmount === amount ? 'mismatch' : 'checking';
  }

  /** A new screen starts clean. */
  resetOrder(): void {
    this.order = null;
    this.replaces = null;
    this.error = '';
    this.refusedPayment = null;
  }

  /**
   * A channel screen opens: it shows the order the borrower already has for the chosen bills on
   * this channel (after a reload, a way back, the tutorial), else none; REPAY then asks for one.
   */
  async openChannel(channelKey: string, amount: number): Promise<void> {
    this.resetOrder();
    const [, kept] = await Promise.all([
      this.ensureForm(amount),
      this.deps.pendingOrder.whenUserKnown(),
    ]);
    const form = this.deps.repayForm;
    const { shown, replaced } = kept.onScreen(
      channelKey,
      form.matches(amount) ? form.periodIds : null,
    );
    runInAction(() => {
      // A REPAY tapped meanwhile already shows the server's answer.
      if (this.order) return;
      this.order = shown;
      this.replaces = replaced;
    });
  }

  /**
   * REPAY on a channel: refuses an amount above the channel's limit before any order exists,
   * generates the order once, then pays it the way the host allows.
   */
  async pay(channel: RepayChannel, amount: number, account?: string): Promise<void> {
    if (this.ordering) return;
    const check = checkAmount(channel, amount);
    if (!check.ok) return this.refuse(check.message);
    const form = this.deps.repayForm;
    if (!form.matches(amount)) return this.refuse(NO_AMOUNT);
    this.ordering = true;
    this.error = '';
    try {
      const answer = await this.deps.api.call('generatorRepayOrder', {
        channel: channel.key,
        repayAmount: form.repayAmount,
        periodIds: [...form.periodIds],
        ...(account === undefined ? {} : { account }),
      });
      if (answer.code !== OK) {
        runInAction(() => {
          this.error = answer.message;
        });
        return;
      }
      runInAction(() => {
        this.order = answer.data;
        this.replaces = null;
      });
      this.deps.pendingOrder.remember({
        order: answer.data,
        periodIds: [...form.periodIds],
        repayAmount: form.repayAmount,
        ...(account === undefined ? {} : { account }),
      });
      await this.payOrder(answer.data);
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.ordering = false;
      });
    }
  }

  private async payOrder(order: RepayOrder): Promise<void> {
    const mode = paymentModeOf(order.channel, this.deps.session.profile);
    const { native, navigation, ui } = this.deps;
    let result: { resultCode: number; message?: string; data?: unknown };
    switch (mode) {
      case 'show':
        return; // the screen shows the payment code or link
      case 'gcashPayment':
        result = await native.call('gcashPayment', {
          orderNo: order.orderNo,
          amount: order.amount,
          ...(order.payUrl ? { url: order.payUrl } : {}),
        });
        break;
      case 'fastPayPayment':
        result = await native.call('fastPayPayment', {
          orderNo: order.orderNo,
          amount: order.amount,
        });
        break;
      default:
        throw missingCaseError(mode);
    }
    if (result.resultCode === 0) navigation.go(resultPath(order.orderNo));
    else if (result.resultCode === 2) ui.toast(PAYMENT_CANCELLED, 'fail');
    else this.walletRefused(order, result);
  }

  /**
   * The wallet did not pay: its reason is shown, never a made-up one. When it passes on the
   * backend's refusal of an order that can never be paid, the order is forgotten (a reload shows
   * no Pay Again on it) and the screen leads on instead (RefusedPaymentNote). Otherwise the
   * order may still be paid: Pay Again stays.
   */
  private walletRefused(order: RepayOrder, result: { message?: string; data?: unknown }): void {
    const message = result.message?.trim() || PAYMENT_FAILED;
    const refusal = orderRefusalSchema.safeParse(result.data);
    if (!refusal.success || refusal.data.orderNo !== order.orderNo) {
      this.deps.ui.toast(message, 'fail');
      return;
    }
    this.deps.pendingOrder.forget(order.orderNo);
    runInAction(() => {
      if (this.order?.orderNo === order.orderNo) this.order = null;
      this.refusedPayment = { message, refusal: refusal.data };
    });
  }

  /** The order on screen is paid in a host wallet (GCash, FastPay), not on a page. */
  get paysInWallet(): boolean {
    return (
      this.order !== null && paymentModeOf(this.order.channel, this.deps.session.profile) !== 'show'
    );
  }

  /**
   * Pays the order on screen again — after a cancelled or failed wallet payment — without a new
   * order for the same installments.
   */
  async payAgain(): Promise<void> {
    if (!this.order || this.ordering) return;
    this.ordering = true;
    try {
      await this.payOrder(this.order);
    } finally {
      runInAction(() => {
        this.ordering = false;
      });
    }
  }

  /**
   * "Open Payment Page": in a host wallet the wallet itself (the same order again), elsewhere the
   * e-wallet link in the host's browser or a new tab.
   */
  openPayUrl(): void {
    if (this.paysInWallet) void this.payAgain();
    else if (this.order?.payUrl) void this.deps.native.openBrowser(this.order.payUrl);
  }

  /** The outcome of an order; a success refreshes bill and home data and tells the host. */
  async loadResult(orderNo: string): Promise<void> {
    this.resultStatus = 'loading';
    this.resultMessage = '';
    this.resultRefusal = null;
    try {
      const answer = await this.deps.api.call('repayResult', { orderNo });
      if (answer.code !== OK) {
        if (UNPAYABLE_ORDER_CODES.includes(answer.code)) this.deps.pendingOrder.forget(orderNo);
        const refusal = orderRefusalSchema.safeParse(answer.data);
        runInAction(() => {
          this.resultStatus = 'error';
          this.result = null;
          this.resultMessage = answer.message;
          this.resultRefusal =
            refusal.success && refusal.data.orderNo === orderNo ? refusal.data : null;
        });
        return;
      }
      const { status, ...rest } = answer.data;
      runInAction(() => {
        this.resultStatus = status;
        this.result = rest;
      });
      if (status === 'success') {
        this.deps.pendingOrder.forget(orderNo);
        await this.afterRepaid(orderNo);
      }
    } catch {
      runInAction(() => {
        this.resultStatus = 'error';
      });
    }
  }

  private async afterRepaid(orderNo: string): Promise<void> {
    if (this.repaidOrders.has(orderNo)) return;
    this.repaidOrders.add(orderNo);
    const { native, user, api, events, repayForm } = this.deps;
    repayForm.reset();
    void native.call('loanRepaid', { orderNo });
    // The kept-alive Bill and Home reload when shown again.
    events.emit('account-changed', undefined);
    if (!user.isLoggedIn) return;
    try {
      const answer = await api.call('loanInfo', {});
      if (answer.code === OK) user.setLoanInfo(answer.data);
    } catch {
      // Already shown by the ApiService.
    }
  }

  private refuse(message: string): void {
    this.error = message;
    this.deps.ui.toast(message, 'fail');
  }
}

/** The repay feature's store (RootStore.feature): made with the feature's code. */
export const repayFeature: Feature<RepayStore> = {
  name: 'repay',
  create: (root) => {
    // The saved channel lists are checked as the answer that filled them was.
    root.config.restoreChannels((saved) => endpoints.repayChannel.response.safeParse(saved).data);
    return new RepayStore({
      api: root.api,
      user: root.user,
      config: root.config,
      session: root.session,
      native: root.services.native,
      ui: root.services.ui,
      navigation: root.services.navigation,
      events: root.events,
      repayForm: root.feature(repayFormFeature),
      pendingOrder: new UserPendingOrder({
        orders: new PendingOrders(root.services.storage),
        user: root.user,
        apiHost: root.services.config.apiBase.main,
        clock: root.services.clock,
      }),
    });
  },
};

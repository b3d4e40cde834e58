/**
 * The partner (channel) program of /channel/*: its token arrives in the invite link or from the
 * invite_friend login; withdraw info and the partner's orders come from the channel host, whose
 * handshake the transport makes on its own (paths starting with `app`).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ResponseOf } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import { mergePage } from '@renderer/rules/paging';
import type { ApiService } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import type { UserStore } from '@renderer/stores/UserStore';
import type { LoadStatus } from '@renderer/lib/loadStatus';

export type WithdrawInfo = ResponseOf<'channelWithdrawInfo'>;
export type ChannelOrder = ResponseOf<'channelOrder'>['list'][number];

const ORDERS_PAGE_SIZE = 20;

export class ChannelStore {
  withdrawInfo: WithdrawInfo | undefined = undefined;
  withdrawStatus: LoadStatus = 'idle';
  orders: ChannelOrder[] = [];
  ordersStatus: LoadStatus = 'idle';
  private pageNum = 0;
  private pages = 0;

  constructor(
    private readonly api: ApiService,
    private readonly user: UserStore,
  ) {
    makeAutoObservable<ChannelStore, 'api' | 'user'>(this, { api: false, user: false });
  }

  get signedIn(): boolean {
    return this.user.isLoggedIn;
  }

  get hasMoreOrders(): boolean {
    return this.pageNum < this.pages;
  }

  /** The token of an invite link (`?token=`) becomes the session's token when it differs. */
  adoptToken(token: string | null): void {
    if (!token || token === this.user.tokenValue) return;
    this.user.setToken(token);
    this.withdrawInfo = undefined;
    this.withdrawStatus = 'idle';
    this.orders = [];
    this.ordersStatus = 'idle';
  }

  async loadWithdrawInfo(): Promise<void> {
    this.withdrawStatus = 'loading';
    try {
      const answer = await this.api.call('channelWithdrawInfo', {});
      runInAction(() => {
        if (answer.code === OK) {
          this.withdrawInfo = answer.data;
          this.withdrawStatus = 'ready';
        } else this.withdrawStatus = 'failed';
      });
    } catch {
      runInAction(() => {
        this.withdrawStatus = 'failed';
      });
    }
  }

  /** First page, or the next one (appended, PRODUCT.md §4). */
  async loadOrders(next = false): Promise<void> {
    if (this.ordersStatus === 'loading') return;
    if (next && !this.hasMoreOrders) return;
    const pageNum = next ? this.pageNum + 1 : 1;
    this.ordersStatus = 'loading';
    try {
      const answer = await this.api.call('channelOrder', { pageNum, pageSize: ORDERS_PAGE_SIZE });
      runInAction(() => {
        if (answer.code === OK) {
          this.orders = mergePage(this.orders, answer.data);
          this.pageNum = answer.data.pageNum;
          this.pages = answer.data.pages;
          this.ordersStatus = 'ready';
        } else this.ordersStatus = 'failed';
      });
    } catch {
      runInAction(() => {
        this.ordersStatus = 'failed';
      });
    }
  }
}

/** The channel feature's store (RootStore.feature): made with the feature's code. */
export const channelFeature: Feature<ChannelStore> = {
  name: 'channel',
  create: (root) => new ChannelStore(root.api, root.user),
};

/**
 * /messageList (PRODUCT.md §2 "Other"): the paged message/list with pull-to-refresh and infinite
 * scroll; opening a message marks it read (message/read) and, when none is left unread, clears
 * the Message red dot.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Message } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { BILL_PAGE_SIZE } from '@shared/constants';
import type { Clock } from '@renderer/services/clock';
import type { ApiCaller } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import type { UserStore } from '@renderer/stores/UserStore';
import { PagedList } from '@renderer/stores/PagedList';

export class MessagesStore {
  readonly list: PagedList<Message>;

  constructor(
    private readonly api: ApiCaller,
    private readonly user: UserStore,
    clock: Clock,
  ) {
    this.list = new PagedList(
      (pageNum) => api.call('messageList', { pageNum, pageSize: BILL_PAGE_SIZE }),
      clock,
    );
    makeAutoObservable<MessagesStore, 'api' | 'user'>(this, {
      api: false,
      user: false,
      list: false,
    });
  }

  byId(id: string | null): Message | undefined {
    return id === null ? undefined : this.list.items.find((m) => m.id === id);
  }

  /** Marks a message read when it is opened; the bell's dot goes when nothing is left unread. */
  async open(id: string): Promise<void> {
    const message = this.byId(id);
    if (!message || message.read) return;
    message.read = true;
    try {
      const answer = await this.api.call('messageRead', { id });
      runInAction(() => {
        if (answer.code !== OK) {
          message.read = false;
          return;
        }
        if (answer.data.unreadCount === 0) {
          this.user.setUnread(this.user.unread.filter((item) => item !== 'Message'));
        }
      });
    } catch {
      runInAction(() => {
        message.read = false;
      });
    }
  }
}

/** The messages feature's store (RootStore.feature): made with the feature's code. */
export const messagesFeature: Feature<MessagesStore> = {
  name: 'messages',
  create: (root) => new MessagesStore(root.api, root.user, root.services.clock),
};

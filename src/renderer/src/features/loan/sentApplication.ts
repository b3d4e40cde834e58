/**
 * A loan application sent and not yet answered, kept across a reload. A reload during the submit
 * loses the answer; only the server's loan state can say whether the application landed. While
 * one may still land, /loan/apply leads to the review, which waits for the loan to show — never
 * to an empty form that could book a second loan — and says so when it did not land.
 *
 * Like a pending repay order (DESIGN.md §6 "Ownership and money") it belongs to the user and the
 * API host, not the session: kept in localStorage under both, so another borrower or backend never
 * sees it and a logout of the same user keeps it. Runs in the browser.
 */
import { makeAutoObservable } from 'mobx';
import { API_TIMEOUT_MS } from '@shared/constants';
import { number, object } from '@renderer/lib/shape';
import type { Clock } from '@renderer/services/clock';
import type { JsonStorage } from '@renderer/lib/storage';
import type { UserStore } from '@renderer/stores/UserStore';

/** An application on its way. */
export interface SentApplication {
  /** When it was sent (clock ms). */
  sentAt: number;
  borrowAmount: number;
}

const sentApplicationShape = object<SentApplication>({
  sentAt: number(),
  borrowAmount: number(),
});

/**
 * How long after sending an application may still land: as long as the sending page would have
 * waited for its answer (the API timeout), and a little more for a server still working on it.
 */
export const APPLICATION_LANDING_MS = API_TIMEOUT_MS + 5_000;

const SENT_APPLICATION_KEY = 'dl.sentLoanApplication';

/** Whose application it is: the API host (app-config `apiBase.main`) and the user. */
export function sentApplicationKey(owner: { apiHost: string; userId: string }): string {
  return `${SENT_APPLICATION_KEY}:${owner.apiHost}:${owner.userId}`;
}

/** The signed-in borrower's application on its way, on this backend. */
export class SentApplicationMark {
  /** Bumped at every change: what screens read of storage follows it. */
  private version = 0;

  constructor(
    private readonly deps: {
      storage: JsonStorage;
      user: Pick<UserStore, 'user'>;
      /** app-config `apiBase.main`: an application belongs to one backend. */
      apiHost: string;
      clock: Pick<Clock, 'now'>;
    },
  ) {
    makeAutoObservable<SentApplicationMark, 'deps'>(this, { deps: false });
  }

  private get key(): string | null {
    const userId = this.deps.user.user?.userId;
    return userId ? sentApplicationKey({ apiHost: this.deps.apiHost, userId }) : null;
  }

  /** The application that may still land, if any (one past its window is forgotten). */
  get current(): SentApplication | null {
    void this.version;
    const { key } = this;
    const sent = key ? this.deps.storage.read(key, sentApplicationShape) : undefined;
    if (!sent) return null;
    return this.deps.clock.now() < sent.sentAt + APPLICATION_LANDING_MS ? sent : null;
  }

  /** The application is being sent now. */
  remember(borrowAmount: number): void {
    const { key } = this;
    if (!key) return;
    this.deps.storage.write(key, { sentAt: this.deps.clock.now(), borrowAmount });
    this.version += 1;
  }

  /** Its answer came, or the server's loan state said what became of it. */
  forget(): void {
    const { key } = this;
    if (!key) return;
    this.deps.storage.remove(key);
    this.version += 1;
  }
}

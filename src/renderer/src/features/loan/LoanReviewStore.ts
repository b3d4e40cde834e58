/**
 * The review page of a loan application (/loan/review): the latest loan from loan/loanDetail.
 * An application sent before a reload and never answered (./sentApplication.ts) is confirmed
 * first, from the server's loan state: the review waits for it to show, or says it did not land.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ResponseOf } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import { loanPhaseOf } from '@renderer/rules/homeButton';
import type { ApiService } from '@renderer/services/ApiService';
import type { Clock } from '@renderer/services/clock';
import type { LoanInfoStore } from '@renderer/stores/LoanInfoStore';
import type { UserStore } from '@renderer/stores/UserStore';
import { APPLICATION_LANDING_MS, type SentApplicationMark } from './sentApplication';

export type LoanDetail = NonNullable<ResponseOf<'loanDetail'>>;

/**
 * `confirming`: an application sent before a reload may still land; `notReceived`: it did not
 * (its window ended with no new loan on the server), the borrower may apply again.
 */
export type LoanReviewStatus = 'idle' | 'confirming' | 'notReceived' | 'loading' | 'done' | 'error';

/** How often the loan state is asked while an application may still land. */
export const LANDING_POLL_MS = 2_000;

export interface LoanReviewDeps {
  api: ApiService;
  loanInfo: LoanInfoStore;
  user: UserStore;
  sent: SentApplicationMark;
  clock: Clock;
  /** False once the session that made the store ended: it asks nothing more. */
  alive: () => boolean;
}

export class LoanReviewStore {
  detail: LoanDetail | null = null;
  status: LoanReviewStatus = 'idle';
  private loads = 0;

  constructor(private readonly deps: LoanReviewDeps) {
    makeAutoObservable<LoanReviewStore, 'deps' | 'loads'>(this, { deps: false, loads: false });
  }

  async load(): Promise<void> {
    const load = ++this.loads;
    // What an earlier visit showed is not this application: never shown while the new one comes.
    this.detail = null;
    if (this.deps.sent.current) {
      this.status = 'confirming';
      const landed = await this.landed(load);
      // A newer load took over, or the session ended: what became of it is theirs to say.
      if (load !== this.loads || !this.deps.alive()) return;
      this.deps.sent.forget();
      if (!landed) {
        runInAction(() => {
          this.status = 'notReceived';
        });
        return;
      }
    }
    runInAction(() => {
      this.status = 'loading';
    });
    try {
      const answer = await this.deps.api.call('loanDetail', {});
      if (load !== this.loads) return;
      runInAction(() => {
        this.detail = answer.code === OK ? answer.data : null;
        this.status = answer.code === OK ? 'done' : 'error';
      });
    } catch {
      runInAction(() => {
        if (load === this.loads) this.status = 'error';
      });
    }
  }

  /**
   * Whether the application on its way landed: the loan state shows a loan in progress (an
   * application starts releasing, PRODUCT.md §4), asked until the application's window ends.
   */
  private async landed(load: number): Promise<boolean> {
    const { sent, loanInfo, user, clock, alive } = this.deps;
    const sentAt = sent.current?.sentAt ?? clock.now();
    const closes = sentAt + APPLICATION_LANDING_MS;
    for (;;) {
      if (load !== this.loads || !alive()) return false;
      const fresh = await loanInfo.refresh();
      const state = user.loanInfo?.state;
      if (fresh && state !== undefined && loanPhaseOf(state) !== 'apply') return true;
      const left = closes - clock.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) =>
        clock.setTimeout(resolve, Math.min(left, LANDING_POLL_MS)),
      );
    }
  }
}

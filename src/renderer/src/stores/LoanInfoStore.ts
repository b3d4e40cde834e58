/**
 * loan/loanInfo for every screen of a session (PRODUCT.md §3 loanInfo, kept in UserStore): Home's
 * figures and button, the loan form's available amount, the review waiting for an application.
 * One call per need (./Freshness.ts): loan info that arrived within `maxAgeMs` is taken as current,
 * screens asking at once share one call, and a change on the server (`account-changed`) makes the
 * next ask go out. Owned by the session scope, so nothing is fresh across a change of borrower.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { OK } from '@shared/codes';
import type { Clock } from '@renderer/services/clock';
import type { ApiCaller } from '@renderer/services/ApiService';
import { Freshness } from './Freshness';
import type { Feature } from './RootStore';
import type { UserStore } from './UserStore';

/** Where the session's loan info stands. */
export type LoanInfoStatus = 'idle' | 'loading' | 'fresh' | 'failed';

export class LoanInfoStore {
  status: LoanInfoStatus = 'idle';
  private readonly freshness: Freshness;
  /** The call in flight, shared by everyone who asks meanwhile. */
  private load: Promise<boolean> | null = null;

  constructor(private readonly deps: { api: ApiCaller; user: UserStore; clock: Clock }) {
    this.freshness = new Freshness(deps.clock);
    makeAutoObservable<LoanInfoStore, 'deps' | 'freshness' | 'load'>(this, {
      deps: false,
      freshness: false,
      load: false,
      // Read when acted on, never observed: a computed would keep an old promise.
      pending: false,
    });
  }

  /**
   * Asks loan/loanInfo unless it arrived within `maxAgeMs` (0: always; pull-to-refresh, a refusal
   * that may mean the loan changed). Resolves true when fresh loan info is in UserStore.
   */
  refresh(maxAgeMs = 0): Promise<boolean> {
    if (this.load) return this.load;
    if (this.status === 'fresh' && this.freshness.isFresh(maxAgeMs)) return Promise.resolve(true);
    const load = this.fetch().finally(() => {
      if (this.load === load) this.load = null;
    });
    this.load = load;
    return load;
  }

  /** The call in flight, if any: an action that depends on the loan state waits for it. */
  get pending(): Promise<boolean> | null {
    return this.load;
  }

  /** The loan changed on the server: the next ask goes out. */
  invalidate(): void {
    this.freshness.invalidate();
  }

  private async fetch(): Promise<boolean> {
    this.status = 'loading';
    let fresh = false;
    try {
      const answer = await this.deps.api.call('loanInfo', {});
      if (answer.code === OK) {
        this.deps.user.setLoanInfo(answer.data);
        this.freshness.markLoaded();
        fresh = true;
      }
    } catch {
      // Timeouts and network failures were told by the API layer; screens show what is missing.
    }
    runInAction(() => {
      this.status = fresh ? 'fresh' : 'failed';
    });
    return fresh;
  }
}

/** The session's loan info (RootStore.feature): Home and the loan feature share it. */
export const loanInfoFeature: Feature<LoanInfoStore> = {
  name: 'loanInfo',
  create: (root, scope) => {
    const store = new LoanInfoStore({ api: root.api, user: root.user, clock: root.services.clock });
    // A repayment, a loan application or the host resuming the page: asked again when needed.
    scope.on(root.events, 'account-changed', () => store.invalidate());
    return store;
  },
};

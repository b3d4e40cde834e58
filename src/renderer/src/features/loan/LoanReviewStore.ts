/** The review page of a loan application (/loan/review): the latest loan from loan/loanDetail. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ResponseOf } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import type { ApiService } from '../../services/ApiService';

export type LoanDetail = NonNullable<ResponseOf<'loanDetail'>>;

export class LoanReviewStore {
  detail: LoanDetail | null = null;
  status: 'idle' | 'loading' | 'done' | 'error' = 'idle';

  constructor(private readonly api: ApiService) {
    makeAutoObservable<LoanReviewStore, 'api'>(this, { api: false });
  }

  async load(): Promise<void> {
    // What an earlier visit showed is not this application: never shown while the new one comes.
    this.detail = null;
    this.status = 'loading';
    try {
      const answer = await this.api.call('loanDetail', {});
      runInAction(() => {
        this.detail = answer.code === OK ? answer.data : null;
        this.status = answer.code === OK ? 'done' : 'error';
      });
    } catch {
      runInAction(() => {
        this.status = 'error';
      });
    }
  }
}

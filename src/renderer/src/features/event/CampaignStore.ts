/**
 * What the /event wrapper needs: the configured event dates (config/getEventDates, loaded once)
 * and the event clock. Event windows are the server's to decide (the server judges the draws on
 * its own clock): the clock is the server's as the secure channel learnt it with the dates'
 * answer — a phone whose clock is off, or a QA world whose clock was moved, reads the same
 * windows the server applies. The QA override `?now=` wins and then holds for the rest of the
 * session so sub-pages stay in the moved time.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { EventDate } from '@shared/api/entities';
import { OK } from '@shared/codes';
import type { ApiService } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import type { LoadStatus } from '@renderer/lib/loadStatus';
import { type EventPhase, phaseAt, windowOf } from './eventWindow';

/** What the store needs of the API: the dates, and the server's clock. */
type CampaignApi = Pick<ApiService, 'call' | 'serverNow'>;

export class CampaignStore {
  dates: EventDate[] = [];
  status: LoadStatus = 'idle';
  nowOverride: number | undefined = undefined;

  constructor(private readonly api: CampaignApi) {
    makeAutoObservable<CampaignStore, 'api'>(this, { api: false });
  }

  /** The instant events are judged at: `?now=`, else the server's clock. */
  now(): number {
    return this.nowOverride ?? this.api.serverNow();
  }

  setNowOverride(ms: number | undefined): void {
    if (ms !== undefined) this.nowOverride = ms;
  }

  /** Loads the configured dates once; a failure can be retried. */
  async loadDates(): Promise<void> {
    if (this.status === 'ready' || this.status === 'loading') return;
    this.status = 'loading';
    try {
      const answer = await this.api.call('getEventDates', {});
      runInAction(() => {
        if (answer.code === OK) {
          this.dates = answer.data;
          this.status = 'ready';
        } else this.status = 'failed';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  /**
   * The event's phase now; undefined while it is not known — its window, or the server's time,
   * which the dates' answer brings (the first call of a page is what learns it; judged on the
   * phone's clock before that, an open event read "Not within the valid time limit"). A failed
   * load judges PRODUCT.md's fixed windows on the best clock there is.
   */
  phaseOf(key: string): EventPhase | undefined {
    const window = windowOf(key, this.dates);
    const timeKnown =
      this.nowOverride !== undefined || this.status === 'ready' || this.status === 'failed';
    if (window) return timeKnown ? phaseAt(window, this.now()) : undefined;
    // No window anywhere once the dates are in: the event is not running.
    return this.status === 'ready' ? 'after' : undefined;
  }

  windowOf(key: string) {
    return windowOf(key, this.dates);
  }
}

/** The campaigns feature's store (RootStore.feature): made with the feature's code. */
export const campaignsFeature: Feature<CampaignStore> = {
  name: 'campaigns',
  // The event windows and the `?now=` clock hold for the page, whoever signs in meanwhile.
  owner: 'page',
  create: (root) => new CampaignStore(root.api),
};

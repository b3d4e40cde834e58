/**
 * What the /event wrapper needs: the configured event dates (config/getEventDates, loaded once)
 * and the event clock — the injected Clock, or the QA override from `?now=` that then holds for
 * the rest of the session so sub-pages stay in the moved time.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { EventDate } from '@shared/api/entities';
import { OK } from '@shared/codes';
import type { Clock } from '../../services/clock';
import type { ApiService } from '../../services/ApiService';
import type { Feature } from '../../stores/RootStore';
import type { LoadStatus } from '../../lib/loadStatus';
import { type EventPhase, phaseAt, windowOf } from './eventWindow';

export class CampaignStore {
  dates: EventDate[] = [];
  status: LoadStatus = 'idle';
  nowOverride: number | undefined = undefined;

  constructor(
    private readonly api: ApiService,
    private readonly clock: Clock,
  ) {
    makeAutoObservable<CampaignStore, 'api' | 'clock'>(this, { api: false, clock: false });
  }

  /** The instant events are judged at. */
  now(): number {
    return this.nowOverride ?? this.clock.now();
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

  /** The event's phase now; undefined while its window is unknown (dates not loaded). */
  phaseOf(key: string): EventPhase | undefined {
    const window = windowOf(key, this.dates);
    if (window) return phaseAt(window, this.now());
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
  create: (root) => new CampaignStore(root.api, root.services.clock),
};

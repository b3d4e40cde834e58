/**
 * The christmas lucky draw against activity/luckyDraw/*: chances, tasks, the draw and the
 * winner's records. The server judges the window too; its message is shown by the ApiService.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LuckyDrawInfo, LuckyDrawPrize } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import type { ApiService } from '@renderer/services/ApiService';
import type { Feature } from '@renderer/stores/RootStore';
import type { LoadStatus } from '@renderer/lib/loadStatus';

export class LuckyDrawStore {
  info: LuckyDrawInfo | undefined = undefined;
  status: LoadStatus = 'idle';
  drawing = false;
  /** The prize of the last draw, shown until dismissed. */
  lastPrize: LuckyDrawPrize | undefined = undefined;
  claiming: string | undefined = undefined;

  constructor(private readonly api: ApiService) {
    makeAutoObservable<LuckyDrawStore, 'api'>(this, { api: false });
  }

  get chances(): number {
    return this.info?.chances ?? 0;
  }

  get canDraw(): boolean {
    return this.status === 'ready' && this.chances > 0 && !this.drawing;
  }

  async load(): Promise<void> {
    this.status = this.info ? 'ready' : 'loading';
    try {
      const answer = await this.api.call('luckyDrawInfo', {});
      runInAction(() => {
        if (answer.code === OK) {
          this.info = answer.data;
          this.status = 'ready';
        } else this.status = 'failed';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  async draw(): Promise<void> {
    if (!this.canDraw) return;
    this.drawing = true;
    try {
      const answer = await this.api.call('luckyDrawDraw', {});
      if (answer.code === OK) {
        runInAction(() => {
          this.lastPrize = answer.data.prize;
        });
        await this.load();
      }
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.drawing = false;
      });
    }
  }

  async claim(taskKey: string): Promise<void> {
    if (this.claiming) return;
    this.claiming = taskKey;
    try {
      const answer = await this.api.call('luckyDrawClaimTask', { taskKey });
      if (answer.code === OK) await this.load();
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.claiming = undefined;
      });
    }
  }

  dismissPrize(): void {
    this.lastPrize = undefined;
  }

  /** A logout or another user: forget the last user's draw. */
  reset(): void {
    this.info = undefined;
    this.status = 'idle';
    this.lastPrize = undefined;
  }
}

/** The luckyDraw feature's store (RootStore.feature): made with the feature's code. */
export const luckyDrawFeature: Feature<LuckyDrawStore> = {
  name: 'luckyDraw',
  create: (root) => new LuckyDrawStore(root.api),
};

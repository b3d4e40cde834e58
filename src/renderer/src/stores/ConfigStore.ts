/**
 * Persisted app config of PRODUCT.md §3: popup ads already seen (adddsViewed), the KYC
 * certification list and the repay channel lists for TW and PH. Deploy-time settings
 * (`app-config.json`) live in `runtime`.
 */
import { makeAutoObservable } from 'mobx';
import type { CertItem, RepayChannel } from '../../../shared/api/entities';
import type { AppConfig } from '../../../shared/appConfig';
import { persistedConfigShape } from '../lib/bootShapes';
import { type JsonStorage, StorageKey } from '../services/storage';

export class ConfigStore {
  adddsViewed: number[] = [];
  certList: CertItem[] = [];
  channels: { ph: RepayChannel[]; tw: RepayChannel[] } = { ph: [], tw: [] };

  constructor(
    private readonly storage: JsonStorage,
    /** The deploy-time configuration (DESIGN.md §3). */
    readonly runtime: AppConfig,
  ) {
    const saved = storage.read(StorageKey.appConfig, persistedConfigShape);
    if (saved) {
      this.adddsViewed = saved.adddsViewed;
      this.certList = saved.certList;
      this.channels = saved.channels;
    }
    makeAutoObservable<ConfigStore, 'storage'>(this, { storage: false, runtime: false });
  }

  get isProduction(): boolean {
    return this.runtime.env === 'production';
  }

  /** Popup ads show once per ad id (PRODUCT.md §5). */
  hasSeenAd(id: number): boolean {
    return this.adddsViewed.includes(id);
  }

  markAdSeen(id: number): void {
    if (!this.adddsViewed.includes(id)) this.adddsViewed.push(id);
    this.persist();
  }

  setCertList(certList: CertItem[]): void {
    this.certList = certList;
    this.persist();
  }

  setChannels(channels: { ph: RepayChannel[]; tw: RepayChannel[] }): void {
    this.channels = channels;
    this.persist();
  }

  private persist(): void {
    this.storage.write(StorageKey.appConfig, {
      adddsViewed: this.adddsViewed,
      certList: this.certList,
      channels: this.channels,
    });
  }
}

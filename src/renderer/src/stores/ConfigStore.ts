/**
 * Persisted app config of PRODUCT.md §3: popup ads already seen (adddsViewed), the KYC
 * certification list and the repay channel lists for TW and PH. The lists are checked when their
 * feature reads them back (restoreCertList, restoreChannels), with the feature's zod schemas, so
 * their shapes stay off the boot path. Deploy-time settings (`app-config.json`) live in `runtime`.
 */
import { makeAutoObservable } from 'mobx';
import type { CertItem, RepayChannel } from '@shared/api/entities';
import type { AppConfig } from '@shared/appConfig';
import { persistedConfigShape } from '@renderer/lib/bootShapes';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';

export type RepayChannels = { ph: RepayChannel[]; tw: RepayChannel[] };

export class ConfigStore {
  adddsViewed: number[] = [];
  certList: CertItem[] = [];
  channels: RepayChannels = { ph: [], tw: [] };
  /** What was saved of the lists no feature has read back yet (kept as saved until then). */
  private notReadBack: { certList?: unknown; channels?: unknown } = {};

  constructor(
    private readonly storage: JsonStorage,
    /** The deploy-time configuration (DESIGN.md §3). */
    readonly runtime: AppConfig,
  ) {
    const saved = storage.read(StorageKey.appConfig, persistedConfigShape);
    if (saved) {
      this.adddsViewed = saved.adddsViewed;
      this.notReadBack = { certList: saved.certList, channels: saved.channels };
    }
    makeAutoObservable<ConfigStore, 'storage' | 'notReadBack'>(this, {
      storage: false,
      runtime: false,
      notReadBack: false,
    });
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

  /**
   * The KYC feature reads the saved certification list back once, with its own check (`parse`
   * answers undefined for what it refuses: the list then comes from the server).
   */
  restoreCertList(parse: (saved: unknown) => CertItem[] | undefined): void {
    if (!('certList' in this.notReadBack)) return;
    const saved = parse(this.notReadBack.certList);
    delete this.notReadBack.certList;
    if (saved) this.certList = saved;
  }

  /** The repay feature reads the saved channel lists back once, as restoreCertList. */
  restoreChannels(parse: (saved: unknown) => RepayChannels | undefined): void {
    if (!('channels' in this.notReadBack)) return;
    const saved = parse(this.notReadBack.channels);
    delete this.notReadBack.channels;
    if (saved) this.channels = saved;
  }

  setCertList(certList: CertItem[]): void {
    delete this.notReadBack.certList;
    this.certList = certList;
    this.persist();
  }

  setChannels(channels: RepayChannels): void {
    delete this.notReadBack.channels;
    this.channels = channels;
    this.persist();
  }

  private persist(): void {
    // A list no feature has read back yet is written back as it was saved.
    this.storage.write(StorageKey.appConfig, {
      adddsViewed: this.adddsViewed,
      certList: 'certList' in this.notReadBack ? this.notReadBack.certList : this.certList,
      channels: 'channels' in this.notReadBack ? this.notReadBack.channels : this.channels,
    });
  }
}

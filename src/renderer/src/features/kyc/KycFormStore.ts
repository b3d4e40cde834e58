/**
 * The KYC form data, persisted locally with its step counter (PRODUCT.md §3). The KYC feature
 * (features/kyc) fills it; review info and the end of a session clear it.
 */
import { makeAutoObservable } from 'mobx';
import { persistedKycFormShape } from '@renderer/lib/bootShapes';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';

export class KycFormStore {
  step = 1;
  values: Record<string, string> = {};

  constructor(private readonly storage: JsonStorage) {
    const saved = storage.read(StorageKey.kycForm, persistedKycFormShape);
    if (saved) {
      this.step = saved.step;
      this.values = saved.values;
    }
    makeAutoObservable<KycFormStore, 'storage'>(this, { storage: false });
  }

  setValue(certification: string, value: string): void {
    this.values[certification] = value;
    this.persist();
  }

  /** Restore items (certification, value) from the server replace local values. */
  restore(items: readonly { certification: string; value: string }[]): void {
    for (const item of items) this.values[item.certification] = item.value;
    this.persist();
  }

  setStep(step: number): void {
    this.step = Math.min(6, Math.max(1, Math.trunc(step)));
    this.persist();
  }

  clear(): void {
    this.step = 1;
    this.values = {};
    this.storage.remove(StorageKey.kycForm);
  }

  private persist(): void {
    this.storage.write(StorageKey.kycForm, { step: this.step, values: this.values });
  }
}
